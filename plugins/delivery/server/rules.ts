/**
 * The rules of a placement's choice (issue 38), as pure functions of what the ad server keeps in memory (cache.ts),
 * so that unit tests and the benchmark's simulated day check them without a clock or a database:
 *
 * - pacing (SPEC section 3 bid options) per line item and UTC day, on its daily budget: `evenly` spreads what is
 *   left of the day's budget over the hours left (of its delivery hours), and within the hour over its minutes;
 *   `reach hourly goal` keeps up with an hour's share of the budget, as soon as possible within each hour; `as soon as possible` and
 *   `no adjustment` spend until the daily budget is used up. A view is refused when its cost would take the day
 *   over the daily budget or the line item over its total budget;
 * - frequency caps: views per visitor per day and in all; a visitor without an id (opt-out, Do-Not-Track) gets no
 *   capped line item, since its views cannot be counted;
 * - targeting: days of the week and hours (UTC), the booking's allowed and blocked domains (a removed website is a
 *   blocked domain of its campaign), countries;
 * - the choice: weighted by expected revenue per view (the bid times the expected click or order rate from the
 *   rollups, with a floor while a line item has few views), `as soon as possible` line items first.
 */
import { PACING } from '@adsuite/config';
import { costMilli } from '../../tracking/server/kit.ts';

export const PACINGS = PACING;
export type Pacing = (typeof PACINGS)[number];

const HOUR_MS = 3_600_000;
/** Evenly paced line items may run a minute ahead of their even share within the hour. */
export const EVEN_LEAD = 1 / 60;
/** Views before a line item's own click and order rates count in full. */
export const RATE_MIN_VIEWS = 1_000;
/** The expected click rate (per view) of a line item with fewer views, and the expected order rate. */
export const CTR_FLOOR = 0.002;
export const CR_FLOOR = 0.0002;

/** A line item the ad server may deliver on placements, as the cache keeps it. */
export interface Candidate {
  id: string;
  advertiser: string;
  campaign: string;
  channel: string;
  bidType: string;
  /** Cents: per thousand views (CPM), per click (CPC, CTR) or per order (CPO). */
  bidPrice: number;
  /** The channel's programmatic fee (0.5 = 50 %). */
  fee: number;
  pacing: Pacing;
  /** Thousandths of a cent; null: none. */
  dailyBudget: number | null;
  budget: number | null;
  capDay: number | null;
  capTotal: number | null;
  /** ISO days of the week (1 = Monday) and UTC hours it delivers in; empty: every one. */
  days: number[];
  hours: number[];
  /** Lower-case domains (a leading `*.` allowed): it delivers only on these when any (allow), never on these (block). */
  allow: string[];
  block: string[];
  /** ISO 3166 alpha-2, upper case; empty: every country. */
  countries: string[];
  /** Its creatives by size (`300x250`), approved for its channel. */
  creatives: Map<string, string[]>;
  /** Expected clicks and orders per view. */
  ctr: number;
  cr: number;
}

/** What a line item spent, in thousandths of a cent. */
export interface Spend {
  today: number;
  /** Spent today before the current hour began. */
  hourStart: number;
  total: number;
}

/** Views of one visitor on one line item. */
export interface Seen {
  today: number;
  total: number;
}

/** What one event costs on a line item, in thousandths of a cent: the tracking pipeline's price of it. */
export const costOf = costMilli;

/** The share of the UTC hour gone at `now` (0 to 1). */
const hourGone = (now: Date) => (now.getTime() % HOUR_MS) / HOUR_MS;

/** The hours of the day the line item delivers in (its delivery hours, else all 24) before `hour`, and in all. */
function deliveryHours(hours: readonly number[], hour: number): { before: number; all: number } {
  if (!hours.length) return { before: hour, all: 24 };
  return { before: hours.filter((h) => h < hour).length, all: hours.length };
}

/**
 * Whether the line item may buy a view costing `cost` now: budgets never overrun, pacing keeps its share. The
 * hours it delivers in are its delivery hours (all 24 without): evenly spreads what is left over those left today,
 * reach hourly goal keeps up with the budget's share of those gone by the end of this one.
 */
export function pacingAllows(candidate: Pick<Candidate, 'pacing' | 'dailyBudget' | 'budget' | 'hours'>, spend: Spend, cost: number, now: Date): boolean {
  if (candidate.budget !== null && spend.total + cost > candidate.budget) return false;
  const daily = candidate.dailyBudget;
  if (daily === null) return true;
  if (spend.today + cost > daily) return false;
  const hour = now.getUTCHours();
  const hours = deliveryHours(candidate.hours, hour);
  switch (candidate.pacing) {
    case 'evenly': {
      const share = (daily - spend.hourStart) / Math.max(1, hours.all - hours.before);
      return spend.today < spend.hourStart + share * Math.min(1, hourGone(now) + EVEN_LEAD);
    }
    case 'reach hourly goal':
      return spend.today < (daily * Math.min(hours.all, hours.before + 1)) / hours.all;
    default:
      return true;
  }
}

/** Whether the visitor may see the line item once more. */
export function capAllows(candidate: Pick<Candidate, 'capDay' | 'capTotal'>, visitor: string | null, seen: Seen | undefined): boolean {
  if (candidate.capDay === null && candidate.capTotal === null) return true;
  if (!visitor) return false;
  if (candidate.capDay !== null && (seen?.today ?? 0) >= candidate.capDay) return false;
  if (candidate.capTotal !== null && (seen?.total ?? 0) >= candidate.capTotal) return false;
  return true;
}

/** Who a view is for, as far as the caps are concerned (tracking's visitorOf). */
export interface CapVisitor {
  optedOut: boolean;
  minted: boolean;
  cookie: string | null;
  ipHash: string | null;
}

/**
 * Whom a view counts for against the caps: `capper`, whose counts decide, is the cookie the browser sent, else the
 * day's IP hash (a cookie made for the request may not be kept: a browser that blocks third-party cookies gets a new
 * one every time), none for a visitor who opted out; `counted`, the ids the view counts for: the capper and a cookie
 * made for the request, so the first view counts for both.
 */
export function capVisitors(who: CapVisitor): { capper: string | null; counted: string[] } {
  const capper = who.optedOut ? null : who.minted ? who.ipHash : (who.cookie ?? who.ipHash);
  return { capper, counted: [capper, who.minted ? who.cookie : null].filter((id): id is string => Boolean(id)) };
}

/** Whether `host` is `domain` or one of its subdomains (`*.domain` names the subdomains too). */
export function onDomain(host: string, domains: readonly string[]): boolean {
  return domains.some((entry) => {
    const domain = entry.startsWith('*.') ? entry.slice(2) : entry;
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/** The ISO day of the week (1 = Monday) of `now` in UTC. */
export const isoDay = (now: Date) => ((now.getUTCDay() + 6) % 7) + 1;

export interface Request {
  /** The host the ad shows on, lower case. */
  site: string;
  /** ISO alpha-2, or null when unknown. */
  country: string | null;
  now: Date;
}

/** Whether the request is within the line item's targeting. */
export function targets(candidate: Pick<Candidate, 'days' | 'hours' | 'allow' | 'block' | 'countries'>, request: Request): boolean {
  if (candidate.days.length && !candidate.days.includes(isoDay(request.now))) return false;
  if (candidate.hours.length && !candidate.hours.includes(request.now.getUTCHours())) return false;
  if (candidate.block.length && onDomain(request.site, candidate.block)) return false;
  if (candidate.allow.length && !onDomain(request.site, candidate.allow)) return false;
  if (candidate.countries.length && (!request.country || !candidate.countries.includes(request.country))) return false;
  return true;
}

/** A rate from the rollups: the line item's own once it has RATE_MIN_VIEWS views, until then at least `floor`. */
export function expectedRate(events: number, views: number, floor: number): number {
  const own = views > 0 ? events / views : 0;
  return views >= RATE_MIN_VIEWS ? own : Math.max(own, floor);
}

/** Expected revenue of one view, in thousandths of a cent (never 0, so a line item with no clicks yet keeps a chance). */
export function weightOf(candidate: Candidate): number {
  const value = costOf(candidate, 'view') + costOf(candidate, 'click') * candidate.ctr + costOf(candidate, 'conversion') * candidate.cr;
  return Math.max(value, 1e-3);
}

/** One of `items` at random by weight; `random` in [0, 1). */
export function pickWeighted<T>(items: readonly T[], weight: (item: T) => number, random: number): T | null {
  if (!items.length) return null;
  const weights = items.map(weight);
  const total = weights.reduce((sum, value) => sum + value, 0);
  let left = random * total;
  for (let index = 0; index < items.length; index++) {
    left -= weights[index];
    if (left < 0) return items[index];
  }
  return items[items.length - 1];
}

/** The choice among the eligible line items: those paced `as soon as possible` first, each by its expected revenue. */
export function choose(eligible: readonly Candidate[], random: number): Candidate | null {
  const first = eligible.filter((candidate) => candidate.pacing === 'as soon as possible');
  return pickWeighted(first.length ? first : eligible, weightOf, random);
}
