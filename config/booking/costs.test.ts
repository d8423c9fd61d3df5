import { describe, expect, it } from 'vitest';
import { allocationWeights, bookingCosts, runtimeDays, splitCents } from './costs.ts';

const base = { start: '2026-12-01', end: '2026-12-31', channels: ['platform161', 'facebook', 'googleads'] };

describe('booking costs', () => {
  it('splits the budget in equal weights without a split, the programmatic fee on top of the media part per channel', () => {
    const costs = bookingCosts({ ...base, budget: 300 });
    expect(costs.total).toBe(300);
    expect(costs.days).toBe(30);
    expect(costs.channels.map((c) => [c.channel, c.budget, c.fee, c.net])).toEqual([
      ['platform161', 100, 33.34, 66.66],
      ['facebook', 100, 33.34, 66.66],
      ['googleads', 100, 13.05, 86.95],
    ]);
  });

  it('takes Outbrain\'s fee of 0.3', () => {
    const [outbrain] = bookingCosts({ ...base, channels: ['outbrain'], budget: 1000 }).channels;
    expect(outbrain).toMatchObject({ fee: 230.77, net: 769.23 });
  });

  it('uses the allocation weights only when the budget is split', () => {
    const allocation = [{ channel: 'platform161', weight: 2 }, { channel: 'facebook', weight: 1 }, { channel: 'googleads', weight: 1 }];
    expect(allocationWeights({ ...base, allocation }).map((a) => a.weight)).toEqual([1, 1, 1]);
    const costs = bookingCosts({ ...base, budget: 400, splitBudget: true, allocation });
    expect(costs.channels.map((c) => c.budget)).toEqual([200, 100, 100]);
  });

  it('estimates clicks as budget / 2.5', () => {
    expect(bookingCosts({ ...base, budget: 100 }).estimatedClicks).toBe(40);
    expect(bookingCosts({ ...base, dailyBudget: 5 }).estimatedClicks).toBe(60);
  });

  it('turns a daily budget into the total over the runtime, and one day for a booking that never ends', () => {
    expect(bookingCosts({ ...base, dailyBudget: 9 })).toMatchObject({ total: 270, dailyBudget: 9, days: 30 });
    expect(bookingCosts({ ...base, end: null, continously: true, dailyBudget: 9 })).toMatchObject({ total: 9, days: null });
    expect(runtimeDays({ start: '2026-12-01', end: '2026-12-02' })).toBe(1);
  });

  it('knows whether every channel minimum is covered', () => {
    // Facebook needs 2 EUR a day: 3 EUR a day over three channels gives it 1.
    const daily = bookingCosts({ ...base, dailyBudget: 3 });
    expect(daily.minimumCovered).toBe(false);
    expect(daily.channels.find((c) => c.channel === 'facebook')).toMatchObject({ dailyBudget: 1, minimum: 2, covered: false });
    expect(bookingCosts({ ...base, dailyBudget: 6 }).minimumCovered).toBe(true);
    // A total budget must cover the minimum times the runtime days: 30 days x 2 EUR = 60 EUR for Facebook.
    expect(bookingCosts({ ...base, budget: 150 }).minimumCovered).toBe(false);
    expect(bookingCosts({ ...base, budget: 180 }).minimumCovered).toBe(true);
  });

  it('splits cents so that the parts add up', () => {
    expect(splitCents(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitCents(0, [1, 2])).toEqual([0, 0]);
    const costs = bookingCosts({ ...base, budget: 10 });
    expect(costs.channels.reduce((sum, c) => sum + Math.round(c.budget * 100), 0)).toBe(1000);
  });

  it('never throws on nonsense', () => {
    expect(bookingCosts({ channels: 'x' as never, budget: 'abc' as never, allocation: 7 as never })).toMatchObject({ total: 0, channels: [], minimumCovered: false });
  });
});
