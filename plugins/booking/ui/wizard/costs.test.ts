import { describe, expect, it } from 'vitest';
import { equalAllocation } from './allocation.ts';
import { formatEuros } from '@adsuite/config/i18n/format';
import { formatFee, reviewCosts } from './costs.ts';
import { emptyDraft, type BookingDraft } from './draft.ts';

const draft = (changes: Partial<BookingDraft>): BookingDraft => ({ ...emptyDraft('2026-11-22'), ...changes });
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('review costs', () => {
  it('splits the budget by the weights, each channel\'s programmatic fee on top of its media part', () => {
    const channels = ['facebook', 'outbrain', 'googleads'];
    const costs = reviewCosts(draft({ dailyBudget: 90, end: '2026-11-23', channels, splitBudget: true, allocation: equalAllocation(channels) }));
    expect(costs.days).toBe(1);
    expect(costs.channels.map(({ channel, budget, fee, net }) => ({ channel, budget, fee, net }))).toEqual([
      { channel: 'facebook', budget: 30.6, fee: 10.2, net: 20.4 },
      { channel: 'outbrain', budget: 29.7, fee: 6.86, net: 22.84 },
      { channel: 'googleads', budget: 29.7, fee: 3.88, net: 25.82 },
    ]);
    expect(costs).toMatchObject({ total: 90, estimatedClicks: 36 });
  });

  it('checks every channel\'s daily minimum: Outbrain needs 30 EUR a day', () => {
    const channels = ['dv360', 'ssp1', 'outbrain'];
    const low = reviewCosts(draft({ dailyBudget: 5, channels, allocation: equalAllocation(channels) }));
    expect(low.minimumCovered).toBe(false);
    expect(low.channels.find((line) => line.channel === 'outbrain')).toMatchObject({ minimum: 30, covered: false });
    expect(low.channels.find((line) => line.channel === 'dv360')).toMatchObject({ covered: true });
    expect(reviewCosts(draft({ dailyBudget: 100, channels, allocation: equalAllocation(channels) })).minimumCovered).toBe(true);
  });

  it('takes the server\'s answer for the same channels, and the draft\'s own once the channels changed', () => {
    const server = { channels: [{ channel: 'dv360', budget: 150, fee: 75, net: 75 }], total: 150, estimatedClicks: 60, minimumCovered: true };
    const one = draft({ dailyBudget: 5, channels: ['dv360'], allocation: equalAllocation(['dv360']) });
    expect(reviewCosts(one, server as never)).toMatchObject({ total: 150, estimatedClicks: 60, channels: [{ channel: 'dv360', budget: 150, fee: 75, name: 'Display & Video 360' }] });
    const two = draft({ dailyBudget: 5, channels: ['dv360', 'ssp1'], allocation: equalAllocation(['dv360', 'ssp1']) });
    expect(reviewCosts(two, server as never).channels).toHaveLength(2);
  });

  it('reads euros the German way and fees as percentages', () => {
    expect(nbsp(formatEuros(1234.5))).toBe('1.234,50 €');
    expect(nbsp(formatEuros(0.1))).toBe('0,10 €');
    expect(formatFee(0.15)).toBe('15 %');
  });
});
