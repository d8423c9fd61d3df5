/**
 * The per-visitor rules of invalid traffic (config/invalidTraffic.ts, docs/tracking-and-money.md "Invalid traffic"):
 * a click is invalid when its link's click id was clicked before (`repeated_click`), when the same visitor saw no
 * view of that ad (creative and line item) in the last hour (`click_without_view`), or when the visitor clicked the
 * campaign too often before it (`click_rate`), or when its click id is the id of a view past the line item's
 * frequency cap (`capped`, as that view: it is no view a click may follow). The reasons known at the request (bot, opt-out, a line item not
 * delivering, an unknown publisher, ...) are the routes'; these need what the visitor did before, which the writer
 * of the batches that lock an advertiser knows: every view and click of a campaign passes through it (one per
 * server: in `npm start` with several processes, the primary's, leader.ts), so its memory sees every view and click
 * of the server in the order they are written. `writeEvents` has the writer's `Screening` look at a batch first
 * (CLICK_SCREENING), at the events a visitor's request made (`TrackedEvent.live`): views are noted, clicks judged.
 * The same visitor is the ad server's cookie or the day's hash of address and user agent: a view counts for both,
 * a click finds it by either (browsers block or partition third-party cookies, so a click often brings another
 * cookie than the view in the publisher's iframe had).
 *
 * Why memory and not the database: the placements' frequency caps (plugins/delivery cache.ts) are decided by every
 * process at the request and share their counts through the database each second; these rules are decided where
 * the batches are written, and one process per server writes them all, so the processes of a server need nothing
 * shared, and a click costs no query (a flood of clicks would otherwise cost a lookup each).
 *
 * The memory is bounded, and where it must forget, it forgets in the visitor's favour (a click is then valid):
 * - views: per 10 minutes, a Bloom filter of "visitor|creative|line item" (`RecentKeys`): some 1.2 bytes per view
 *   instead of some 150 for a map entry, so an hour of views fits at any rate; a filter that holds more than it was
 *   made for grows (a new filter twice the size), up to MAX_VIEW_BYTES, after which its false positives (a click
 *   taken for one with a view) rise. A Bloom filter never forgets a view it holds: a valid click is never refused;
 * - clicks per visitor and campaign: the times of the last 25 (the most any limit counts), for the 200,000 visitors
 *   clicked last (a Map in order of use: the least recently used goes first);
 * - click ids, and the ids of capped views: those of the current and the last clock hour, at most 250,000 per hour.
 * A well-kept LRU package (lru-cache 11) was weighed: a Map already keeps its order of insertion, which is all the
 * least-recently-used order needs here, and the views need the Bloom filters' compactness, which no LRU gives.
 *
 * Several servers on one database each keep their own memory: a click this memory refuses for want of a view is
 * looked up in the database (viewsElsewhere.ts, one statement per batch), where the other server may have written
 * its view. The click rate and the click ids stay each server's own: a load balancer that keeps a client on one
 * server (as most do by address or cookie) keeps a visitor's clicks together.
 */
import { CLICK_RATE_LIMITS, CLICK_VIEW_WINDOW_MS, type InvalidReason } from '@adsuite/config/invalidTraffic';
import type { TrackedEvent } from './pipeline.ts';

/** What the ad server knows of a view, click or conversion when its request comes in. */
export interface RequestFacts {
  kind: 'view' | 'click' | 'conversion';
  /** A known bot or crawler (visitors.ts). */
  bot: boolean;
  /** Opt-out cookie, Do-Not-Track or Global Privacy Control: the visitor has no id to judge a click by. */
  optedOut: boolean;
  /** Why its line item does not deliver (delivery.ts `stopped`), null while it does. */
  stopped: 'paused' | 'budget' | null;
  /** The request named a publisher id that is no publisher's. */
  unknownPublisher?: boolean;
  /** The website is on the line item's blacklist. */
  blocked?: boolean;
}

/**
 * The reason an event is invalid by its request alone, or null: a bot; a click of a visitor who opted out (its click
 * cannot be judged by what the visitor did before: it has no id; views of such visitors are valid and billed); a line
 * item that does not deliver; a website on its blacklist; a publisher id that is no publisher's.
 */
export function requestReason(facts: RequestFacts): InvalidReason | null {
  if (facts.bot) return 'bot';
  if (facts.optedOut && facts.kind === 'click') return 'opt_out';
  if (facts.stopped) return facts.stopped;
  if (facts.blocked) return 'blocked_website';
  if (facts.unknownPublisher) return 'unknown_publisher';
  return null;
}

/** The most clicks any limit counts: older ones are not kept. */
const KEPT_CLICKS = Math.max(...CLICK_RATE_LIMITS.map((limit) => limit.clicks));
const LONGEST_LIMIT_MS = Math.max(...CLICK_RATE_LIMITS.map((limit) => limit.ms));

/**
 * Whether a click at `at` is over a limit: `prior` are the times (ms) of the visitor's earlier clicks on the
 * campaign; a limit of n clicks in a window is broken when n of them fall within the window before `at`.
 */
export function overClickRate(prior: readonly number[], at: number, limits: readonly { ms: number; clicks: number }[] = CLICK_RATE_LIMITS): boolean {
  return limits.some(({ ms, clicks }) => prior.filter((time) => time <= at && at - time < ms).length >= clicks);
}

export interface ClickFacts {
  /** Its click id was clicked before. */
  repeated: boolean;
  /** Its click id is a view past the line item's frequency cap (or of a visitor without an id): that view bills nothing. */
  cappedView?: boolean;
  /** The visitor saw the ad (creative and line item) within CLICK_VIEW_WINDOW_MS before. */
  viewed: boolean;
  /** Times of the visitor's earlier clicks on the campaign. */
  prior: readonly number[];
  at: number;
}

/**
 * The reason a click is invalid by what the visitor did before, or null: a repeated click id first, then the link of a
 * capped view, then a missing view, then the rate.
 */
export function clickReason(facts: ClickFacts): InvalidReason | null {
  if (facts.repeated) return 'repeated_click';
  if (facts.cappedView) return 'capped';
  if (!facts.viewed) return 'click_without_view';
  if (overClickRate(facts.prior, facts.at)) return 'click_rate';
  return null;
}

/** Two 32-bit hashes of a text (cyrb53's two halves), for a Bloom filter's double hashing. */
function hashes(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, (h2 >>> 0) | 1];
}

/** Bits per key and probes of the Bloom filters: about 1 % false positives at their capacity. */
const BITS_PER_KEY = 10;
const PROBES = 7;

class BloomFilter {
  private readonly words: Uint32Array;
  private readonly mask: number;
  count = 0;
  readonly capacity: number;

  constructor(readonly bits: number) {
    this.words = new Uint32Array(bits >>> 5);
    this.mask = bits - 1;
    this.capacity = Math.floor(bits / BITS_PER_KEY);
  }

  add(h1: number, h2: number): void {
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + Math.imul(i, h2)) & this.mask;
      this.words[bit >>> 5] |= 1 << (bit & 31);
    }
    this.count += 1;
  }

  has(h1: number, h2: number): boolean {
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + Math.imul(i, h2)) & this.mask;
      if (!(this.words[bit >>> 5] & (1 << (bit & 31)))) return false;
    }
    return true;
  }
}

/** The smallest filter of a period (128 KB); each one added when the last is full is twice as large. */
const FIRST_BITS = 1 << 20;
/** The most memory the views' filters take together; past it, the newest filter takes more keys than it was made for. */
const MAX_VIEW_BYTES = 64 * 1024 * 1024;

/**
 * Keys seen in a sliding window, in periods of `periodMs`, each a growing set of Bloom filters: `has` is true for
 * every key added within `windowMs` before (and, at the window's far end, up to one period more), and for about
 * 1 % of the others while no filter holds more than it was made for.
 */
export class RecentKeys {
  private readonly periods = new Map<number, BloomFilter[]>();
  private bytes = 0;

  constructor(readonly windowMs: number, readonly periodMs = 600_000, private readonly maxBytes = MAX_VIEW_BYTES) {}

  add(key: string, at: number): void {
    const period = Math.floor(at / this.periodMs);
    let filters = this.periods.get(period);
    if (!filters) {
      this.forget(at);
      this.periods.set(period, (filters = []));
    }
    let last = filters[filters.length - 1];
    if (!last || (last.count >= last.capacity && this.bytes + last.bits / 4 <= this.maxBytes)) {
      last = new BloomFilter(last ? last.bits * 2 : FIRST_BITS);
      this.bytes += last.bits / 8;
      filters.push(last);
    }
    const [h1, h2] = hashes(key);
    last.add(h1, h2);
  }

  has(key: string, at: number): boolean {
    const [h1, h2] = hashes(key);
    const newest = Math.floor(at / this.periodMs);
    for (let period = Math.floor((at - this.windowMs) / this.periodMs); period <= newest; period++) {
      for (const filter of this.periods.get(period) ?? []) if (filter.has(h1, h2)) return true;
    }
    return false;
  }

  /** The periods wholly before the window of `at` go. */
  private forget(at: number): void {
    const oldest = Math.floor((at - this.windowMs) / this.periodMs);
    for (const [period, filters] of this.periods) {
      if (period >= oldest) continue;
      for (const filter of filters) this.bytes -= filter.bits / 8;
      this.periods.delete(period);
    }
  }

  /** Memory of the filters, in bytes. */
  get size(): number {
    return this.bytes;
  }
}

/** Visitors (with a campaign) whose click times are kept; the least recently clicking goes first. */
const MAX_CLICKERS = 200_000;
/** Click ids kept per hour. */
const MAX_CLICK_IDS = 250_000;
const HOUR_MS = 3_600_000;

/** Ids noted in the current and the last clock hour, at most MAX_CLICK_IDS per hour. */
class HourlyIds {
  private readonly hours = new Map<number, Set<string>>();

  /** Whether `id` was noted within the last hour or two (its hour and the one before). */
  has(id: string, at: number): boolean {
    const hour = Math.floor(at / HOUR_MS);
    return Boolean(this.hours.get(hour)?.has(id) || this.hours.get(hour - 1)?.has(id));
  }

  add(id: string, at: number): void {
    const hour = Math.floor(at / HOUR_MS);
    let ids = this.hours.get(hour);
    if (!ids) {
      for (const kept of this.hours.keys()) if (kept < hour - 1) this.hours.delete(kept);
      this.hours.set(hour, (ids = new Set()));
    }
    if (ids.size < MAX_CLICK_IDS) ids.add(id);
  }
}

/** A click the memory refused for want of a view (`click_without_view`), and its verdict should a view be found elsewhere. */
export interface Unseen {
  click: TrackedEvent;
  /** Its reason with a view: over the click rate, or none (valid). */
  ifViewed: InvalidReason | null;
}

/** The per-visitor memory of one writer (see the top of this file). */
export class Screening {
  private readonly views = new RecentKeys(CLICK_VIEW_WINDOW_MS);
  private readonly clicks = new Map<string, number[]>();
  private readonly clickIds = new HourlyIds();
  /** Views past a frequency cap: their links' clicks are `capped` too (such a view is no view a click may follow). */
  private readonly cappedViews = new HourlyIds();
  private readonly screened = new WeakSet<TrackedEvent>();

  /**
   * Notes the views and judges the clicks of a batch, in its order, each once (a batch written again in parts is
   * screened again: an event already screened keeps its verdict). A click that has a reason already (a bot, an
   * opt-out, a line item not delivering) still counts for the visitor's click rate and its click id. Answers the
   * clicks refused for want of a view alone (a view another server wrote may turn up: viewsElsewhere.ts).
   */
  screen(events: readonly TrackedEvent[]): Unseen[] {
    const unseen: Unseen[] = [];
    for (const event of events) {
      if (!event.live || event.bot || this.screened.has(event)) continue;
      this.screened.add(event);
      const at = (event.created ?? new Date()).getTime();
      if (event.kind === 'view' && event.invalid === 'capped') this.cappedViews.add(event.id!, at);
      else if (event.kind === 'view') this.noteView(event, at);
      else if (event.kind === 'click') {
        const { reason, ifViewed } = this.judgeClick(event, at);
        if (!reason || event.invalid) continue;
        event.invalid = reason;
        if (reason === 'click_without_view') unseen.push({ click: event, ifViewed });
      }
    }
    return unseen;
  }

  private noteView(event: TrackedEvent, at: number): void {
    const ad = `|${event.banner ?? ''}|${event.lineitem ?? ''}`;
    if (event.visitor) this.views.add(event.visitor + ad, at);
    if (event.ipHash && event.ipHash !== event.visitor) this.views.add(event.ipHash + ad, at);
  }

  private judgeClick(event: TrackedEvent, at: number): { reason: InvalidReason | null; ifViewed: InvalidReason | null } {
    const repeated = event.clickId ? this.clickIds.has(event.clickId, at) : false;
    if (event.clickId) this.clickIds.add(event.clickId, at);
    const cappedView = event.clickId ? this.cappedViews.has(event.clickId, at) : false;
    // The rate counts by the cookie the browser sent, else by the day's IP hash (a cookie made for this request says
    // nothing: a script that keeps no cookies gets a new one every time).
    const visitor = event.newVisitor ? event.ipHash : event.visitor;
    if (!visitor || !event.campaign) return { reason: repeated ? 'repeated_click' : cappedView ? 'capped' : null, ifViewed: null };
    const ad = `|${event.banner ?? ''}|${event.lineitem ?? ''}`;
    const viewed = (Boolean(event.visitor) && this.views.has(event.visitor + ad, at)) || (Boolean(event.ipHash) && this.views.has(event.ipHash + ad, at));
    const key = `${visitor}|${event.campaign}`;
    const prior = this.clicks.get(key) ?? [];
    const reason = clickReason({ repeated, cappedView, viewed, prior, at });
    const ifViewed = reason === 'click_without_view' ? clickReason({ repeated, cappedView, viewed: true, prior, at }) : null;
    const kept = [...prior.filter((time) => at - time < LONGEST_LIMIT_MS), at].slice(-KEPT_CLICKS);
    this.clicks.delete(key);
    this.clicks.set(key, kept);
    if (this.clicks.size > MAX_CLICKERS) this.clicks.delete(this.clicks.keys().next().value!);
    return { reason, ifViewed };
  }
}

const screenings = new WeakMap<object, Screening>();

/** The screening of this process's writer for a database (one per core). */
export function screeningOf(owner: object): Screening {
  let screening = screenings.get(owner);
  if (!screening) screenings.set(owner, (screening = new Screening()));
  return screening;
}
