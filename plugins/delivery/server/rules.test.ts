import { describe, expect, it } from 'vitest';
import {
  capAllows, capVisitors, choose, costOf, CTR_FLOOR, expectedRate, isoDay, onDomain, pacingAllows, pickWeighted, RATE_MIN_VIEWS, targets, weightOf, type Candidate,
} from './rules.ts';

const candidate = (more: Partial<Candidate> = {}): Candidate => ({
  id: 'li', advertiser: 'a', campaign: 'c', channel: 'platform161', bidType: 'CPM', bidPrice: 200, fee: 0.5, pacing: 'evenly',
  dailyBudget: null, budget: null, capDay: null, capTotal: null, days: [], hours: [], allow: [], block: [], countries: [],
  creatives: new Map([['300x250', ['b']]]), ctr: CTR_FLOOR, cr: 0, ...more,
});
const at = (iso: string) => new Date(iso);

describe('pacing', () => {
  // 24 euro a day = 2,400,000 thousandths of a cent; a CPM view of 2 euro + 50 % costs 3,000.
  const daily = 2_400_000;
  const view = 3_000;

  it('never lets a view take the day over its daily budget, nor the line item over its total budget', () => {
    for (const pacing of ['no adjustment', 'as soon as possible', 'evenly', 'reach hourly goal'] as const) {
      expect(pacingAllows(candidate({ pacing, dailyBudget: daily }), { today: daily - view + 1, hourStart: 0, total: 0 }, view, at('2026-06-01T23:59:00Z'))).toBe(false);
      expect(pacingAllows(candidate({ pacing, budget: 10_000 }), { today: 0, hourStart: 0, total: 7_001 }, view, at('2026-06-01T00:00:00Z'))).toBe(false);
    }
    expect(pacingAllows(candidate({ pacing: 'as soon as possible', dailyBudget: daily }), { today: daily - view, hourStart: 0, total: 0 }, view, at('2026-06-01T00:00:01Z'))).toBe(true);
  });

  it('evenly: spreads what is left of the day over the hours left, and the hour over its minutes', () => {
    const li = candidate({ dailyBudget: daily });
    // 10:00 with 1,400,000 left for 14 hours: 100,000 this hour, a minute ahead of time.
    const hourStart = 1_000_000;
    const allows = (today: number, time: string) => pacingAllows(li, { today, hourStart, total: today }, view, at(`2026-06-01T${time}Z`));
    expect(allows(hourStart, '10:00:00')).toBe(true);
    expect(allows(hourStart + 1_666, '10:00:00')).toBe(true); // 1/60 of the hour's share is 1,666.7
    expect(allows(hourStart + 1_667, '10:00:00')).toBe(false);
    expect(allows(hourStart + 49_999, '10:29:00')).toBe(true); // (29 + 1) / 60 of 100,000
    expect(allows(hourStart + 49_999, '10:28:59')).toBe(false);
    expect(allows(hourStart + 99_999, '10:59:59')).toBe(true);
    expect(allows(hourStart + 100_000, '10:59:59')).toBe(false);
  });

  it('evenly: a day behind catches up over the hours left, not at once', () => {
    const li = candidate({ dailyBudget: daily });
    // Nothing spent by 12:00: 200,000 an hour for the 12 hours left.
    expect(pacingAllows(li, { today: 199_000, hourStart: 0, total: 0 }, view, at('2026-06-01T12:59:00Z'))).toBe(true);
    expect(pacingAllows(li, { today: 200_000, hourStart: 0, total: 0 }, view, at('2026-06-01T12:59:00Z'))).toBe(false);
  });

  it('reach hourly goal: keeps up with a 24th of the daily budget per hour, as soon as possible within the hour', () => {
    const li = candidate({ pacing: 'reach hourly goal', dailyBudget: daily });
    expect(pacingAllows(li, { today: 299_999, hourStart: 200_000, total: 0 }, view, at('2026-06-01T02:00:00Z'))).toBe(true);
    expect(pacingAllows(li, { today: 300_000, hourStart: 200_000, total: 0 }, view, at('2026-06-01T02:59:59Z'))).toBe(false);
  });

  it('spreads the day over the line item\'s delivery hours only', () => {
    // From 8 to 18 UTC: evenly at 8:00 has 10 hours for the whole budget; reach hourly goal a tenth an hour.
    const hours = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
    const evenly = candidate({ dailyBudget: daily, hours });
    expect(pacingAllows(evenly, { today: 239_999, hourStart: 0, total: 0 }, view, at('2026-06-01T08:59:59Z'))).toBe(true);
    expect(pacingAllows(evenly, { today: 240_000, hourStart: 0, total: 0 }, view, at('2026-06-01T08:59:59Z'))).toBe(false);
    expect(pacingAllows(evenly, { today: 2_159_999, hourStart: 2_160_000 - 240_000, total: 0 }, view, at('2026-06-01T17:59:59Z'))).toBe(true);
    const hourly = candidate({ pacing: 'reach hourly goal', dailyBudget: daily, hours });
    expect(pacingAllows(hourly, { today: 479_999, hourStart: 0, total: 0 }, view, at('2026-06-01T09:00:00Z'))).toBe(true);
    expect(pacingAllows(hourly, { today: 480_000, hourStart: 0, total: 0 }, view, at('2026-06-01T09:59:00Z'))).toBe(false);
    expect(pacingAllows(hourly, { today: 2_396_999, hourStart: 0, total: 0 }, view, at('2026-06-01T17:00:00Z'))).toBe(true);
  });

  it('as soon as possible and no adjustment spend until the daily budget is used up; without a daily budget nothing is paced', () => {
    for (const pacing of ['as soon as possible', 'no adjustment'] as const) {
      expect(pacingAllows(candidate({ pacing, dailyBudget: daily }), { today: 2_000_000, hourStart: 0, total: 0 }, view, at('2026-06-01T00:10:00Z'))).toBe(true);
    }
    expect(pacingAllows(candidate(), { today: 10 ** 9, hourStart: 0, total: 10 ** 9 }, view, at('2026-06-01T00:10:00Z'))).toBe(true);
  });
});

describe('frequency caps', () => {
  it('counts views per visitor per day and in all; none set caps nothing', () => {
    expect(capAllows(candidate(), null, undefined)).toBe(true);
    const daily = candidate({ capDay: 2 });
    expect(capAllows(daily, 'v', { today: 1, total: 9 })).toBe(true);
    expect(capAllows(daily, 'v', { today: 2, total: 2 })).toBe(false);
    const total = candidate({ capTotal: 3 });
    expect(capAllows(total, 'v', { today: 0, total: 2 })).toBe(true);
    expect(capAllows(total, 'v', { today: 0, total: 3 })).toBe(false);
  });

  it('gives no capped line item to a visitor without an id (opt-out): its views could not be counted', () => {
    expect(capAllows(candidate({ capDay: 5 }), null, undefined)).toBe(false);
  });

  it('counts by the cookie the browser sent, else by the IP hash; a cookie made for the request counts besides', () => {
    const who = { optedOut: false, minted: false, cookie: 'c', ipHash: 'h' };
    expect(capVisitors(who)).toEqual({ capper: 'c', counted: ['c'] });
    expect(capVisitors({ ...who, minted: true })).toEqual({ capper: 'h', counted: ['h', 'c'] });
    expect(capVisitors({ ...who, cookie: null })).toEqual({ capper: 'h', counted: ['h'] });
    expect(capVisitors({ optedOut: true, minted: false, cookie: null, ipHash: null })).toEqual({ capper: null, counted: [] });
  });
});

describe('targeting', () => {
  const request = { site: 'news.example.com', country: 'DE', now: at('2026-06-01T10:30:00Z') }; // a Monday

  it('time slots: days of the week (1 = Monday) and hours in UTC', () => {
    expect(isoDay(request.now)).toBe(1);
    expect(targets(candidate({ days: [1, 2] }), request)).toBe(true);
    expect(targets(candidate({ days: [6, 7] }), request)).toBe(false);
    expect(targets(candidate({ hours: [10] }), request)).toBe(true);
    expect(targets(candidate({ hours: [9, 11] }), request)).toBe(false);
  });

  it('domains: a blocked domain and its subdomains get nothing; an allow list delivers on its domains only', () => {
    expect(onDomain('news.example.com', ['example.com'])).toBe(true);
    expect(onDomain('badexample.com', ['example.com'])).toBe(false);
    expect(onDomain('a.b.example.com', ['*.example.com'])).toBe(true);
    expect(targets(candidate({ block: ['example.com'] }), request)).toBe(false);
    expect(targets(candidate({ allow: ['news.example.com'] }), request)).toBe(true);
    expect(targets(candidate({ allow: ['other.org'] }), request)).toBe(false);
  });

  it('countries: only the listed ones; an unknown country gets no country-targeted line item', () => {
    expect(targets(candidate({ countries: ['DE', 'AT'] }), request)).toBe(true);
    expect(targets(candidate({ countries: ['FR'] }), request)).toBe(false);
    expect(targets(candidate({ countries: ['DE'] }), { ...request, country: null })).toBe(false);
    expect(targets(candidate(), { ...request, country: null })).toBe(true);
  });
});

describe('the choice', () => {
  it('prices a view by the bid for what the line item buys, the fee included', () => {
    expect(costOf(candidate(), 'view')).toBe(300);
    expect(costOf(candidate({ bidType: 'CPC', bidPrice: 45 }), 'click')).toBe(67_500);
    expect(costOf(candidate({ bidType: 'CPC', bidPrice: 45 }), 'view')).toBe(0);
  });

  it('expects a new line item to earn at least the floor, an established one its own rate', () => {
    expect(expectedRate(0, 10, CTR_FLOOR)).toBe(CTR_FLOOR);
    expect(expectedRate(5, 100, CTR_FLOOR)).toBe(0.05);
    expect(expectedRate(1, RATE_MIN_VIEWS, CTR_FLOOR)).toBe(1 / RATE_MIN_VIEWS);
  });

  it('weights by expected revenue per view: bid x expected click rate for CPC, the view price for CPM', () => {
    const cpc = candidate({ bidType: 'CPC', bidPrice: 100, fee: 0, ctr: 0.01 });
    const cpm = candidate({ bidType: 'CPM', bidPrice: 500, fee: 0 });
    expect(weightOf(cpc)).toBe(1_000); // 1 euro a click x 1 %
    expect(weightOf(cpm)).toBe(500); // 5 euro per thousand
    const picked = { cpc: 0, cpm: 0 };
    for (let i = 0; i < 3_000; i++) picked[choose([cpc, cpm], i / 3_000) === cpc ? 'cpc' : 'cpm'] += 1;
    expect(picked).toEqual({ cpc: 2_000, cpm: 1_000 });
  });

  it('takes line items paced as soon as possible first, and nothing from an empty list', () => {
    const asap = candidate({ id: 'asap', pacing: 'as soon as possible', bidPrice: 1 });
    const rich = candidate({ id: 'rich', bidPrice: 100_000 });
    expect(choose([rich, asap], 0.99)?.id).toBe('asap');
    expect(choose([], 0.5)).toBeNull();
    expect(pickWeighted(['x'], () => 0, 0.5)).toBe('x');
  });
});
