/**
 * Test harness: a server on a random port with a database of its own: a fresh database on the server at
 * DATABASE_URL (dropped afterwards), or in-memory PGlite when DATABASE_URL is not set.
 */
import { randomBytes } from 'node:crypto';
import { Sequelize } from 'sequelize';
import type { ResourceDef } from '@adsuite/config';
import { openDatabase, type Database } from './db/database.ts';
import { loadEnv, type Env } from './env.ts';
import { buildFrontEnds } from './frontends.ts';
import { startServer, type RunningServer } from './server.ts';
import { loadServerPlugins } from '../../plugins/load.ts';
import type { JobQueueOptions } from './jobs/queue.ts';

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDatabase({});
    return { ...db, drop: () => db.close() };
  }
  const name = `adsuite_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Sequelize(url, { dialect: 'postgres', logging: false });
  await admin.query(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openDatabase({ url: target.toString() });
  return {
    ...db,
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.close();
    },
  };
}

export function testEnv(overrides: Partial<Env> = {}): Env {
  return loadEnv({ jwtSecret: randomBytes(32).toString('hex'), dataDir: '/tmp/adsuite-test', bcryptRounds: 4, seedDemo: true, seedHistoryDays: 0, sandboxDelivery: false, clickScreening: false, ...overrides });
}

export interface TestServer extends RunningServer {
  /** Signs in and returns the bearer token. */
  token(email: string, password?: string): Promise<string>;
  /** fetch against the API with a JSON body and optional token/headers. */
  api(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

export async function startTestServer(options: { env?: Partial<Env>; resources?: ResourceDef[]; frontEnds?: boolean; jobs?: JobQueueOptions | false } = {}): Promise<TestServer> {
  if (options.frontEnds) buildFrontEnds({ onlyMissing: true, log: () => {} });
  const database = await createTestDatabase();
  const server = await startServer({ env: testEnv(options.env), plugins: await loadServerPlugins(), database, resources: options.resources, port: 0, host: '127.0.0.1', quiet: true, jobs: options.jobs });
  const api: TestServer['api'] = (path, init = {}) => fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // The admin and the portal name the language on every request; tests read English unless they ask for German.
      Language: 'en',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return {
    ...server,
    api,
    async token(email, password = 'demo-password') {
      const res = await api('/api/auth/signin', { method: 'POST', body: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { accessToken: string }).accessToken;
    },
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
