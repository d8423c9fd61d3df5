/**
 * GroupCommit without a database: one batch at a time, and the submits that arrive while a batch waits for its
 * lock join it when its write takes them up (TakeMore), settled with it; the others wait for the next batch.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, type TakeMore, type TrackedEvent } from './pipeline.ts';

const click = (advertiser: string): TrackedEvent => ({ kind: 'click', advertiser });

describe('GroupCommit', () => {
  it('adds what arrived during a batch\'s lock wait to that batch when its write accepts it, the rest goes next', async () => {
    const written: string[][] = [];
    let locked!: () => void;
    const lockWait = new Promise<void>((resolve) => (locked = resolve));
    const pipeline = new GroupCommit(async (events: TrackedEvent[], more: TakeMore) => {
      if (written.length === 0) await lockWait;
      const all = [...events, ...more((event) => event.advertiser === 'a')];
      written.push(all.map((event) => event.advertiser));
    });
    const settled: string[] = [];
    const first = pipeline.submit([click('a')]).then(() => settled.push('first'));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch waits for its lock; these arrive meanwhile.
    const second = pipeline.submit([click('a'), click('a')]).then(() => settled.push('second'));
    const other = pipeline.submit([click('b')]).then(() => settled.push('other'));
    const third = pipeline.submit([click('a')]).then(() => settled.push('third'));
    locked();
    await Promise.all([first, second, other, third]);
    expect(written).toEqual([['a', 'a', 'a', 'a'], ['b']]);
    expect(settled.slice(0, 3).sort()).toEqual(['first', 'second', 'third']);
    expect(settled[3]).toBe('other');
  });

  it('rejects every submit of a batch whose write failed, those it took up included', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => (release = resolve));
    const pipeline = new GroupCommit(async (_events: TrackedEvent[], more: TakeMore) => {
      await wait;
      more(() => true);
      throw new Error('refused');
    });
    const first = pipeline.submit([click('a')]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = pipeline.submit([click('a')]);
    release();
    await expect(first).rejects.toThrow('refused');
    await expect(later).rejects.toThrow('refused');
  });
});
