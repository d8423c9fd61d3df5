/**
 * The per-process session cache (issue 11) may never outlive what it caches: a change made through another
 * server process ends a session here at once, and a cached request runs no query before its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { startSecondServer } from './secondProcess.ts';
import { SessionCache } from './sessionCache.ts';

describe('the session cache', () => {
  it('keeps a load only when nothing was dropped meanwhile, and drops one user or everything', () => {
    const cache = new SessionCache();
    const session = (id: string) => ({ user: { id, email: `${id}@x.test` }, advertiserIds: [], publisherIds: [], abilities: new Map() });
    const stamp = cache.stamp();
    cache.invalidate('login:a');
    cache.set('a', 0, session('a'), stamp);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('a', 0, session('a'), cache.stamp());
    cache.set('b', 3, session('b'), cache.stamp());
    expect(cache.get('a', 0)?.user.id).toBe('a');
    expect(cache.get('b', 2)).toBeUndefined();
    cache.invalidate('login:a');
    expect([cache.get('a', 0), cache.get('b', 3)?.user.id]).toEqual([undefined, 'b']);
    cache.invalidate('*');
    expect(cache.get('b', 3)).toBeUndefined();
  });
});

describe('a signed-in request', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs: false });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('runs one query, its list with the count, once the session is cached', async () => {
    const token = await server.token('advertiser@demo.test');
    await server.api('/api/booking?range=[0,9]', { token });
    const queries: string[] = [];
    const sequelize = server.core.sequelize as unknown as { options: { logging: unknown } };
    sequelize.options.logging = (sql: string) => queries.push(sql);
    try {
      const res = await server.api('/api/booking?range=[0,9]', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toMatch(/^booking 0-\d+\/\d+$/);
    } finally {
      sequelize.options.logging = false;
    }
    expect(queries).toHaveLength(1);
  });

  it('loses its cached access when an agency loses an advertiser', async () => {
    const token = await server.token('agency@demo.test');
    const me = async () => ((await (await server.api('/api/auth/login', { token })).json()) as { advertiserIds: string[] }).advertiserIds;
    const before = await me();
    expect(before.length).toBe(2);
    await server.core.sequelize.query('UPDATE advertisers SET archived_at = now() WHERE id = :id', { replacements: { id: before[0] } });
    // Raw SQL passes no model hook: the database's notification drops the cached tenants.
    await expect.poll(me, { timeout: 2000 }).toEqual([before[1]]);
    await server.core.sequelize.query('UPDATE advertisers SET archived_at = NULL WHERE id = :id', { replacements: { id: before[0] } });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('sessions across two server processes', () => {
  const SECRET = { jwtSecret: 'a-secret-both-processes-share-0123456789' };
  let first: TestServer;
  let second: Awaited<ReturnType<typeof startSecondServer>>;
  beforeAll(async () => {
    first = await startTestServer({ env: SECRET, jobs: false });
    second = await startSecondServer(first, SECRET);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('ends a session cached by the other process as soon as the password changes here', async () => {
    const token = await first.token('other@demo.test');
    const onSecond = () => fetch(`${second.url}/api/auth/login`, { headers: { Authorization: `Bearer ${token}` } }).then((res) => res.status);
    expect(await onSecond()).toBe(200);
    expect(await onSecond()).toBe(200);
    const changed = await first.api('/api/auth/password', { method: 'POST', token, body: { currentPassword: 'demo-password', password: 'another-password' } });
    expect(changed.status).toBe(200);
    await expect.poll(onSecond, { timeout: 1000, interval: 20 }).toBe(401);
  });
});
