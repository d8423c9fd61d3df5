/**
 * Group commit of the tracking endpoints (ARCHITECTURE "Tracking and statistics"): the events of concurrent requests
 * are written in batches by one `write` (writeEvents), and each request is answered when its batch committed.
 *
 * One request's events must not cost another's: the endpoints refuse what PostgreSQL cannot store before it joins a
 * batch (trackingInput.ts), and when the database still refuses a batch for what it holds (refusedForItsRows), the
 * batch is written again in halves, by submitted request, until only the requests it refuses are left: those are
 * refused (503), every other one is stored and answered as usual. A refused write changed nothing (a batch is one
 * statement, one transaction), and every event carries its id and time from its submit on (pipelineOf), so a half
 * written again is stored once: an id already stored is refused by the primary key, not stored twice.
 */
import type { TrackedEvent } from './pipeline.ts';

interface Pending {
  events: TrackedEvent[];
  resolve(result: void): void;
  reject(error: unknown): void;
  /** When it was submitted (performance.now(); 0 without `gatherMs`). */
  at: number;
}

/** Refused with 503: the database did not take the batch, nothing of it is stored. */
export class PipelineUnavailable extends Error {
  status = 503;
}

/** The SQLSTATE of an error of node-postgres, directly or wrapped by Sequelize. */
function sqlState(error: unknown): string {
  const found = error as { code?: unknown; parent?: { code?: unknown }; original?: { code?: unknown } } | null;
  const code = found?.code ?? found?.parent?.code ?? found?.original?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : '';
}

/**
 * Whether the database refused a batch for what its rows hold, so that a part of it may well be stored: a data
 * exception (class 22: a character it cannot store, a value out of range), an integrity constraint (23) or a
 * program limit (54: a value too large for an index). A lost connection, a timeout or a shutdown refuses every
 * part alike: the batch fails as a whole, without writing it again piece by piece.
 */
export function refusedForItsRows(error: unknown): boolean {
  return ['22', '23', '54'].includes(sqlState(error).slice(0, 2));
}

/** Whether a batch may be written again: each of its events has the id and time it is stored with. */
const writtenAlike = (batch: Pending[]) => batch.every((pending) => pending.events.every((event) => Boolean(event.id && event.created)));

export interface GroupCommitOptions {
  /** The most events a batch holds. */
  maxBatch?: number;
  /**
   * How many batches may be written at once, each on its own lane (`write`'s second argument): a connection of its
   * own, or, for lockedGroupCommit, a place in one pipelined connection's queue.
   */
  lanes?: number;
  /** How many events must be waiting before a batch starts beside one being written. */
  secondAt?: number;
  /**
   * A second batch starts only once as many events wait as the batch being written holds (and at least
   * `secondAt`): for batches sent one behind the other down one connection (lockedGroupCommit).
   */
  matchWritten?: boolean;
  /**
   * With nothing being written, a batch starts once `gatherAt` events wait (default `secondAt`) or the first of them
   * has waited `gatherMs` (default: after one turn of the event loop, see GroupCommit).
   */
  gatherMs?: number;
  gatherAt?: number;
  /** Which failures of `write` the batch is split for (default refusedForItsRows). */
  splitOn?: (error: unknown) => boolean;
}

/**
 * Group commit: events submitted while a batch commits wait for the next one; each submit is settled when the
 * batch holding it committed (or failed).
 *
 * One batch at a time while the traffic is light. With `lanes` > 1, a second batch starts beside the one being
 * written once `secondAt` events or more wait (a burst, or the backlog after the machine stood still): the database
 * adds up one batch while the process prepares and answers the other, instead of idling between them. Below that,
 * the waiting events go in the next batch, so light traffic does not pay a batch's fixed cost twice as often. With
 * `gatherMs` (GATHER), a batch started while nothing is written waits up to that long for more events.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private queued = 0;
  private readonly free: number[];
  private writing = 0;
  private gathering = false;
  private closed = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly secondAt: number;
  private readonly matchWritten: boolean;
  private readonly gatherMs: number;
  private readonly gatherAt: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The size of each batch being written, by lane. */
  private readonly sizes = new Map<number, number>();
  private readonly splitOn: (error: unknown) => boolean;

  constructor(private readonly write: (events: TrackedEvent[], lane: number) => Promise<unknown>, options: GroupCommitOptions = {}) {
    this.maxBatch = options.maxBatch ?? 5000;
    this.secondAt = options.secondAt ?? 16;
    this.matchWritten = options.matchWritten ?? false;
    this.gatherMs = options.gatherMs ?? 0;
    this.gatherAt = options.gatherAt ?? this.secondAt;
    this.splitOn = options.splitOn ?? refusedForItsRows;
    this.free = Array.from({ length: Math.max(1, options.lanes ?? 1) }, (_, lane) => lane).reverse();
  }

  submit(events: TrackedEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new PipelineUnavailable('closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject, at: this.gatherMs ? performance.now() : 0 });
      this.queued += events.length;
      if (this.writing === 0) this.gather();
      else if (this.queued >= this.besideAt()) this.next();
    });
  }

  /**
   * With nothing being written, when to start the next batch: after one turn of the event loop (the requests that
   * arrive together join it), or, with `gatherMs`, once `gatherAt` events wait or the first of them waited `gatherMs`.
   */
  private gather(): void {
    if (!this.gatherMs) {
      if (this.gathering) return;
      this.gathering = true;
      setImmediate(() => {
        this.gathering = false;
        this.next();
      });
      return;
    }
    if (!this.queue.length) return;
    const wait = this.queue[0].at + this.gatherMs - performance.now();
    if (this.queued >= this.gatherAt || wait <= 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.next();
    } else if (!this.timer) {
      // While the timer is set, events wait in the queue (close() waits for them).
      this.timer = setTimeout(() => {
        this.timer = undefined;
        if (this.writing === 0) this.next();
      }, wait);
    }
  }

  /** Starts a batch of what waits on a free lane, if any. */
  private next(): void {
    if (!this.queue.length || !this.free.length) return;
    const lane = this.free.pop()!;
    const batch: Pending[] = [];
    let size = 0;
    while (this.queue.length && (size === 0 || size + this.queue[0].events.length <= this.maxBatch)) {
      const pending = this.queue.shift()!;
      batch.push(pending);
      size += pending.events.length;
    }
    this.queued -= size;
    this.writing += 1;
    this.sizes.set(lane, size);
    let written: Promise<unknown>;
    try {
      written = this.write(batch.flatMap((pending) => pending.events), lane);
    } catch (error) {
      written = Promise.reject(error);
    }
    // The lane is free again and the next batch on its way before this batch's requests are answered: the database
    // adds up the next batch while this process answers (at the peak, 6 % more billed clicks a second).
    const settle = () => {
      this.writing -= 1;
      this.sizes.delete(lane);
      this.free.push(lane);
      // The next batch when nothing else is being written (right away, or gathered with `gatherMs`); beside another
      // only when enough wait.
      if (this.writing === 0 && this.gatherMs) this.gather();
      else if (this.writing === 0 || this.queued >= this.besideAt()) this.next();
      if (this.writing === 0 && !this.queue.length) for (const done of this.idle.splice(0)) done();
    };
    written.then(
      () => {
        settle();
        for (const pending of batch) pending.resolve();
      },
      (error: unknown) => {
        if (batch.length < 2 || !this.splitOn(error) || !writtenAlike(batch)) {
          settle();
          for (const pending of batch) pending.reject(error);
          return;
        }
        // The lane stays taken while the halves are written on it.
        void this.inHalves(batch, lane).then(settle);
      },
    );
  }

  /**
   * Writes a refused batch again in two halves by submit, one after the other, each half refused in turn split
   * again: every submit is settled with the write of the smallest part that held it (a submit refused alone is
   * rejected with the database's error).
   */
  private async inHalves(batch: Pending[], lane: number): Promise<void> {
    const middle = Math.ceil(batch.length / 2);
    for (const half of [batch.slice(0, middle), batch.slice(middle)]) {
      try {
        await this.write(half.flatMap((pending) => pending.events), lane);
      } catch (error) {
        if (half.length > 1 && this.splitOn(error)) await this.inHalves(half, lane);
        else for (const pending of half) pending.reject(error);
        continue;
      }
      for (const pending of half) pending.resolve();
    }
  }

  /** How many events must wait for a batch to start beside (or behind) those being written. */
  private besideAt(): number {
    return this.matchWritten ? Math.max(this.secondAt, ...this.sizes.values()) : this.secondAt;
  }

  /** Writes what is queued and takes no more (graceful stop). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.writing === 0 && !this.queue.length && !this.gathering) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}

/**
 * How the tracking endpoints' group commits gather a batch while nothing is being written: up to 4 ms, or until 16
 * events wait. A batch has a fixed cost in the database (a billed batch of one click costs about as much of
 * PostgreSQL's CPU as twenty clicks more, some 0.65 ms), and at a moderate rate a batch started on the next turn of
 * the event loop would hold only a few events: at half the peak, the billed clicks' one writer would be busy four
 * fifths of the time, so a pause of the machine would take long to catch up on (hundreds of late answers, the p99).
 * Gathering cuts PostgreSQL's CPU per billed click and per onsite event at half the peak by a third or more, for
 * 1-2 ms more at the median (bench/tracking.ts, docs/performance.md). At the peak a batch is nearly always being
 * written; `gatherAt` stays well below a batch there (some 25 clicks at 50 connections): 6 ms or 32 events leave the
 * billed writer idle between batches and cost a fifth of the peak.
 */
export const GATHER = { gatherMs: 4, gatherAt: 16 } as const;

/**
 * The group commit of the batches that lock an advertiser, where `write` sends every batch down one connection of its
 * own in pipeline mode (prepared.ts): once as many events wait as the batch being written holds (at least 4), the
 * next batch is sent behind it, and the database starts it the moment the first one committed, instead of idling
 * until this process got round to the answer and sent the next (at the peak on a slow machine, 2.4 of the 7.2 ms a
 * batch of 25 clicks took). As many as the first: at a steady rate, about when the first is done, so the batches
 * stay as large as without sending ahead (each pays a batch's fixed cost). The two never wait for each other's
 * lock: one connection runs them one after the other.
 */
export const lockedGroupCommit = (write: (events: TrackedEvent[]) => Promise<unknown>): GroupCommit =>
  new GroupCommit(write, { lanes: 2, secondAt: 4, matchWritten: true, ...GATHER });
