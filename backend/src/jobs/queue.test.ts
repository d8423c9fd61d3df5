import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { ROOT_DIR } from '../env.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { JobQueue, PermanentFailure, type JobRun } from './queue.ts';
import { createOrderTables, FULFIL_JOB, fulfilHandlers } from './testing.ts';

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

  it('keeps claiming for its free slots while a long job runs', async () => {
    const jobs = queue({ concurrency: 2 });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => { release = resolve; });
    const done: string[] = [];
    jobs.register({
      'test.long': async () => { await blocked; done.push('long'); },
      'test.short': async () => void done.push('short'),
    });
    jobs.start();
    try {
      const long = await jobs.enqueue('test.long', {});
      await waitFor(async () => (await jobs.get(long))?.status === 'running');
      await jobs.enqueue('test.short', {});
      await jobs.enqueue('test.short', {});
      await waitFor(async () => done.length === 2);
      expect(done).toEqual(['short', 'short']);
      release();
      await waitFor(async () => done.length === 3);
    } finally {
      release();
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

  it('claims a job again whose runner died while running it, once its lease has run out', async () => {
    const jobs = queue({ leaseMs: 1_000 });
    let ran = 0;
    jobs.register({ 'test.orphan': async () => void ran++ });
    const id = await jobs.enqueue('test.orphan', {});
    await db.sequelize.query(`UPDATE jobs SET status = 'running', run_count = 1, locked_by = 'gone', locked_at = now() - interval '5 seconds',
      locked_until = now() + interval '1 hour' WHERE id = :id`, { replacements: { id } });
    expect(await jobs.runDue()).toBe(0);
    await db.sequelize.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = :id`, { replacements: { id } });
    await jobs.drain();
    expect(ran).toBe(1);
    expect(await jobs.get(id)).toMatchObject({ status: 'done', runCount: 2, lockedBy: jobs.worker, lockedUntil: null });
  });

  it('renews the lease while a handler runs longer than it: no other runner takes the job', async () => {
    const first = queue({ leaseMs: 300 });
    const second = queue({ leaseMs: 300 });
    let runs = 0;
    const slow = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    };
    first.register({ 'test.slow': slow });
    second.register({ 'test.slow': slow });
    const id = await first.enqueue('test.slow', {});
    const running = first.runDue();
    await waitFor(async () => (await first.get(id))?.status === 'running');
    // The second runner polls all along and waits for the job, which it would claim with a lapsed lease.
    await second.drain();
    await running;
    expect(runs).toBe(1);
    expect(await first.get(id)).toMatchObject({ status: 'done', runCount: 1, lockedBy: first.worker });
  });

  it('does not record the outcome of a run that lost its lease, and tells that run through its signal', async () => {
    const stalled = queue({ leaseMs: 300, heartbeatMs: 100 });
    const other = queue({ leaseMs: 300 });
    let aborted: unknown;
    stalled.register({ 'test.stalled': async (_payload, job) => {
      const signal = (job as JobRun).signal!;
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      aborted = signal.reason;
      throw new Error('the stalled run gives up');
    } });
    let ran = 0;
    other.register({ 'test.stalled': async () => void ran++ });
    const id = await stalled.enqueue('test.stalled', {}, { retries: 0 });
    const running = stalled.runDue();
    await waitFor(async () => (await stalled.get(id))?.status === 'running');
    // The first runner stalls past its lease (as if its event loop hung): the lease runs out and another runner claims the job.
    await db.sequelize.query(`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = :id`, { replacements: { id } });
    expect(await other.runDue()).toBe(1);
    await running;
    expect(String(aborted)).toMatch(/lost its lease/);
    expect(ran).toBe(1);
    expect(await stalled.get(id)).toMatchObject({ status: 'done', runCount: 2, lastError: null, lockedBy: other.worker });
  });

  it('gives jobs still running back to the queue at stop, so another runner starts them at once', async () => {
    const stopping = queue({ leaseMs: 60_000 });
    const other = queue();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => { release = resolve; });
    let signal: AbortSignal | undefined;
    stopping.register({ 'test.handover': async (_payload, job) => {
      signal = (job as JobRun).signal;
      await blocked;
    } });
    let ran = 0;
    other.register({ 'test.handover': async () => void ran++ });
    const id = await stopping.enqueue('test.handover', {});
    stopping.start();
    await waitFor(async () => (await stopping.get(id))?.status === 'running');
    await stopping.stop({ graceMs: 50 });
    expect(signal?.aborted).toBe(true);
    // Due now, this run not counted, though the lease would have held for a minute.
    expect(await stopping.get(id)).toMatchObject({ status: 'queued', runCount: 0, lockedBy: null, lockedUntil: null });
    expect(await other.drain()).toBe(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(1);
    expect(await other.get(id)).toMatchObject({ status: 'done', runCount: 1, lockedBy: other.worker });
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

/** The queue of this file's database, as a second process finds it: a runner of its own in a separate Node process. */
function startCrashWorker(url: string, leaseMs: number) {
  const script = fileURLToPath(new URL('./crashWorker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, String(leaseMs)], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let errors = '';
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  child.stderr!.on('data', (chunk) => void (errors += String(chunk)));
  let exit: string | null = null;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => {
    exit = `exited with ${signal ?? code}`;
    resolve(signal ?? code);
  }));
  return {
    child,
    exited,
    /** The first line starting with `prefix`; fails at once when the worker is gone, with what it wrote to stderr. */
    async line(prefix: string, ms = 90_000): Promise<string> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = lines.find((line) => line.startsWith(prefix));
        if (found) return found;
        if (exit || Date.now() > deadline) throw new Error(`crash worker: no "${prefix}" (${exit ?? 'timed out'}); stdout: ${lines.join(' | ')}; stderr: ${errors.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)('two processes sharing the queue', () => {
  it('retries the jobs of a process killed mid-handler within the lease, and their effects happen once', async () => {
    const LEASE_MS = 2_000;
    await createOrderTables(db.sequelize);
    await db.sequelize.query(`INSERT INTO test_orders (id) VALUES ('crash-before-commit'), ('crash-after-commit')`);
    const worker = startCrashWorker(db.url, LEASE_MS);
    const survivor = queue({ leaseMs: LEASE_MS });
    try {
      const childWorker = (await worker.line('worker ')).slice('worker '.length);
      survivor.register(fulfilHandlers(db.sequelize, survivor.worker));
      const ids = [
        await survivor.enqueue(FULFIL_JOB, { orderId: 'crash-before-commit', crashAt: 'before-commit' }),
        await survivor.enqueue(FULFIL_JOB, { orderId: 'crash-after-commit', crashAt: 'after-commit' }),
      ];
      // The other process claims both and stops inside the first one's transaction and after the second one's commit.
      await worker.line('reached before-commit crash-before-commit');
      await worker.line('reached after-commit crash-after-commit');

      // While it lives its heartbeat keeps the jobs: this runner polls past the lease and takes neither.
      survivor.start();
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 1.5));
      for (const id of ids) expect(await survivor.get(id)).toMatchObject({ status: 'running', runCount: 1, lockedBy: childWorker });

      worker.child.kill('SIGKILL');
      expect(await worker.exited).toBe('SIGKILL');
      const killedAt = Date.now();
      await waitFor(async () => (await Promise.all(ids.map((id) => survivor.get(id)))).every((job) => job?.status === 'done'), 60_000);
      const retriedWithin = Date.now() - killedAt;
      expect(retriedWithin).toBeLessThan(LEASE_MS + 8_000);
      for (const id of ids) expect(await survivor.get(id)).toMatchObject({ status: 'done', runCount: 2, lockedBy: survivor.worker });

      const [lines] = await db.sequelize.query('SELECT order_id AS "orderId", worker FROM test_order_lines ORDER BY order_id');
      // The killed transaction left nothing, so the retry wrote that line; the committed one was not written again.
      expect(lines).toEqual([
        { orderId: 'crash-after-commit', worker: childWorker },
        { orderId: 'crash-before-commit', worker: survivor.worker },
      ]);
      const [orders] = await db.sequelize.query('SELECT id, status FROM test_orders ORDER BY id');
      expect(orders).toEqual([{ id: 'crash-after-commit', status: 'fulfilled' }, { id: 'crash-before-commit', status: 'fulfilled' }]);
    } finally {
      worker.child.kill('SIGKILL');
      await survivor.stop();
    }
  }, 180_000);
});
