/**
 * One writer per `npm start` for the batches that lock an advertiser (pipeline.ts: everything that counts for a
 * campaign): the workers (cluster) hand such submits to the primary process, whose group commit writes what all of
 * them sent as one batch, and answer their requests when the primary says it committed (or 503 when it failed).
 * The workers' batches of one advertiser took turns at its lock, each paying a batch's fixed cost for half the
 * events: one writer makes fewer, larger batches and waits for no other process's lock. Batches that lock nothing
 * (onsite events, bots) are still written by each worker itself. Several `npm start` servers on one database each
 * have their own writer; their batches take turns at the advertisers' locks as before (scaleout.test.ts).
 */
import type { PrimaryService } from '@adsuite/backend/kit';
import { GroupCommit, lockedGroupCommit, PipelineUnavailable, type TrackedEvent } from './pipeline.ts';

const SUBMIT = 'adsuite:tracking-submit';
const DONE = 'adsuite:tracking-done';

interface SubmitMessage { type: typeof SUBMIT; submits: { id: number; events: TrackedEvent[] }[] }
interface DoneMessage { type: typeof DONE; done: { id: number; error?: string }[] }

const isSubmit = (message: unknown): message is SubmitMessage => (message as SubmitMessage | null)?.type === SUBMIT;
const isDone = (message: unknown): message is DoneMessage => (message as DoneMessage | null)?.type === DONE;

/** An event as it crossed the process boundary (JSON: its time is a string again). */
const revived = (event: TrackedEvent): TrackedEvent => (typeof event.created === 'string' ? { ...event, created: new Date(event.created) } : event);

/**
 * The primary's side: takes the workers' submits into one group commit and answers each worker what committed.
 * `pipelined`: `write` sends every batch down one pipelined connection (lockedGroupCommit).
 */
export function trackingWriter(write: (events: TrackedEvent[]) => Promise<unknown>, pipelined = false): PrimaryService {
  const pipeline = pipelined ? lockedGroupCommit(write) : new GroupCommit(write);
  return {
    handle(message, reply) {
      if (!isSubmit(message)) return false;
      // The submits of one message arrive together, so they are written together: one answer when all settled.
      void Promise.all(message.submits.map(({ id, events }) => pipeline.submit(events.map(revived)).then(
        () => ({ id }),
        (error: unknown) => ({ id, error: (error as Error)?.message ?? String(error) }),
      ))).then((done) => reply({ type: DONE, done } satisfies DoneMessage));
      return true;
    },
    close: () => pipeline.close(),
  };
}

/**
 * A worker's side: what it submits in one turn of its event loop goes to the primary as one message; each submit
 * is settled when the primary answers for it.
 */
export class PrimaryWriter {
  private next = 1;
  private readonly pending = new Map<number, { resolve(): void; reject(error: unknown): void }>();
  private outbox: SubmitMessage['submits'] = [];

  /** `send` hands a message to the primary and calls `failed` when it could not. */
  constructor(private readonly send: (message: SubmitMessage, failed: (error: Error) => void) => void, listen: (onMessage: (message: unknown) => void) => void) {
    listen((message) => {
      if (!isDone(message)) return;
      for (const { id, error } of message.done) {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (error === undefined) waiting?.resolve();
        else waiting?.reject(new PipelineUnavailable(error));
      }
    });
  }

  submit(events: TrackedEvent[]): Promise<void> {
    const id = this.next++;
    if (this.outbox.length === 0) setImmediate(() => this.flush());
    this.outbox.push({ id, events });
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private flush() {
    const submits = this.outbox;
    this.outbox = [];
    // The primary is gone (the worker ends with it): nothing of these was stored.
    const failed = (error: Error) => {
      for (const { id } of submits) {
        this.pending.get(id)?.reject(new PipelineUnavailable(error.message));
        this.pending.delete(id);
      }
    };
    try {
      this.send({ type: SUBMIT, submits }, failed);
    } catch (error) {
      failed(error as Error);
    }
  }
}
