/**
 * The production runtime (issue 11): `npm start` runs the compiled bundle with one process per WEB_CONCURRENCY,
 * answers liveness without the database, and stops gracefully: requests in flight finish, new ones are refused.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConcurrency, ROOT_DIR } from './env.ts';
import { startServer, type RunningServer } from './server.ts';
import { createTestDatabase, testEnv, type TestDatabase } from './testing.ts';
import { loadServerPlugins } from '../../plugins/load.ts';

describe('WEB_CONCURRENCY by default', () => {
  it('is one process per core, one core fewer when PostgreSQL runs on this machine, and one on PGlite', () => {
    expect(defaultConcurrency(undefined, 8)).toBe(1);
    expect(defaultConcurrency('postgres://postgres@127.0.0.1:5432/test', 2)).toBe(1);
    expect(defaultConcurrency('postgres://app@localhost/adsuite', 8)).toBe(7);
    expect(defaultConcurrency('postgres://app@[::1]:5432/adsuite', 4)).toBe(3);
    expect(defaultConcurrency('postgres:///adsuite', 4)).toBe(3);
    expect(defaultConcurrency('postgres://%2Fvar%2Frun%2Fpostgresql/adsuite', 4)).toBe(3);
    expect(defaultConcurrency('postgres://app@127.0.0.1/adsuite', 1)).toBe(1);
    expect(defaultConcurrency('postgres://app@db.internal:5432/adsuite', 2)).toBe(2);
    expect(defaultConcurrency('postgres://app@10.0.0.5/adsuite', 8)).toBe(8);
  });
});

describe('graceful stop', () => {
  let db: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ env: testEnv(), plugins: await loadServerPlugins(), database: db, port: 0, host: '127.0.0.1', quiet: true, jobs: false });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('finishes a request in flight, refuses new ones, then ends', async () => {
    // The sign-in writes lastLogin: a lock held on that row keeps the request in flight.
    const holder = await db.sequelize.transaction();
    await db.sequelize.query("SELECT id FROM logins WHERE email = 'advertiser@demo.test' FOR UPDATE", { transaction: holder });
    const inFlight = fetch(`${server.url}/api/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@demo.test', password: 'demo-password' }) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = server.stop({ graceful: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await holder.commit();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect((await answer.json()).accessToken).toEqual(expect.any(String));
    await stopped;
  });
});

describe.skipIf(!process.env.DATABASE_URL)('npm start', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('serves the compiled server with two processes and ends on SIGTERM', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, [path.join(ROOT_DIR, 'backend', 'start.mjs')], {
      cwd: ROOT_DIR,
      env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), WEB_CONCURRENCY: '2', SKIP_FRONTEND_BUILD: 'true', DATA_DIR: '/tmp/adsuite-runtime-test', BCRYPT_ROUNDS: '4' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line.includes('AdSuite is running') && resolve());
      child.on('exit', (code) => reject(new Error(`npm start ended (${code}) before it served`)));
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${base}/api/health`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${base}/api/health?ready=1`)).status).toBe(200);
      const signin = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@demo.test', password: 'demo-password' }) });
      const { accessToken } = await signin.json();
      // Several requests spread over both workers (the token works in each).
      const statuses = await Promise.all(Array.from({ length: 8 }, () => fetch(`${base}/api/booking?range=[0,9]`, { headers: { Authorization: `Bearer ${accessToken}` } }).then((r) => r.status)));
      expect(statuses.every((status) => status === 200)).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
