/**
 * The Postgres-backed job queue (ARCHITECTURE "Data and state": background work shared by several server
 * processes). A job is a row of `jobs` (migrations 0004, 0005); a runner claims due rows with one
 * `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` statement, runs the handler outside any
 * transaction and records the outcome with a second statement. No transaction spans a handler call, so the
 * single connection of embedded PGlite is free for the handler's own queries.
 *
 * Leases (issue 9): a claim holds the job for a short lease (`leaseMs`, JOBS_LEASE_MS, 30 s) that a heartbeat
 * renews while the handler runs. When the runner's process dies the heartbeat stops, and once the lease has run
 * out another runner claims the job again. A run that lost its lease (its process stalled past the lease and
 * another runner took the job) is told through `job.signal` and its outcome is not recorded: the outcome
 * statements only touch the row while it is still this claim's (`locked_by` and `run_count`). A handler can
 * therefore run twice, in part or in full, and every handler must be idempotent: check the state it moves on
 * under a row lock, write its effects (mails, line items, next jobs) in the same transaction as that state.
 * A graceful stop gives jobs still running back (queued, due now) so other runners pick them up at once.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { JobHandler, JobHandlers } from '../plugin.ts';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Further runs after a failed one (default 3); 0 = run once. */
  retries?: number;
  /** Enqueue with the cause: the job exists once this transaction commits, and not if it rolls back. */
  transaction?: Transaction;
}

export interface JobQueueOptions {
  /** How often an idle runner looks for due jobs. */
  pollMs?: number;
  /** Jobs one runner runs at a time. */
  concurrency?: number;
  /** Delay before the first retry; it doubles with every further run, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a claim holds a job without a heartbeat: a job still running after its lease ran out belongs to a
   * runner that died, and is claimed again.
   */
  leaseMs?: number;
  /** How often the heartbeat renews the leases of the jobs in hand (default: a third of the lease). */
  heartbeatMs?: number;
  /** How long `stop()` waits for the jobs in hand before it gives them back to the queue. */
  stopGraceMs?: number;
  log?: (message: string) => void;
}

/** What a handler learns about the run besides the payload. */
export interface JobRun {
  id: string;
  name?: string;
  /** This run included. */
  runCount: number;
  maxRuns?: number;
  /**
   * Aborted when this run no longer holds the job: its lease was lost or the runner gave it back at stop. Its
   * outcome will not be recorded; a long handler may stop early.
   */
  signal?: AbortSignal;
}

/** Thrown by a handler when running again cannot help (bad payload, a refusal): the job fails without retries. */
export class PermanentFailure extends Error {}

/** Whether a failed run is the job's last one. */
export const isLastRun = (job: JobRun, error?: unknown) => error instanceof PermanentFailure || job.runCount >= (job.maxRuns ?? job.runCount);

export interface JobRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  runAt: Date;
  runCount: number;
  maxRuns: number;
  lastError: string | null;
  finishedAt: Date | null;
  /** The runner that claimed it last, and until when its lease holds (while running). */
  lockedBy: string | null;
  lockedUntil: Date | null;
}

/** A job this runner claimed and runs. */
interface Claim {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  runCount: number;
  maxRuns: number;
  controller: AbortController;
  /** The handler returned or threw: the outcome is being recorded. */
  finished: boolean;
  /** Given back to the queue by stop(): the next runner records the outcome. */
  released: boolean;
}

type Outcome = { status: 'done' } | { status: 'failed'; message: string } | { status: 'queued'; message: string; delayMs: number };

const DEFAULTS = { pollMs: 250, concurrency: 4, backoffMs: 1_000, maxBackoffMs: 300_000, leaseMs: 30_000, stopGraceMs: 5_000 };
const DEFAULT_RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const claimKey = (claim: { id: string; runCount: number }) => `${claim.id}:${claim.runCount}`;

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<Omit<JobQueueOptions, 'log' | 'heartbeatMs'>> & Pick<JobQueueOptions, 'log'> & { heartbeatMs: number };
  /** Who claims: host, process and this queue (two queues of one process are two runners). */
  readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;
  private started = false;
  /** stop() was called (and start() not since): jobs a poll still claims are given back at once. */
  private stopping = false;
  /** A job was queued while a poll ran: look again at once. */
  private nudged = false;
  /** Jobs that run every so many ms, by name. */
  private readonly recurring = new Map<string, number>();
  private recurringQueued = false;
  /** The claims being run, by id and run count. */
  private readonly inHand = new Map<string, Claim>();
  /** The runs the poller started, each ending when its outcome is recorded. */
  private readonly active = new Set<Promise<void>>();
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(private readonly sequelize: Sequelize, options: JobQueueOptions = {}) {
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as JobQueueOptions;
    const merged = { ...DEFAULTS, ...given };
    if (!(merged.leaseMs >= 30)) throw new Error('leaseMs must be at least 30');
    const heartbeatMs = given.heartbeatMs ?? Math.max(Math.floor(merged.leaseMs / 3), 10);
    if (!(heartbeatMs < merged.leaseMs)) throw new Error('heartbeatMs must be shorter than leaseMs');
    this.options = { ...merged, heartbeatMs };
  }

  /** Adds handlers by job name (a plugin's `jobs(core)`); a name has one handler. */
  register(handlers: JobHandlers): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (this.handlers.has(name)) throw new Error(`Two handlers for job ${name}`);
      this.handlers.set(name, handler);
    }
  }

  /**
   * Runs the job `name` (its handler registered as usual) every `intervalMs`, the first time one interval after
   * the runner first starts on a database (a schedule already queued is kept across restarts). Each run queues
   * the next with the statement that records its outcome; processes sharing the table keep one schedule.
   */
  every(name: string, intervalMs: number): void {
    if (!Number.isInteger(intervalMs) || intervalMs < 1) throw new Error('intervalMs must be a positive integer');
    this.recurring.set(name, intervalMs);
  }

  /**
   * Queues the next run of a recurring job unless one is queued or running already: the unique index on
   * `singleton_key` (migration 0005) settles two processes queueing it at the same moment.
   */
  private async queueRecurring(name: string, delayMs: number, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO jobs (name, payload, run_at, max_runs, singleton_key)
       SELECT :name, '{}'::jsonb, now() + make_interval(secs => :delaySeconds), 1, :key
       WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = :name AND status IN ('queued', 'running'))
       ON CONFLICT DO NOTHING`,
      { replacements: { name, key: `recurring:${name}`, delaySeconds: delayMs / 1000 }, transaction },
    );
  }

  /** Queues a job and answers its id. */
  async enqueue(name: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<string> {
    const retries = options.retries ?? DEFAULT_RETRIES;
    if (!Number.isInteger(retries) || retries < 0) throw new Error('retries must be a non-negative integer');
    const [row] = await this.sequelize.query<{ id: string }>(
      `INSERT INTO jobs (name, payload, run_at, max_runs) VALUES (:name, :payload::jsonb, COALESCE(:runAt::timestamptz, now()), :maxRuns) RETURNING id`,
      {
        replacements: { name, payload: JSON.stringify(payload), runAt: options.runAt?.toISOString() ?? null, maxRuns: retries + 1 },
        type: QueryTypes.SELECT,
        transaction: options.transaction,
      },
    );
    if (options.transaction) options.transaction.afterCommit(() => this.nudge());
    else this.nudge();
    return row.id;
  }

  async get(id: string): Promise<JobRow | null> {
    const [row] = await this.sequelize.query<JobRow>(
      `SELECT id, name, payload, status, run_at AS "runAt", run_count AS "runCount", max_runs AS "maxRuns",
              last_error AS "lastError", finished_at AS "finishedAt", locked_by AS "lockedBy", locked_until AS "lockedUntil"
       FROM jobs WHERE id = :id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row ?? null;
  }

  /**
   * Claims up to `limit` due jobs this process has handlers for (queued and due, or running with a lease that
   * ran out), runs them and answers how many ran.
   */
  async runDue(limit = this.options.concurrency): Promise<number> {
    const claims = await this.claim(limit);
    await Promise.all(claims.map((claim) => this.run(claim)));
    return claims.length;
  }

  private async claim(limit: number): Promise<Claim[]> {
    const names = [...this.handlers.keys()];
    if (!names.length || limit < 1) return [];
    const claimed = await this.sequelize.query<{ id: string; name: string; payload: Record<string, unknown>; runCount: number; maxRuns: number }>(
      `UPDATE jobs SET status = 'running', locked_at = now(), locked_until = now() + make_interval(secs => :leaseSeconds),
              locked_by = :worker, run_count = run_count + 1, updated = now()
       WHERE id IN (
         SELECT id FROM jobs
         WHERE name IN (:names)
           AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND (locked_until IS NULL OR locked_until < now())))
         ORDER BY run_at, created
         LIMIT :limit
         FOR UPDATE SKIP LOCKED)
       RETURNING id, name, payload, run_count AS "runCount", max_runs AS "maxRuns"`,
      { replacements: { worker: this.worker, names, limit, leaseSeconds: this.options.leaseMs / 1000 }, type: QueryTypes.SELECT },
    );
    const claims = claimed.map((row): Claim => ({ ...row, payload: row.payload ?? {}, controller: new AbortController(), finished: false, released: false }));
    for (const claim of claims) this.inHand.set(claimKey(claim), claim);
    if (claims.length && this.stopping) return (await this.release(), []);
    if (claims.length) this.startHeartbeat();
    return claims;
  }

  private async run(claim: Claim): Promise<void> {
    const handler = this.handlers.get(claim.name)!;
    const job: JobRun = { id: claim.id, name: claim.name, runCount: claim.runCount, maxRuns: claim.maxRuns, signal: claim.controller.signal };
    try {
      let outcome: Outcome;
      try {
        await handler(claim.payload, job);
        outcome = { status: 'done' };
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        const delayMs = Math.min(this.options.backoffMs * 2 ** (claim.runCount - 1), this.options.maxBackoffMs);
        outcome = isLastRun(job, error) ? { status: 'failed', message } : { status: 'queued', message, delayMs };
      }
      claim.finished = true;
      // Given back at stop: the runner that claims it next records what happens.
      if (claim.released) return;
      if (!(await this.record(claim, outcome))) {
        this.options.log?.(`Job ${claim.name} ${claim.id} lost its lease before it ended (run ${claim.runCount}); another run records its outcome.`);
        return;
      }
      if (outcome.status === 'failed') this.options.log?.(`Job ${claim.name} ${claim.id} failed after ${claim.runCount} run(s): ${outcome.message}`);
    } finally {
      // A claim given back and claimed again by this runner has the same key: leave the new one in hand.
      if (this.inHand.get(claimKey(claim)) === claim) this.inHand.delete(claimKey(claim));
      if (!this.inHand.size) this.stopHeartbeat();
    }
  }

  /**
   * Records a run's outcome while the claim still holds the job, with the next run of a recurring job in the same
   * transaction; answers false when the lease was lost (another runner has the job now, or had it and ended it).
   */
  private async record(claim: Claim, outcome: Outcome): Promise<boolean> {
    const mine = `id = :id AND status = 'running' AND locked_by = :worker AND run_count = :runCount`;
    const statement = {
      done: `UPDATE jobs SET status = 'done', last_error = NULL, locked_at = NULL, locked_until = NULL, finished_at = now(), updated = now() WHERE ${mine} RETURNING id`,
      failed: `UPDATE jobs SET status = 'failed', last_error = :message, locked_at = NULL, locked_until = NULL, finished_at = now(), updated = now() WHERE ${mine} RETURNING id`,
      queued: `UPDATE jobs SET status = 'queued', last_error = :message, locked_at = NULL, locked_until = NULL,
                 run_at = now() + make_interval(secs => :delaySeconds), updated = now() WHERE ${mine} RETURNING id`,
    }[outcome.status];
    const replacements = {
      id: claim.id, worker: this.worker, runCount: claim.runCount,
      message: 'message' in outcome ? outcome.message : null, delaySeconds: 'delayMs' in outcome ? outcome.delayMs / 1000 : 0,
    };
    const interval = outcome.status === 'queued' ? undefined : this.recurring.get(claim.name);
    return this.sequelize.transaction(async (transaction) => {
      const rows = await this.sequelize.query(statement, { replacements, type: QueryTypes.SELECT, transaction });
      if (!rows.length) return false;
      if (interval) await this.queueRecurring(claim.name, interval, transaction);
      return true;
    });
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Renews the leases of the jobs in hand; a job this runner no longer holds is told through its signal. */
  private async beat(): Promise<void> {
    if (this.beating) return;
    const claims = [...this.inHand.values()].filter((claim) => !claim.finished && !claim.released);
    if (!claims.length) return;
    this.beating = true;
    try {
      const held = await this.sequelize.query<{ id: string; runCount: number }>(
        `UPDATE jobs SET locked_until = now() + make_interval(secs => :leaseSeconds)
         WHERE id IN (:ids) AND status = 'running' AND locked_by = :worker
         RETURNING id, run_count AS "runCount"`,
        { replacements: { ids: [...new Set(claims.map((claim) => claim.id))], worker: this.worker, leaseSeconds: this.options.leaseMs / 1000 }, type: QueryTypes.SELECT },
      );
      const kept = new Set(held.map(claimKey));
      for (const claim of claims) {
        if (kept.has(claimKey(claim)) || claim.finished || claim.released) continue;
        claim.controller.abort(new Error(`Job ${claim.id} lost its lease.`));
      }
    } catch (error) {
      // The database is away: the leases run out unless a later beat gets through, and the outcome is fenced.
      this.options.log?.(`Job runner heartbeat: ${(error as Error).message}`);
    } finally {
      this.beating = false;
    }
  }

  /**
   * Gives the jobs still running back to the queue (queued, due now, this run not counted), so other runners
   * start them at once; their handlers here are told through their signals, and what they end with is not
   * recorded. Answers how many were given back.
   */
  async release(): Promise<number> {
    const claims = [...this.inHand.values()].filter((claim) => !claim.finished && !claim.released);
    if (!claims.length) return 0;
    for (const claim of claims) {
      claim.released = true;
      this.inHand.delete(claimKey(claim));
    }
    if (!this.inHand.size) this.stopHeartbeat();
    let given = 0;
    try {
      const rows = await this.sequelize.query(
        `UPDATE jobs SET status = 'queued', run_at = now(), run_count = GREATEST(run_count - 1, 0),
                locked_at = NULL, locked_until = NULL, locked_by = NULL, updated = now()
         WHERE status = 'running' AND locked_by = :worker AND (id::text || ':' || run_count::text) IN (:keys)
         RETURNING id`,
        { replacements: { worker: this.worker, keys: claims.map(claimKey) }, type: QueryTypes.SELECT },
      );
      given = rows.length;
    } catch (error) {
      this.options.log?.(`Job runner: could not give back ${claims.length} job(s), their leases run out instead: ${(error as Error).message}`);
    }
    for (const claim of claims) claim.controller.abort(new Error(`Job ${claim.id} was given back to the queue.`));
    if (given) this.options.log?.(`Job runner: gave ${given} running job(s) back to the queue at stop.`);
    return given;
  }

  /**
   * Runs jobs until none is due and none of this queue's kinds is running (tests, scripts). Jobs due later
   * (a retry's backoff, a future runAt) are left alone; a job running elsewhere is waited for (or claimed once
   * its lease runs out).
   */
  async drain({ timeoutMs = 60_000 } = {}): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    this.stopping = false;
    const names = [...this.handlers.keys()];
    let total = 0;
    for (;;) {
      const ran = await this.runDue();
      total += ran;
      if (ran) continue;
      if (!names.length) return total;
      const [{ pending }] = await this.sequelize.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM jobs WHERE name IN (:names) AND (status = 'running' OR (status = 'queued' AND run_at <= now()))`,
        { replacements: { names }, type: QueryTypes.SELECT },
      );
      if (!pending) return total;
      if (Date.now() > deadline) throw new Error(`The job queue did not drain within ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  /** Starts polling: due jobs run at once, then the runner looks again every pollMs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.schedule(0);
  }

  /**
   * Stops polling and waits up to `graceMs` (JOBS_STOP_GRACE_MS, 5 s) for the jobs in hand; those still running
   * then are given back to the queue (see release) so other processes pick them up at once.
   */
  async stop({ graceMs = this.options.stopGraceMs }: { graceMs?: number } = {}): Promise<void> {
    this.started = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = [...(this.tick ? [this.tick] : []), ...this.active];
    if (pending.length) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(pending), new Promise<void>((resolve) => { timeout = setTimeout(resolve, graceMs); })]);
      clearTimeout(timeout);
    }
    await this.release();
  }

  /** A job was queued here: look for work now instead of at the next poll. */
  private nudge(): void {
    if (!this.started) return;
    if (this.tick) this.nudged = true;
    else this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tick = this.poll().finally(() => {
        this.tick = null;
      });
    }, delay);
  }

  /**
   * Claims jobs for the free slots (concurrency less the runs going on) and starts them without waiting for
   * them, so a long job does not hold up the others; a run that ends makes the runner look again at once.
   */
  private async poll(): Promise<void> {
    let claimed = 0;
    this.nudged = false;
    try {
      if (!this.recurringQueued) {
        for (const [name, interval] of this.recurring) if (this.handlers.has(name)) await this.queueRecurring(name, interval);
        this.recurringQueued = true;
      }
      const claims = await this.claim(this.options.concurrency - this.active.size);
      claimed = claims.length;
      for (const claim of claims) {
        const running: Promise<void> = this.run(claim)
          .catch((error) => this.options.log?.(`Job runner: ${(error as Error).message}`))
          .finally(() => {
            this.active.delete(running);
            this.nudge();
          });
        this.active.add(running);
      }
    } catch (error) {
      if (this.started) this.options.log?.(`Job runner: ${(error as Error).message}`);
    }
    const free = this.active.size < this.options.concurrency;
    if (this.started) this.schedule((claimed && free) || this.nudged ? 0 : this.options.pollMs);
  }
}

/**
 * The runner's settings from the environment: JOBS_POLL_MS (250), JOBS_CONCURRENCY, JOBS_LEASE_MS (30000: how
 * soon another process retries a job whose runner died) and JOBS_STOP_GRACE_MS (5000: how long a stopping
 * server waits for its jobs before it gives them back).
 */
export function jobOptionsFromEnv(embedded: boolean): JobQueueOptions {
  const number = (name: string) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  // One PGlite session serves every connection: running jobs side by side there only makes them queue for it.
  return {
    pollMs: number('JOBS_POLL_MS'),
    concurrency: number('JOBS_CONCURRENCY') ?? (embedded ? 1 : 4),
    leaseMs: number('JOBS_LEASE_MS'),
    stopGraceMs: number('JOBS_STOP_GRACE_MS'),
  };
}
