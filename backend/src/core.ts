/** What the engine, the auth routes and plugins share: configuration, database, models, declarations. */
import type { AppAbility, ResourceDef, Role } from '@adsuite/config';
import type { Sequelize } from 'sequelize';
import type { Database } from './db/database.ts';
import type { ResourceModel } from './db/models.ts';
import type { Env } from './env.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Row } from './resources/values.ts';

export interface Core {
  env: Env;
  db: Database;
  sequelize: Sequelize;
  resources: ResourceDef[];
  models: Map<string, ResourceModel>;
  /** The background job queue; plugins' `jobs(core)` handlers are registered with it. */
  jobs: JobQueue;
  /** Per-process cache of signed-in users, their tenants and abilities (auth/sessionCache.ts). */
  sessions: import('./auth/sessionCache.ts').SessionCache;
  /** The enabled plugins' server halves (see plugins/registry.ts). */
  plugins: import('./plugin.ts').ServerPlugin[];
  resource(name: string): ResourceDef;
  model(name: string): ResourceModel;
}

/** Who is asking and what they may reach; built per request from the token and the tenant headers. */
export interface RequestContext {
  user: Row & { id: string; email: string };
  role: Role;
  staff: boolean;
  /** Advertisers/publishers the user may access at all (empty for staff, who reach every one). */
  accessibleAdvertiserIds: string[];
  accessiblePublisherIds: string[];
  /** The same, narrowed to the advertiser/publisher the request's headers select. */
  advertiserIds: string[];
  publisherIds: string[];
  selectedAdvertiser: string | null;
  selectedPublisher: string | null;
  ability: AppAbility;
  client: { ip: string; userAgent: string; referer: string };
  /** The language answers are written in: the `Language` header, else the user's, else German (SPEC section 7). */
  language: import('@adsuite/config/i18n/serverText').Language;
}
