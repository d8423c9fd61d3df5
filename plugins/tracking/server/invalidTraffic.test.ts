import { describe, expect, it } from 'vitest';
import { CLICK_VIEW_WINDOW_MS } from '@adsuite/config/invalidTraffic';
import { clickReason, overClickRate, RecentKeys, requestReason, Screening } from './invalidTraffic.ts';
import type { TrackedEvent } from './pipeline.ts';

const MINUTE = 60_000;
const T = Date.parse('2026-06-01T12:00:00.000Z');

describe('the click rate of one visitor on a campaign', () => {
  it('allows a click a minute, 3 in 10 minutes, 10 an hour and 25 a day', () => {
    expect(overClickRate([], T)).toBe(false);
    expect(overClickRate([T - 30_000], T)).toBe(true);
    expect(overClickRate([T - MINUTE], T)).toBe(false);
    expect(overClickRate([T - 2 * MINUTE, T - 4 * MINUTE], T)).toBe(false);
    expect(overClickRate([T - 2 * MINUTE, T - 4 * MINUTE, T - 6 * MINUTE], T)).toBe(true);
    expect(overClickRate([T - 2 * MINUTE, T - 4 * MINUTE, T - 10 * MINUTE], T)).toBe(false);
    const hourly = (n: number) => Array.from({ length: n }, (_, i) => T - (i + 1) * 5 * MINUTE - 11 * MINUTE).filter((time) => T - time < 3_600_000);
    expect(hourly(9)).toHaveLength(9);
    expect(overClickRate(hourly(9), T)).toBe(false);
    expect(overClickRate([...hourly(9), T - 59 * MINUTE], T)).toBe(true);
    const daily = (n: number) => Array.from({ length: n }, (_, i) => T - 2 * 3_600_000 - i * 50 * MINUTE);
    expect(overClickRate(daily(24), T)).toBe(false);
    expect(overClickRate(daily(25), T)).toBe(true);
    expect(overClickRate([T - 24 * 3_600_000], T)).toBe(false);
  });
});

describe('a click judged by what the visitor did before', () => {
  it('is a repeated click first, then the link of a capped view, then one without a view, then over the rate', () => {
    expect(clickReason({ repeated: true, viewed: false, prior: [T - 1000], at: T })).toBe('repeated_click');
    expect(clickReason({ repeated: true, cappedView: true, viewed: true, prior: [], at: T })).toBe('repeated_click');
    expect(clickReason({ repeated: false, cappedView: true, viewed: true, prior: [], at: T })).toBe('capped');
    expect(clickReason({ repeated: false, viewed: false, prior: [T - 1000], at: T })).toBe('click_without_view');
    expect(clickReason({ repeated: false, viewed: true, prior: [T - 1000], at: T })).toBe('click_rate');
    expect(clickReason({ repeated: false, viewed: true, prior: [T - 2 * MINUTE], at: T })).toBeNull();
  });
});

describe('a request that is not billed by what it says', () => {
  const facts = { kind: 'click' as const, bot: false, optedOut: false, stopped: null };
  it('names a bot, an opted-out click, a stopped line item, a blacklisted website and an unknown publisher', () => {
    expect(requestReason(facts)).toBeNull();
    expect(requestReason({ ...facts, bot: true, optedOut: true })).toBe('bot');
    expect(requestReason({ ...facts, optedOut: true })).toBe('opt_out');
    expect(requestReason({ ...facts, kind: 'view', optedOut: true })).toBeNull();
    expect(requestReason({ ...facts, stopped: 'budget', blocked: true })).toBe('budget');
    expect(requestReason({ ...facts, stopped: 'paused' })).toBe('paused');
    expect(requestReason({ ...facts, blocked: true, unknownPublisher: true })).toBe('blocked_website');
    expect(requestReason({ ...facts, unknownPublisher: true })).toBe('unknown_publisher');
  });
});

describe('keys seen in the last hour (Bloom filters per 10 minutes)', () => {
  it('holds every key added within the window and forgets those before it', () => {
    const keys = new RecentKeys(CLICK_VIEW_WINDOW_MS);
    for (let n = 0; n < 50_000; n++) keys.add(`visitor-${n}|banner|lineitem`, T - (n % 50) * MINUTE);
    for (let n = 0; n < 50_000; n += 7) expect(keys.has(`visitor-${n}|banner|lineitem`, T)).toBe(true);
    // About 1 % of keys never added answer yes; an hour and more later, the old periods are gone.
    let wrong = 0;
    for (let n = 0; n < 20_000; n++) if (keys.has(`stranger-${n}|banner|lineitem`, T)) wrong += 1;
    expect(wrong / 20_000).toBeLessThan(0.03);
    keys.add('later', T + 2 * 3_600_000);
    expect(keys.has('visitor-0|banner|lineitem', T + 2 * 3_600_000)).toBe(false);
    expect(keys.has('later', T + 2 * 3_600_000)).toBe(true);
  });

  it('grows a full period with a larger filter instead of losing precision', () => {
    const keys = new RecentKeys(CLICK_VIEW_WINDOW_MS);
    for (let n = 0; n < 400_000; n++) keys.add(`v${n}`, T);
    expect(keys.size).toBeGreaterThan(128 * 1024);
    let wrong = 0;
    for (let n = 0; n < 20_000; n++) if (keys.has(`w${n}`, T)) wrong += 1;
    expect(wrong / 20_000).toBeLessThan(0.05);
  });
});

describe("a writer's screening of live views and clicks", () => {
  const ad = { advertiser: 'a', campaign: 'c', lineitem: 'l', banner: 'b', live: true };
  const view = (visitor: string, at: number, extra: Partial<TrackedEvent> = {}): TrackedEvent => ({ kind: 'view', visitor, ipHash: `ip-${visitor}`, created: new Date(at), ...ad, ...extra });
  const click = (visitor: string, at: number, extra: Partial<TrackedEvent> = {}): TrackedEvent => ({ kind: 'click', visitor, ipHash: `ip-${visitor}`, created: new Date(at), ...ad, ...extra });

  it('takes a click after a view as valid, a second one within the minute or a fourth within 10 minutes as too many', () => {
    const screening = new Screening();
    const events = [view('v1', T), click('v1', T + 5_000), click('v1', T + 20_000), click('v1', T + 2 * MINUTE)];
    screening.screen(events);
    expect(events.map((event) => event.invalid ?? null)).toEqual([null, null, 'click_rate', null]);
    const later = click('v1', T + 5 * MINUTE);
    screening.screen([later]);
    expect(later.invalid).toBe('click_rate');
    const next = click('v1', T + 15 * MINUTE);
    screening.screen([next]);
    expect(next.invalid ?? null).toBeNull();
  });

  it('refuses a click without a view of that creative and line item, or one more than an hour after it', () => {
    const screening = new Screening();
    screening.screen([view('v2', T), view('v3', T - 61 * MINUTE)]);
    const other = click('v2', T + 1000, { banner: 'another' });
    const late = click('v3', T);
    const stranger = click('v4', T);
    screening.screen([other, late, stranger]);
    expect([other.invalid, late.invalid, stranger.invalid]).toEqual(['click_without_view', 'click_without_view', 'click_without_view']);
  });

  it('finds the view of a browser that keeps no cookie by its IP hash', () => {
    const screening = new Screening();
    screening.screen([view('minted-1', T, { ipHash: 'ip-9', newVisitor: true })]);
    const again = click('minted-2', T + 1000, { ipHash: 'ip-9', newVisitor: true });
    screening.screen([again]);
    expect(again.invalid ?? null).toBeNull();
  });

  it('refuses a click id clicked before, and keeps a verdict when a batch is written again', () => {
    const screening = new Screening();
    screening.screen([view('v5', T), view('v6', T)]);
    const first = click('v5', T + 1000, { clickId: 'link-1' });
    const replay = click('v6', T + 2000, { clickId: 'link-1' });
    screening.screen([first, replay]);
    expect([first.invalid ?? null, replay.invalid]).toEqual([null, 'repeated_click']);
    screening.screen([first, replay]);
    expect([first.invalid ?? null, replay.invalid]).toEqual([null, 'repeated_click']);
  });

  it('refuses the link of a view past the frequency cap, and takes no such view for one a click may follow', () => {
    const screening = new Screening();
    const valid = view('v8', T, { id: 'view-1' });
    const capped = view('v8', T + 1000, { id: 'view-2', invalid: 'capped' });
    const other = view('v9', T + 1000, { id: 'view-3', invalid: 'capped', banner: 'another' });
    screening.screen([valid, capped, other]);
    const ofCapped = click('v8', T + 2000, { clickId: 'view-2' });
    const withoutId = click('v9', T + 2 * MINUTE, { banner: 'another' });
    const ofValid = click('v8', T + 3 * MINUTE, { clickId: 'view-1' });
    screening.screen([ofCapped, withoutId, ofValid]);
    expect([ofCapped.invalid, withoutId.invalid, ofValid.invalid ?? null]).toEqual(['capped', 'click_without_view', null]);
  });

  it('leaves events of the demo history, bots and a reason given at the request as they are', () => {
    const screening = new Screening();
    const history = click('v7', T, { live: false });
    const bot = click('v7', T, { bot: true });
    const paused = click('v7', T, { invalid: 'paused' });
    screening.screen([history, bot, paused]);
    expect([history.invalid ?? null, bot.invalid ?? null, paused.invalid]).toEqual([null, null, 'paused']);
  });
});
