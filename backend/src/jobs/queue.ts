/**
 * The Postgres-backed job queue (ARCHITECTURE "Data and state": background work shared by several server
 * processes). A job is a row of `jobs` (migration 0004); a runner claims due rows with one
 * `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` statement, runs the handler outside any
 * transaction and records the outcome with a second statement. No transaction spans a handler call, so the
 * single connection of embedded PGlite is free for the handler's own queries.
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
  /** A job still marked running after this long belongs to a runner that died: it is claimed again. */
  lockTimeoutMs?: number;
  log?: (message: string) => void;
}

/** What a handler learns about the run besides the payload. */
export interface JobRun {
  id: string;
  name?: string;
  /** This run included. */
  runCount: number;
  maxRuns?: number;
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
}

const DEFAULTS = { pollMs: 250, concurrency: 4, backoffMs: 1_000, maxBackoffMs: 300_000, lockTimeoutMs: 600_000 };
const DEFAULT_RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly options: Required<Omit<JobQueueOptions, 'log'>> & Pick<JobQueueOptions, 'log'>;
  private readonly worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;
  private started = false;
  /** A job was queued while a poll ran: look again at once. */
  private nudged = false;
  /** Jobs that run every so many ms, by name. */
  private readonly recurring = new Map<string, number>();
  private recurringQueued = false;

  constructor(private readonly sequelize: Sequelize, options: JobQueueOptions = {}) {
    this.options = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
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
   * the next once it is over; processes sharing the table keep one schedule.
   */
  every(name: string, intervalMs: number): void {
    if (!Number.isInteger(intervalMs) || intervalMs < 1) throw new Error('intervalMs must be a positive integer');
    this.recurring.set(name, intervalMs);
  }

  /** Queues the next run of a recurring job unless one is queued or running already. */
  private async queueRecurring(name: string, delayMs: number): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO jobs (name, payload, run_at, max_runs)
       SELECT :name, '{}'::jsonb, now() + make_interval(secs => :delaySeconds), 1
       WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = :name AND status IN ('queued', 'running'))`,
      { replacements: { name, delaySeconds: delayMs / 1000 } },
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
              last_error AS "lastError", finished_at AS "finishedAt"
       FROM jobs WHERE id = :id`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row ?? null;
  }

  /** Claims up to `limit` due jobs this process has handlers for, runs them and answers how many ran. */
  async runDue(limit = this.options.concurrency): Promise<number> {
    const names = [...this.handlers.keys()];
    if (!names.length) return 0;
    const claimed = await this.sequelize.query<JobRun & { payload: Record<string, unknown>; name: string; maxRuns: number }>(
      `UPDATE jobs SET status = 'running', locked_at = now(), locked_by = :worker, run_count = run_count + 1, updated = now()
       WHERE id IN (
         SELECT id FROM jobs
         WHERE name IN (:names)
           AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_at < now() - make_interval(secs => :lockSeconds)))
         ORDER BY run_at, created
         LIMIT :limit
         FOR UPDATE SKIP LOCKED)
       RETURNING id, name, payload, run_count AS "runCount", max_runs AS "maxRuns"`,
      { replacements: { worker: this.worker, names, limit, lockSeconds: this.options.lockTimeoutMs / 1000 }, type: QueryTypes.SELECT },
    );
    await Promise.all(claimed.map((job) => this.run(job)));
    return claimed.length;
  }

  private async run(job: JobRun & { payload: Record<string, unknown>; name: string; maxRuns: number }): Promise<void> {
    await this.runOnce(job);
    const interval = this.recurring.get(job.name);
    if (interval) await this.queueRecurring(job.name, interval);
  }

  private async runOnce(job: JobRun & { payload: Record<string, unknown>; name: string; maxRuns: number }): Promise<void> {
    const handler = this.handlers.get(job.name)!;
    try {
      await handler(job.payload ?? {}, job);
    } catch (error) {
      const last = isLastRun(job, error);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const delay = Math.min(this.options.backoffMs * 2 ** (job.runCount - 1), this.options.maxBackoffMs);
      await this.sequelize.query(
        last
          ? `UPDATE jobs SET status = 'failed', last_error = :message, locked_at = NULL, finished_at = now(), updated = now() WHERE id = :id`
          : `UPDATE jobs SET status = 'queued', last_error = :message, locked_at = NULL,
               run_at = now() + make_interval(secs => :delaySeconds), updated = now() WHERE id = :id`,
        { replacements: { id: job.id, message, delaySeconds: delay / 1000 } },
      );
      if (last) this.options.log?.(`Job ${job.name} ${job.id} failed after ${job.runCount} run(s): ${message}`);
      return;
    }
    await this.sequelize.query(
      `UPDATE jobs SET status = 'done', last_error = NULL, locked_at = NULL, finished_at = now(), updated = now() WHERE id = :id`,
      { replacements: { id: job.id } },
    );
  }

  /**
   * Runs jobs until none is due and none of this queue's kinds is running (tests, scripts). Jobs due later
   * (a retry's backoff, a future runAt) are left alone.
   */
  async drain({ timeoutMs = 60_000 } = {}): Promise<number> {
    const deadline = Date.now() + timeoutMs;
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
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tick;
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

  private async poll(): Promise<void> {
    let ran = 0;
    this.nudged = false;
    try {
      if (!this.recurringQueued) {
        for (const [name, interval] of this.recurring) if (this.handlers.has(name)) await this.queueRecurring(name, interval);
        this.recurringQueued = true;
      }
      ran = await this.runDue();
    } catch (error) {
      if (this.started) this.options.log?.(`Job runner: ${(error as Error).message}`);
    }
    if (this.started) this.schedule(ran || this.nudged ? 0 : this.options.pollMs);
  }
}

/** The runner's settings from the environment: JOBS_POLL_MS (250) and JOBS_CONCURRENCY. */
export function jobOptionsFromEnv(embedded: boolean): JobQueueOptions {
  const number = (name: string) => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  // One PGlite session serves every connection: running jobs side by side there only makes them queue for it.
  return { pollMs: number('JOBS_POLL_MS'), concurrency: number('JOBS_CONCURRENCY') ?? (embedded ? 1 : 4) };
}
