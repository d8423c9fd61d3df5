/**
 * GroupCommit without a database: one batch at a time; the submits that arrive while a batch is written wait
 * and go together in the next one, each settled with the batch that held it; a failed write rejects its batch only.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, type TrackedEvent } from './pipeline.ts';

const click = (advertiser: string): TrackedEvent => ({ kind: 'click', advertiser });

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
    }, 3);
    await Promise.all([pipeline.submit([click('a'), click('a')]), pipeline.submit([click('b'), click('b')]), pipeline.submit([click('c')])]);
    expect(sizes).toEqual([2, 3]);
  });
});
