/** Opens the database, migrates, seeds and serves: one process serves API and front-ends. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resources as declared, type ResourceDef } from '@adsuite/config';
import { createApp } from './app.ts';
import type { Core } from './core.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { defineModels } from './db/models.ts';
import { checkSchemaDrift } from './db/schema.ts';
import { loadEnv, type Env } from './env.ts';
import { seedDemo } from './seed.ts';
import type { ServerPlugin } from './plugin.ts';
import { JobQueue, jobOptionsFromEnv, type JobQueueOptions } from './jobs/queue.ts';
import path from 'node:path';
import { CACHE_CHANNEL, SessionCache } from './auth/sessionCache.ts';

export interface RunningServer {
  url: string;
  port: number;
  core: Core;
  /** `graceful`: stop accepting, let requests in flight finish (up to SHUTDOWN_GRACE_MS), release claimed jobs. */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export interface ServerOptions {
  env?: Env;
  /** The enabled plugins' server halves, loaded by the entry (plugins/load.ts): the core never imports their list. */
  plugins: ServerPlugin[];
  /** An opened database (tests); otherwise DATABASE_URL or embedded PGlite in DATA_DIR. */
  database?: Database;
  resources?: ResourceDef[];
  port?: number;
  host?: string;
  quiet?: boolean;
  /** Job runner settings (default: JOBS_POLL_MS, JOBS_CONCURRENCY); `false` starts no runner. */
  jobs?: JobQueueOptions | false;
  /** Migrate and seed first (default); false when another process did (the workers of `npm start`). */
  prepare?: boolean;
  /**
   * Resolves when the schema is there (the workers of `npm start` load and build their core while the primary
   * migrates, and wait here before they listen or run jobs).
   */
  schemaReady?: Promise<void>;
}

export async function createCore(
  env: Env, db: Database, plugins: ServerPlugin[], resources: ResourceDef[] = declared, jobOptions: JobQueueOptions = {},
): Promise<Core> {
  const models = defineModels(db.sequelize, resources);
  const byName = new Map(resources.map((r) => [r.name, r]));
  const jobs = new JobQueue(db.sequelize, { ...jobOptionsFromEnv(db.embedded), log: (message) => console.warn(message), ...jobOptions });
  const core: Core = {
    env,
    db,
    sequelize: db.sequelize,
    resources,
    models,
    jobs,
    plugins,
    sessions: new SessionCache(),
    resource(name) {
      const found = byName.get(name);
      if (!found) throw new Error(`Unknown resource ${name}`);
      return found;
    },
    model(name) {
      const found = models.get(name);
      if (!found) throw new Error(`Unknown resource ${name}`);
      return found;
    },
  };
  for (const plugin of plugins) if (plugin.jobs) jobs.register(plugin.jobs(core));
  for (const plugin of plugins) for (const [name, interval] of Object.entries(plugin.schedules ?? {})) jobs.every(name, interval);
  watchSessionChanges(core);
  return core;
}

/**
 * Drops cached sessions in this process as soon as a login, advertiser or publisher is written through its model;
 * the database's NOTIFY (listened to in startServer) does the same for writes of other processes and raw SQL.
 */
function watchSessionChanges(core: Core) {
  const hooks = ['afterCreate', 'afterUpdate', 'afterDestroy', 'afterBulkCreate', 'afterBulkUpdate', 'afterBulkDestroy'] as const;
  for (const name of ['login', 'advertiser', 'publisher']) {
    if (!core.models.has(name)) continue;
    for (const hook of hooks) {
      core.model(name).addHook(hook, (subject: unknown) => {
        const where = (subject as { where?: { id?: unknown } })?.where;
        const id = name === 'login' ? (typeof where?.id === 'string' ? where.id : (subject as { id?: unknown })?.id) : undefined;
        core.sessions.invalidate(typeof id === 'string' ? `login:${id}` : '*');
      });
    }
  }
}

/** Migrations, the declared schema and (when SEED_DEMO) the demo data: once, before any process serves. */
async function prepare(core: Core, log: (...args: unknown[]) => void, { seed = true } = {}) {
  const { migrations, statements } = await migrate(core.sequelize, core.resources);
  if (migrations.length) log(`Applied migrations: ${migrations.join(', ')}`);
  if (statements.length) log(`Applied ${statements.length} declared-schema change(s).`);
  const drift = await checkSchemaDrift(core.sequelize, core.resources);
  if (drift.length) console.warn(`Schema drift (write a migration):\n  ${drift.join('\n  ')}`);
  for (const plugin of core.plugins) if (plugin.prepare) await plugin.prepare(core);
  if (seed && core.env.seedDemo) await seedDemo(core);
}

/**
 * Prepares the database of `env` (the primary process of `npm start`): migrations and the declared schema, then
 * `ready(core)` (the primary forks its workers there, so they start while the demo data is seeded), then the seed.
 * With `keepOpen` the core stays connected for the primary's services and is answered with its `close`.
 */
export async function prepareDatabase(
  env: Env, plugins: ServerPlugin[], ready: (core: Core) => void = () => {}, log: (...args: unknown[]) => void = console.log, { keepOpen = false } = {},
): Promise<{ core: Core; close(): Promise<void> } | null> {
  const db = await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pg') });
  let kept = false;
  try {
    const core = await createCore(env, db, plugins);
    await prepare(core, log, { seed: false });
    ready(core);
    if (env.seedDemo) await seedDemo(core);
    kept = keepOpen;
    return kept ? { core, close: () => db.close() } : null;
  } finally {
    if (!kept) await db.close();
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env = options.env ?? loadEnv();
  const log = options.quiet ? () => {} : (...args: unknown[]) => console.log(...args);
  const db = options.database ?? (await openDatabase({ url: env.databaseUrl, dataDir: path.join(env.dataDir, 'pg') }));
  const core = await createCore(env, db, options.plugins, options.resources, options.jobs || {});
  if (options.prepare !== false) await prepare(core, log);
  await options.schemaReady;

  const app = createApp(core);
  // The plugins' fronts (ServerPlugin.front) take their hot paths before Express sees them.
  const fronts = core.plugins.flatMap((plugin) => (plugin.front ? [plugin.front(core)] : []));
  const handler = fronts.length === 0 ? app : (req: IncomingMessage, res: ServerResponse) => {
    for (const take of fronts) if (take(req, res)) return;
    app(req, res);
  };
  const server: Server = await new Promise((resolve, reject) => {
    const listening = createServer(handler).listen(options.port ?? env.port, options.host ?? env.host, () => resolve(listening));
    listening.on('error', reject);
  });
  if (options.jobs !== false) core.jobs.start();
  const stopListening = await db.listen(CACHE_CHANNEL, (payload) => core.sessions.invalidate(payload));
  const address = server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    port: address.port,
    core,
    async stop({ graceful = false } = {}) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (graceful) setTimeout(() => server.closeAllConnections(), env.shutdownGraceMs).unref();
      else server.closeAllConnections();
      await closed;
      await core.jobs.stop();
      await stopListening();
      if (!options.database) await db.close();
    },
  };
}
