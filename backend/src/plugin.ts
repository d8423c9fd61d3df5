/**
 * The server half of a plugin. The core never imports the plugin list: the server's entries (main.ts, the test kit)
 * load the enabled plugins (plugins/load.ts) and hand them to startServer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Router } from 'express';
import type { Core } from './core.ts';

/** A background job's handler: throw to fail the run (it is retried while retries remain). */
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; runCount: number }) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/**
 * OpenAPI 3.1 path items by path as the document names them (`/api/advertiser/{id}/balance`, `/banner`): each
 * method with its parameters, request body and answers. `$ref`s may name the core's components
 * (backend/src/openapi.ts: responses Invalid, Unauthorized, Forbidden, NotFound, ...; parameters Advertiser,
 * Publisher, Language, IdempotencyKey; schemas Error and every declared resource and its `<name>Input`).
 */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

export interface ServerPlugin {
  name: string;
  /** Token-protected routes under /api (the request context is available through contextOf). */
  api?(core: Core): Router;
  /** Routes under /api that need no token (registration, tracking pixels answering JSON, ...). */
  publicApi?(core: Core): Router;
  /** Routes outside /api (ad delivery, click redirects, ...). */
  web?(core: Core): Router;
  /**
   * A plain node http handler asked before the Express stack, for public paths whose traffic its middleware would
   * slow (the tracking plugin's clicks and onsite events): true when it took the request, false to leave it to Express.
   * It sets its own security headers (backend/src/security.ts says which).
   */
  front?(core: Core): (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * A service the primary process of `npm start` runs for its workers (cluster) while they serve: the tracking
   * plugin's one writer of the batches that lock an advertiser. Its workers know it by `primaryServices()`.
   */
  primary?(core: Core): PrimaryService;
  /** Handlers of the Postgres-backed job queue (backend/src/jobs), by job name. */
  jobs?(core: Core): JobHandlers;
  /** Work before the server answers, after migrations (the tracking plugin makes the day partitions of its raw events). */
  prepare?(core: Core): Promise<void>;
  /**
   * The plugin's own demo data (SEED_DEMO), run after the core's seed (backend/src/seed.ts) in plugin order. Like that
   * seed it is idempotent (find by natural key, create when missing) and goes through the product's code paths.
   */
  seed?(core: Core): Promise<void>;
  /** Jobs of `jobs` that run on their own every so many milliseconds, by job name (JobQueue.every). */
  schedules?: Record<string, number>;
  /** What the routes above take and answer, for /api/openapi.json: every route they mount (openapi.test.ts checks). */
  openapi?: OpenApiPaths;
}

/** What a plugin runs in the primary process of `npm start` (ServerPlugin.primary). */
export interface PrimaryService {
  /** Takes a worker's message when it is this service's (true) and answers that worker through `reply`. */
  handle(message: unknown, reply: (answer: unknown) => void): boolean;
  /** After the workers ended: finishes what it took. */
  close(): Promise<void>;
}

/** Set in the workers `npm start` forks: their primary runs the plugins' primary services. */
export const PRIMARY_SERVICES_ENV = 'ADSUITE_PRIMARY_SERVICES';

/** Whether this process is such a worker, so it may hand work to its primary's services (process.send). */
export const primaryServices = (): boolean => process.env[PRIMARY_SERVICES_ENV] === '1' && typeof process.send === 'function';
