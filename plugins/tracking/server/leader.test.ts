/**
 * The primary's one writer (leader.ts) without processes or a database: two workers' submits, sent through a
 * JSON channel as the cluster's IPC does, are written together and each settled by the primary's answer; a
 * refused batch refuses every submit in it; a message the primary never got refuses its submits.
 */
import { describe, expect, it } from 'vitest';
import { PrimaryWriter, trackingWriter } from './leader.ts';
import { PipelineUnavailable, type TrackedEvent } from './pipeline.ts';

const click = (advertiser: string, created = new Date('2026-11-24T10:00:00Z')): TrackedEvent => ({ kind: 'click', advertiser, campaign: 'c', created });
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A worker wired to the primary's service through JSON messages. */
function workerOf(service: ReturnType<typeof trackingWriter>, sent: unknown[]) {
  let deliver: (message: unknown) => void = () => {};
  const writer = new PrimaryWriter(
    (message) => {
      sent.push(message);
      const taken = service.handle(JSON.parse(JSON.stringify(message)), (answer) => setImmediate(() => deliver(JSON.parse(JSON.stringify(answer)))));
      expect(taken).toBe(true);
    },
    (onMessage) => (deliver = onMessage),
  );
  return writer;
}

describe('the primary\'s writer of locking batches', () => {
  it('writes what two workers sent in one turn as one batch, with the events\' times, and settles each submit', async () => {
    const batches: TrackedEvent[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const service = trackingWriter(async (events) => {
      if (batches.length === 0) await first;
      batches.push(events);
    });
    const sent: unknown[] = [];
    const one = workerOf(service, sent);
    const two = workerOf(service, sent);
    const opening = one.submit([click('a')]);
    await tick();
    await tick();
    // While the first batch is written, both workers submit: one message each, written together next.
    const settled: string[] = [];
    const later = [
      one.submit([click('a'), click('b')]).then(() => settled.push('one')),
      two.submit([click('a')]).then(() => settled.push('two')),
      two.submit([click('c')]).then(() => settled.push('two again')),
    ];
    await tick();
    expect(sent).toHaveLength(3);
    release();
    await opening;
    await Promise.all(later);
    expect(batches.map((batch) => batch.map((event) => event.advertiser))).toEqual([['a'], ['a', 'b', 'a', 'c']]);
    expect(batches[1][0].created).toEqual(new Date('2026-11-24T10:00:00Z'));
    expect(settled.sort()).toEqual(['one', 'two', 'two again']);
    expect(service.handle({ type: 'something else' }, () => {})).toBe(false);
  });

  it('refuses every submit of a batch the database refused, and the next batch is written', async () => {
    const service = trackingWriter(async (events) => {
      if (events.some((event) => event.advertiser === 'bad')) throw new Error('could not serialize access');
    });
    const worker = workerOf(service, []);
    const refused = worker.submit([click('bad')]);
    const sameBatch = worker.submit([click('a')]);
    await expect(refused).rejects.toBeInstanceOf(PipelineUnavailable);
    await expect(sameBatch).rejects.toThrow('could not serialize access');
    await expect(worker.submit([click('a')])).resolves.toBeUndefined();
    await service.close();
    await expect(worker.submit([click('a')])).rejects.toThrow('closed');
  });

  it('refuses the submits of a message the primary did not get', async () => {
    const writer = new PrimaryWriter((_message, failed) => setImmediate(() => failed(new Error('channel closed'))), () => {});
    await expect(writer.submit([click('a')])).rejects.toThrow('channel closed');
    const throwing = new PrimaryWriter(() => {
      throw new Error('not connected');
    }, () => {});
    await expect(throwing.submit([click('a')])).rejects.toBeInstanceOf(PipelineUnavailable);
  });
});
