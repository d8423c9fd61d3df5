import { describe, expect, it } from 'vitest';
import {
  bidOfPrice, bookedBid, DEFAULT_CLICK_PRICE, DEFAULT_MILLE_PRICE, DEFAULT_ORDER_PRICE, mediaPartOf, platformFeeOf,
} from './pricing.ts';

/** What the pipeline bills for one unit of a bid, in cents (plugins/tracking costMilli: bid x (1 + fee), per thousandth). */
const billed = (bid: number, fee: number) => Math.round(bid * 1000 * (1 + fee)) / 1000;

describe('pricing', () => {
  it('splits a charge into media and fee (kept as it was)', () => {
    expect(mediaPartOf(75_000, 'platform161')).toBe(50_000);
    expect(platformFeeOf(75_000, 'platform161')).toBe(25_000);
    expect(mediaPartOf(130, 'outbrain')).toBe(100);
    expect(mediaPartOf(-5, 'platform161')).toBe(0);
  });

  it('prices a click at 2.50 EUR, a thousand views at 5.00 EUR and an order at 25.00 EUR all-in without a goal value', () => {
    expect([DEFAULT_CLICK_PRICE, DEFAULT_MILLE_PRICE, DEFAULT_ORDER_PRICE]).toEqual([250, 500, 2_500]);
    expect(bookedBid({ goal: 'clicks', budget: 15_000 }, 'platform161')).toEqual({ bidType: 'CPC', price: 250, bid: 166 });
    expect(bookedBid({ goal: 'impressions', budget: 15_000 }, 'platform161')).toEqual({ bidType: 'CPM', price: 500, bid: 333 });
    expect(bookedBid({ goal: 'orders', budget: 15_000 }, 'ssp1')).toEqual({ bidType: 'CPO', price: 2_500, bid: 1_666 });
    // Outbrain's and Google Ads' smaller fees leave more of the price to the media.
    expect(bookedBid({ goal: 'clicks', budget: 0 }, 'outbrain').bid).toBe(192);
    expect(bookedBid({ goal: 'clicks', budget: 0 }, 'googleads').bid).toBe(217);
    // No goal: clicks, the booking's default goal.
    expect(bookedBid({ budget: 100 }, 'platform161').bidType).toBe('CPC');
  });

  it('divides the budget by the goal value (thousands of views for impressions)', () => {
    // 300 EUR for 200 clicks: 1.50 EUR a click, 1.00 EUR of it media on Platform 161.
    expect(bookedBid({ goal: 'clicks', goalValue: 200, budget: 30_000 }, 'platform161')).toEqual({ bidType: 'CPC', price: 150, bid: 100 });
    // 300 EUR for 100,000 views (goal value 100 per mille): 3.00 EUR a thousand.
    expect(bookedBid({ goal: 'impressions', goalValue: 100, budget: 30_000 }, 'platform161')).toEqual({ bidType: 'CPM', price: 300, bid: 200 });
    expect(bookedBid({ goal: 'orders', goalValue: '12', budget: 30_000 }, 'platform161')).toEqual({ bidType: 'CPO', price: 2_500, bid: 1_666 });
    // 100 EUR for 7 clicks: rounded down to the cent, so the budget buys at least the goal.
    expect(bookedBid({ goal: 'clicks', goalValue: 7, budget: 10_000 }, 'platform161').price).toBe(1_428);
    // No, a zero, a negative or an unreadable goal value, or no budget: the default.
    for (const goalValue of [null, undefined, 0, -3, 'x', '', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(bookedBid({ goal: 'clicks', goalValue, budget: 30_000 }, 'platform161').price, String(goalValue)).toBe(250);
    }
    expect(bookedBid({ goal: 'clicks', goalValue: 10, budget: 0 }, 'platform161').price).toBe(250);
  });

  it('prices the affiliate channels as their names say, the goal value only where it counts the same thing', () => {
    expect(bookedBid({ goal: 'clicks', goalValue: 200, budget: 30_000 }, 'affiliate')).toEqual({ bidType: 'CPO', price: 2_500, bid: 1_666 });
    expect(bookedBid({ goal: 'orders', goalValue: 10, budget: 30_000 }, 'affiliate')).toEqual({ bidType: 'CPO', price: 3_000, bid: 2_000 });
    expect(bookedBid({ goal: 'impressions', budget: 30_000 }, 'affiliate_cpc').bidType).toBe('CPC');
  });

  it('bills at most the price and at least a cent: the bid is the price without the fee, rounded down', () => {
    for (const channel of ['platform161', 'outbrain', 'googleads', 'unknown']) {
      const fee = channel === 'outbrain' ? 0.3 : channel === 'googleads' ? 0.15 : 0.5;
      for (let price = 1; price <= 5_000; price += 7) {
        const bid = bidOfPrice(price, channel);
        expect(bid).toBeGreaterThanOrEqual(1);
        if (price >= 2) expect(billed(bid, fee), `${channel} ${price}`).toBeLessThanOrEqual(price);
        expect(billed(bid + 1, fee), `${channel} ${price}`).toBeGreaterThan(price);
      }
    }
    // A whole media price stays whole (115 / 1.15 is a hair below 100 in floating point).
    expect(bidOfPrice(115, 'googleads')).toBe(100);
    expect(bidOfPrice(0, 'platform161')).toBe(1);
  });
});
