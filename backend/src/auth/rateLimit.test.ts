import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../testing.ts';
import { attemptLimiter } from './rateLimit.ts';
import { startSecondServer } from './secondProcess.ts';

describe('the attempt limiter', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.sequelize, []);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('allows max attempts per key in the window, keeps counting refused ones and forgets a key on reset', async () => {
    const limiter = attemptLimiter(db.sequelize, { name: 'unit-count', max: 3, windowMs: 60_000 });
    const hits = [];
    for (let n = 0; n < 5; n++) hits.push(await limiter.hit('dora@example.com'));
    expect(hits).toEqual([true, true, true, false, false]);
    expect(await limiter.hit('other@example.com')).toBe(true);
    await limiter.reset('dora@example.com');
    expect(await limiter.hit('dora@example.com')).toBe(true);
  });

  it('counts in the database: two limiters of one name share counters, other names do not', async () => {
    const one = attemptLimiter(db.sequelize, { name: 'unit-shared', max: 2, windowMs: 60_000 });
    const two = attemptLimiter(db.sequelize, { name: 'unit-shared', max: 2, windowMs: 60_000 });
    const apart = attemptLimiter(db.sequelize, { name: 'unit-apart', max: 2, windowMs: 60_000 });
    expect([await one.hit('key'), await two.hit('key'), await one.hit('key')]).toEqual([true, true, false]);
    expect(await apart.hit('key')).toBe(true);
    const [rows] = await db.sequelize.query(`SELECT key, points FROM rate_limits WHERE key LIKE 'unit-%:key' ORDER BY key`);
    expect(rows).toEqual([{ key: 'unit-apart:key', points: 1 }, { key: 'unit-shared:key', points: 3 }]);
  });

  it('starts a new window once the old one is over, takes long keys and refuses everything with max 0', async () => {
    const limiter = attemptLimiter(db.sequelize, { name: 'unit-window', max: 1, windowMs: 300 });
    const long = `${'x'.repeat(240)}@example.com`;
    expect([await limiter.hit(long), await limiter.hit(long)]).toEqual([true, false]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await limiter.hit(long)).toBe(true);
    const closed = attemptLimiter(db.sequelize, { name: 'unit-closed', max: 0, windowMs: 60_000 });
    expect(await closed.hit('anyone')).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('sign-in limits across two server processes', () => {
  const LIMITS = { signinMaxPerEmail: 4, signinMaxPerIp: 1000 };
  let first: TestServer;
  let second: Awaited<ReturnType<typeof startSecondServer>>;
  beforeAll(async () => {
    first = await startTestServer({ env: LIMITS, jobs: false });
    second = await startSecondServer(first, LIMITS);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const signIn = async (base: string, email: string, password: string) => {
    const res = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json', Language: 'en' }, body: JSON.stringify({ email, password }) });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  };

  it('counts failures on both processes together and trips the limit on either', async () => {
    const email = 'wizard@demo.test';
    const statuses = [];
    for (const base of [first.url, second.url, first.url, second.url]) statuses.push((await signIn(base, email, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const refused = await signIn(second.url, email, 'wrong-password');
    expect(refused).toEqual({ status: 429, body: expect.objectContaining({ message: 'Too many sign-in attempts. Please wait a few minutes and try again.' }) });
    // The right password does not help on the other process either while the window lasts.
    expect((await signIn(first.url, email, 'demo-password')).status).toBe(429);
    expect((await signIn(second.url, email, 'demo-password')).status).toBe(429);
  });

  it('a successful sign-in on one process resets the count for both', async () => {
    const email = 'advertiser@demo.test';
    for (const base of [first.url, second.url, first.url]) expect((await signIn(base, email, 'wrong-password')).status).toBe(401);
    expect((await signIn(second.url, email, 'demo-password')).status).toBe(200);
    const statuses = [];
    for (const base of [first.url, second.url, first.url, second.url, first.url]) statuses.push((await signIn(base, email, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
