import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { JobQueue, PermanentFailure, type JobRun } from './queue.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.sequelize, []);
});
afterAll(async () => {
  await db?.drop();
});

const queue = (options = {}) => new JobQueue(db.sequelize, { pollMs: 20, backoffMs: 10, ...options });
const waitFor = async (check: () => Promise<boolean>, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the job queue', () => {
  it('runs a queued job once with its payload and marks it done', async () => {
    const jobs = queue();
    const seen: unknown[] = [];
    jobs.register({ 'test.echo': async (payload) => void seen.push(payload) });
    const id = await jobs.enqueue('test.echo', { greeting: 'hello' });
    expect(await jobs.drain()).toBe(1);
    expect(seen).toEqual([{ greeting: 'hello' }]);
    expect(await jobs.get(id)).toMatchObject({ status: 'done', runCount: 1, lastError: null });
    expect(await jobs.drain()).toBe(0);
  });

  it('retries a failing job with backoff and fails it for good after its retries', async () => {
    const jobs = queue({ backoffMs: 500 });
    const runs: JobRun[] = [];
    jobs.register({ 'test.flaky': async (_payload, job) => {
      runs.push({ ...job });
      throw new Error(`attempt ${job.runCount} failed`);
    } });
    const id = await jobs.enqueue('test.flaky', {}, { retries: 2 });
    await jobs.drain();
    // The retry waits for its backoff: not due yet, so drain returned after the first run.
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', runCount: 1, lastError: 'attempt 1 failed' });
    await waitFor(async () => (await jobs.drain(), (await jobs.get(id))?.status === 'failed'));
    expect(runs.map((run) => run.runCount)).toEqual([1, 2, 3]);
    expect(runs.at(-1)!.maxRuns).toBe(3);
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', runCount: 3, lastError: 'attempt 3 failed' });
  });

  it('does not retry a permanent failure', async () => {
    const jobs = queue();
    jobs.register({ 'test.refused': async () => { throw new PermanentFailure('refused'); } });
    const id = await jobs.enqueue('test.refused', {}, { retries: 5 });
    await jobs.drain();
    expect(await jobs.get(id)).toMatchObject({ status: 'failed', runCount: 1, lastError: 'refused' });
  });

  it('leaves a job until its runAt and jobs of kinds it has no handler for', async () => {
    const jobs = queue();
    let ran = 0;
    jobs.register({ 'test.later': async () => void ran++ });
    const later = await jobs.enqueue('test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    const foreign = await jobs.enqueue('test.elsewhere', {});
    expect(await jobs.drain()).toBe(0);
    expect(ran).toBe(0);
    expect((await jobs.get(later))?.status).toBe('queued');
    expect((await jobs.get(foreign))?.status).toBe('queued');
  });

  it('enqueues with the transaction of its cause: nothing when it rolls back', async () => {
    const jobs = queue();
    let ran = 0;
    jobs.register({ 'test.tx': async () => void ran++ });
    await db.sequelize.transaction((transaction) => jobs.enqueue('test.tx', { kept: true }, { transaction }));
    await expect(db.sequelize.transaction(async (transaction) => {
      await jobs.enqueue('test.tx', { kept: false }, { transaction });
      throw new Error('cause failed');
    })).rejects.toThrow('cause failed');
    await jobs.drain();
    expect(ran).toBe(1);
    const [rows] = await db.sequelize.query("SELECT payload FROM jobs WHERE name = 'test.tx'");
    expect(rows).toEqual([{ payload: { kept: true } }]);
  });

  it('runs jobs in the background once started, and a handler may use the database meanwhile', async () => {
    const jobs = queue();
    const done: string[] = [];
    jobs.register({ 'test.background': async (payload) => {
      // A handler's own transaction: with PGlite's single connection this only works because the runner holds none.
      await db.sequelize.transaction(async (transaction) => {
        await db.sequelize.query('SELECT 1', { transaction });
      });
      done.push(String(payload.n));
    } });
    jobs.start();
    try {
      await Promise.all([1, 2, 3].map((n) => jobs.enqueue('test.background', { n })));
      await waitFor(async () => done.length === 3);
      expect(done.sort()).toEqual(['1', '2', '3']);
    } finally {
      await jobs.stop();
    }
  });

  it('shares the table between runners: each job runs once', async () => {
    const first = queue({ concurrency: 3 });
    const second = queue({ concurrency: 3 });
    const runs = new Map<string, number>();
    const count = async (payload: Record<string, unknown>) => void runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
    first.register({ 'test.shared': count });
    second.register({ 'test.shared': count });
    for (let n = 0; n < 20; n++) await first.enqueue('test.shared', { n });
    await Promise.all([first.drain(), second.drain()]);
    expect(runs.size).toBe(20);
    expect([...runs.values()].every((times) => times === 1)).toBe(true);
  });

  it('claims a job again whose runner died while running it', async () => {
    const jobs = queue({ lockTimeoutMs: 1_000 });
    let ran = 0;
    jobs.register({ 'test.orphan': async () => void ran++ });
    const id = await jobs.enqueue('test.orphan', {});
    await db.sequelize.query(`UPDATE jobs SET status = 'running', run_count = 1, locked_at = now() - interval '5 seconds' WHERE id = :id`, { replacements: { id } });
    await jobs.drain();
    expect(ran).toBe(1);
    expect(await jobs.get(id)).toMatchObject({ status: 'done', runCount: 2 });
  });

  it('runs a recurring job every interval, with one schedule however many runners start', async () => {
    const jobs = queue();
    let runs = 0;
    jobs.register({ 'test.tick': async () => void runs++ });
    jobs.every('test.tick', 100);
    jobs.start();
    try {
      await waitFor(async () => runs >= 2);
    } finally {
      await jobs.stop();
    }
    const other = queue();
    other.register({ 'test.tick': async () => void runs++ });
    other.every('test.tick', 3_600_000);
    other.start();
    await other.stop();
    const [rows] = await db.sequelize.query("SELECT status FROM jobs WHERE name = 'test.tick' AND status <> 'done'");
    expect(rows).toEqual([{ status: 'queued' }]);
  });
});
