/**
 * GroupCommit without a database: one batch at a time; the submits that arrive while a batch is written wait
 * and go together in the next one, each settled with the batch that held it; a failed write rejects its batch only,
 * and a batch the database refused for its rows is written again in halves until only the failing submits are refused.
 * With two lanes, a second batch starts beside the first only once enough events wait.
 */
import { describe, expect, it } from 'vitest';
import { GATHER, GroupCommit, lockedGroupCommit, type TrackedEvent } from './pipeline.ts';
import { refusedForItsRows } from './groupCommit.ts';

const click = (advertiser: string): TrackedEvent => ({ kind: 'click', advertiser });
let ids = 0;
/** A click as the endpoints submit it: with the id and time it is stored with. */
const stamped = (advertiser: string): TrackedEvent => ({ kind: 'click', advertiser, id: `id-${++ids}`, created: new Date() });
/** What node-postgres rejects with when the database refuses a row (untranslatable character). */
const refusal = () => Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });

describe('GroupCommit', () => {
  it('writes what arrives during a batch as the next batch, one batch at a time', async () => {
    const written: string[][] = [];
    let writing = 0;
    let most = 0;
    let release!: () => void;
    const firstWrite = new Promise<void>((resolve) => (release = resolve));
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      writing += 1;
      most = Math.max(most, writing);
      if (written.length === 0) await firstWrite;
      written.push(events.map((event) => event.advertiser));
      writing -= 1;
    });
    const settled: string[] = [];
    const first = pipeline.submit([click('a')]).then(() => settled.push('first'));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is being written; these arrive meanwhile.
    const second = pipeline.submit([click('b'), click('c')]).then(() => settled.push('second'));
    const third = pipeline.submit([click('d')]).then(() => settled.push('third'));
    expect(settled).toEqual([]);
    release();
    await Promise.all([first, second, third]);
    expect(written).toEqual([['a'], ['b', 'c', 'd']]);
    expect(settled).toEqual(['first', 'second', 'third']);
    expect(most).toBe(1);
  });

  it('rejects every submit of a batch whose write failed, and writes the next batch', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => (release = resolve));
    const written: string[][] = [];
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      await wait;
      if (events.some((event) => event.advertiser === 'bad')) throw new Error('refused');
      written.push(events.map((event) => event.advertiser));
    });
    const first = pipeline.submit([click('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    const bad = pipeline.submit([click('bad')]);
    const sameBatch = pipeline.submit([click('b')]);
    release();
    await first;
    await expect(bad).rejects.toThrow('refused');
    await expect(sameBatch).rejects.toThrow('refused');
    await pipeline.submit([click('c')]);
    expect(written).toEqual([['a'], ['c']]);
  });

  it('splits what is queued into batches of at most maxBatch events', async () => {
    const sizes: number[] = [];
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      sizes.push(events.length);
    }, { maxBatch: 3 });
    await Promise.all([pipeline.submit([click('a'), click('a')]), pipeline.submit([click('b'), click('b')]), pipeline.submit([click('c')])]);
    expect(sizes).toEqual([2, 3]);
  });

  it('starts a second batch on the other lane while one is written once secondAt events wait, and no third', async () => {
    const started: { lane: number; advertisers: string[] }[] = [];
    const releases: (() => void)[] = [];
    let writing = 0;
    let most = 0;
    const pipeline = new GroupCommit(async (events: TrackedEvent[], lane: number) => {
      started.push({ lane, advertisers: events.map((event) => event.advertiser) });
      writing += 1;
      most = Math.max(most, writing);
      await new Promise<void>((resolve) => releases.push(resolve));
      writing -= 1;
    }, { lanes: 2, secondAt: 3 });
    const first = pipeline.submit([click('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([{ lane: 0, advertisers: ['a'] }]);
    // Two waiting events are fewer than secondAt: they wait for the first batch.
    const waiting = [pipeline.submit([click('b')]), pipeline.submit([click('c')])];
    expect(started).toHaveLength(1);
    // The third makes secondAt: a batch on the other lane starts at once.
    waiting.push(pipeline.submit([click('d')]));
    expect(started[1]).toEqual({ lane: 1, advertisers: ['b', 'c', 'd'] });
    // Both lanes busy: these wait, however many.
    const later = [pipeline.submit([click('e'), click('f'), click('g')])];
    expect(started).toHaveLength(2);
    releases.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    // The first lane is free again and three wait: they go there, beside the batch still on lane 1.
    expect(started[2]).toEqual({ lane: 0, advertisers: ['e', 'f', 'g'] });
    while (releases.length) releases.shift()!();
    await Promise.all([...waiting, ...later]);
    expect(most).toBe(2);
  });

  it('writes what waits below secondAt as soon as no batch is written, and close() waits for every lane', async () => {
    const written: string[][] = [];
    const releases: (() => void)[] = [];
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      written.push(events.map((event) => event.advertiser));
    }, { lanes: 2, secondAt: 10 });
    const first = pipeline.submit([click('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    const second = pipeline.submit([click('b')]);
    const closing = pipeline.close();
    await expect(pipeline.submit([click('late')])).rejects.toThrow('closed');
    let closed = false;
    void closing.then(() => (closed = true));
    releases.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    releases.shift()!();
    await second;
    await closing;
    expect(written).toEqual([['a'], ['b']]);
  });

  it('with gatherMs, starts a batch once gatherAt events wait or the first of them waited gatherMs', async () => {
    const started: { size: number; at: number }[] = [];
    const releases: (() => void)[] = [];
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      started.push({ size: events.length, at: performance.now() });
      await new Promise<void>((resolve) => releases.push(resolve));
    }, { gatherMs: 200, gatherAt: 3 });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Two events wait, fewer than gatherAt: nothing is written within a few turns of the event loop.
    const submitted = performance.now();
    const submits = [pipeline.submit([click('a')]), pipeline.submit([click('b')])];
    await sleep(5);
    expect(started).toEqual([]);
    // The third makes gatherAt: the batch starts at once, with all three.
    submits.push(pipeline.submit([click('c')]));
    expect(started.map((batch) => batch.size)).toEqual([3]);
    // While it is written, one more waits; once it is done, that one is gathered from when it was submitted.
    const alone = performance.now();
    submits.push(pipeline.submit([click('d')]));
    await sleep(10);
    releases.shift()!();
    await submits[0];
    await sleep(5);
    expect(started).toHaveLength(1);
    await sleep(200);
    expect(started.map((batch) => batch.size)).toEqual([3, 1]);
    expect(started[1].at - alone).toBeGreaterThanOrEqual(195); // timers keep whole milliseconds of the loop's clock
    expect(started[0].at - submitted).toBeLessThan(200);
    releases.shift()!();
    await Promise.all(submits);
    // close() waits for a batch still being gathered.
    const last = pipeline.submit([click('e')]);
    let closed = false;
    const closing = pipeline.close().then(() => (closed = true));
    await sleep(10);
    expect(closed).toBe(false);
    await sleep(200);
    expect(started.map((batch) => batch.size)).toEqual([3, 1, 1]);
    releases.shift()!();
    await Promise.all([last, closing]);
  });

  it('lockedGroupCommit sends the next batch behind the one being written once as many wait (at least 4), no third', async () => {
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const pipeline = lockedGroupCommit(async (events: TrackedEvent[]) => {
      started.push(events.length);
      await new Promise<void>((resolve) => releases.push(resolve));
    });
    const submits = [pipeline.submit([click('a')])];
    // Alone, the first is gathered for GATHER.gatherMs, then written.
    await new Promise((resolve) => setTimeout(resolve, GATHER.gatherMs + 5));
    expect(started).toEqual([1]);
    for (let i = 0; i < 3; i++) submits.push(pipeline.submit([click('b')]));
    // Three wait, fewer than 4: they wait for the batch being written.
    expect(started).toEqual([1]);
    submits.push(pipeline.submit([click('b')]));
    // The fourth: the next batch goes behind the first, before the first is done.
    expect(started).toEqual([1, 4]);
    for (let i = 0; i < 9; i++) submits.push(pipeline.submit([click('c')]));
    // Two batches out: these wait, however many.
    expect(started).toEqual([1, 4]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    // The first is done and nine wait, more than the 4 of the batch still out: they go behind it.
    expect(started).toEqual([1, 4, 9]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    // Behind the batch of 9 now being written, a next one goes only once 9 wait.
    for (let i = 0; i < 8; i++) submits.push(pipeline.submit([click('d')]));
    expect(started).toEqual([1, 4, 9]);
    submits.push(pipeline.submit([click('d')]));
    expect(started).toEqual([1, 4, 9, 9]);
    while (releases.length) releases.shift()!();
    await Promise.all(submits);
    expect(started).toEqual([1, 4, 9, 9]);
  });

  it('writes a batch the database refused for its rows again in halves: only the submits that fail alone are refused', async () => {
    const attempts: string[][] = [];
    const stored: string[] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const pipeline = new GroupCommit(async (events: TrackedEvent[]) => {
      if (!attempts.length) await first;
      attempts.push(events.map((event) => event.advertiser));
      if (events.some((event) => event.advertiser.startsWith('bad'))) throw refusal();
      stored.push(...events.map((event) => event.advertiser));
    });
    const opener = pipeline.submit([stamped('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    // One batch of eight submits (one of two events), two of them refused by the database.
    const names = ['b', 'c', 'bad-1', 'd', 'e', 'f', 'bad-2', 'g'];
    const settled = names.map((name) => pipeline.submit(name === 'e' ? [stamped(name), stamped(name)] : [stamped(name)]).then(() => 'stored', (error: Error) => error.message));
    release();
    await opener;
    expect(await Promise.all(settled)).toEqual(names.map((name) => (name.startsWith('bad') ? 'unsupported Unicode escape sequence' : 'stored')));
    // Each good event stored once, the bad ones never.
    expect(stored.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'e', 'f', 'g']);
    expect(attempts[1]).toEqual(['b', 'c', 'bad-1', 'd', 'e', 'e', 'f', 'bad-2', 'g']);
    // Halves by submit, each refused half halved again, down to the bad submits alone.
    expect(attempts.slice(2)).toEqual([
      ['b', 'c', 'bad-1', 'd'], ['b', 'c'], ['bad-1', 'd'], ['bad-1'], ['d'],
      ['e', 'e', 'f', 'bad-2', 'g'], ['e', 'e', 'f'], ['bad-2', 'g'], ['bad-2'], ['g'],
    ]);
    // The lane is free again: the next batch is written as usual.
    await pipeline.submit([stamped('h')]);
    expect(stored).toContain('h');
  });

  it('does not write a batch again when the database refused it as a whole, or when its events have no fixed id', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), {});
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect([refusal(), lost, timeout, Object.assign(new Error('duplicate key'), { parent: { code: '23505' } })].map(refusedForItsRows)).toEqual([true, false, false, true]);
    for (const [error, make] of [[lost, stamped], [timeout, stamped], [refusal(), click]] as const) {
      let writes = 0;
      const pipeline = new GroupCommit(async () => {
        writes += 1;
        throw error;
      });
      const results = await Promise.allSettled([pipeline.submit([make('a')]), pipeline.submit([make('b')]), pipeline.submit([make('c')])]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(writes).toBe(1);
    }
  });
});
