/**
 * Test helpers of the reports: a seeded random workload written through the tracking pipeline (`writeEvents`)
 * over several days, channels, creatives, publishers and websites (bots and other invalid events, conversions, network
 * deliveries and onsite events included), and the figures the tests expect, computed independently by SQL over the raw
 * events.
 */
import { randomUUID } from 'node:crypto';
import { INVALID_REASONS } from '@adsuite/config/invalidTraffic';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import type { TrackingKit } from '../../tracking/server/testkit.ts';

export const DAY_MS = 86_400_000;
export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
export const today = () => dayOf(Date.now());
export const daysAgo = (days: number) => dayOf(Date.now() - days * DAY_MS);

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Websites of the workload: hosts, two apps (a bundle id, an App Store id), none. */
export const WEBSITES = ['news.example', 'sport.example', 'blog.example', 'weather.example', 'com.example.game', 'id1234567', '', null];
export const CLASSES = ['cart', 'catalog', 'checkout', 'front', 'generic', 'order', 'product', 'search', 'wishlist'];

export interface Workload {
  demoShop: string;
  otherShop: string;
  summer: { campaign: string; booking: string; template: string; lineitems: Record<string, string>; banners: string[] };
  evergreen: { campaign: string; booking: string };
  otherLaunch: { campaign: string; booking: string };
  publishers: string[];
  events: number;
}

/** Writes the workload (about `size` events over the last `days` days and some older ones) and names what it used. */
export async function writeWorkload(kit: TrackingKit, { seed = 13, size = 3000, days = 12 } = {}): Promise<Workload> {
  const core = kit.server.core;
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

  const summerItems = await Promise.all(['platform161', 'facebook', 'googleads'].map((channel) => kit.lineitem('Summer Sale 2026', channel)));
  const evergreen = await kit.lineitem('Retargeting Evergreen', 'platform161');
  const other = await kit.lineitem('Other Shop Launch', 'facebook');
  const [owner] = await kit.sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'publisher@demo.test'`);
  const publishers = [(await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id];
  for (const name of [`Second Publisher ${seed}`, `Third Publisher ${seed}`]) {
    const row = await core.model('publisher').create({ name, owner: owner.id, url: `https://${name.split(' ')[0].toLowerCase()}${seed}.example` });
    publishers.push(String(row.get('id')));
  }
  // A second creative for the display channel.
  const extra = await core.model('banner').create({
    name: seed === 13 || seed === 7 ? 'Summer Sale 2026 728x90' : `Summer Sale 2026 728x90 (${seed})`, advertiser: summerItems[0].advertiser, campaign: summerItems[0].campaign, bannerType: 'image_ad', width: 728, height: 90,
    channels: ['platform161'], downloadLink: 'https://shop.demo.test/media/banner-728x90.png',
  });
  const extraBanner = String(extra.get('id'));

  const visitors = Array.from({ length: 40 }, (_, i) => `visitor-${seed}-${i}`);
  const events: TrackedEvent[] = [];
  const at = () => new Date(Date.now() - Math.floor(random() * days * DAY_MS));
  const placements = [
    ...summerItems.map((li) => ({ li, banners: li.channel === 'platform161' ? [li.banner, extraBanner] : [li.banner] })),
    ...summerItems.map((li) => ({ li, banners: [li.banner] })),
    { li: evergreen, banners: [evergreen.banner] },
    { li: other, banners: [other.banner] },
  ];
  for (let n = 0; n < size; n++) {
    const kind = pick(['view', 'view', 'view', 'view', 'click', 'click', 'conversion', 'delivery', 'event', 'event'] as const);
    const bot = random() < 0.08;
    const visitor = random() < 0.8 ? pick(visitors) : null;
    if (kind === 'event') {
      const advertiser = random() < 0.85 ? summerItems[0].advertiser : other.advertiser;
      events.push({ kind, cls: pick(CLASSES), advertiser, host: 'shop.demo.test', url: 'https://shop.demo.test/p', created: at(), visitor, bot, clientId: randomUUID() });
      continue;
    }
    const { li, banners } = pick(placements);
    const common = {
      advertiser: li.advertiser, campaign: li.campaign, lineitem: li.id, banner: pick(banners), channel: li.channel,
      publisher: random() < 0.75 ? pick(publishers) : null, website: pick(WEBSITES), created: at(), visitor, bot,
      costMilli: Math.floor(random() * 4000),
      // Some invalid events besides the bots' (a click without a view, over the rate, ...): counted apart, never billed.
      invalid: kind !== 'delivery' && n % 13 === 4 ? INVALID_REASONS[n % INVALID_REASONS.length] : null,
    };
    if (kind === 'conversion') {
      events.push({ kind, ...common, attribution: random() < 0.3 ? 'post_view' : 'post_click', value: 500 + Math.floor(random() * 20_000), orderId: `R-${seed}-${n}`, clickId: randomUUID() });
    } else if (kind === 'delivery') {
      events.push({ kind, ...common, visitor: null, impressions: Math.floor(random() * 300), clicks: Math.floor(random() * 8), source: 'sandbox' });
    } else {
      events.push({ kind, ...common });
    }
  }
  // Day edges: just before and after midnight UTC, three days back.
  const midnight = Date.parse(`${daysAgo(2)}T00:00:00.000Z`);
  for (const offset of [-1000, 0, 1000]) {
    events.push({ kind: 'click', advertiser: summerItems[0].advertiser, campaign: summerItems[0].campaign, lineitem: summerItems[0].id, banner: summerItems[0].banner, channel: 'platform161', website: 'edge.example', created: new Date(midnight + offset), costMilli: 1234 });
  }
  for (let i = 0; i < events.length; i += 250) await writeEvents(core, events.slice(i, i + 250));

  const [summer] = await kit.sql<{ booking: string; template: string }>(
    `SELECT id AS booking, bookingtemplate_id AS template FROM bookings WHERE campaign_id = $1`, [summerItems[0].campaign]);
  const [evergreenBooking] = await kit.sql<{ id: string }>('SELECT id FROM bookings WHERE campaign_id = $1', [evergreen.campaign]);
  const [otherBooking] = await kit.sql<{ id: string }>('SELECT id FROM bookings WHERE campaign_id = $1', [other.campaign]);
  return {
    demoShop: summerItems[0].advertiser,
    otherShop: other.advertiser,
    summer: {
      campaign: summerItems[0].campaign, booking: summer.booking, template: summer.template,
      lineitems: Object.fromEntries(summerItems.map((li) => [li.channel, li.id])), banners: [...new Set([...summerItems.map((li) => li.banner), extraBanner])],
    },
    evergreen: { campaign: evergreen.campaign, booking: evergreenBooking.id },
    otherLaunch: { campaign: other.campaign, booking: otherBooking.id },
    publishers,
    events: events.length,
  };
}

/**
 * Visits to the demo shop that Summer Sale 2026's display clicks led to, stored as the tracking plugin stores them
 * (plugins/tracking/server/attribution.ts): each a click and the visitor's onsite events of several classes after it,
 * every one with the click's campaign, line item, creative, publisher, channel and website, within the click's hour,
 * over the last `days` days (the first two in the hour before this one). Answers the number of onsite events written.
 */
export async function writeShopVisits(kit: TrackingKit, work: Workload, { seed = 13, visits = 40, days = 12 } = {}): Promise<number> {
  const random = mulberry32(seed * 7919);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const lineitem = await kit.lineitem('Summer Sale 2026', 'platform161');
  const HOUR_MS = 3_600_000;
  const now = Date.now();
  const events: TrackedEvent[] = [];
  let onsite = 0;
  for (let n = 0; n < visits; n++) {
    // The click early in an hour that has ended: the first two in the last one.
    const hour = Math.floor((n < 2 ? now - HOUR_MS : now - random() * days * DAY_MS) / HOUR_MS) * HOUR_MS - (n < 2 ? 0 : HOUR_MS);
    let at = hour + Math.floor(random() * 20 * 60_000);
    const touch = {
      advertiser: lineitem.advertiser, campaign: lineitem.campaign, lineitem: lineitem.id, banner: lineitem.banner, channel: lineitem.channel,
      publisher: work.publishers[0], website: 'news.example', visitor: `shopper-${seed}-${n}`,
    };
    const click = randomUUID();
    events.push({ ...touch, id: click, kind: 'click', created: new Date(at), costMilli: Math.floor(random() * 4000) });
    for (let step = 0, steps = 1 + Math.floor(random() * 6); step < steps; step++) {
      at += 10_000 + Math.floor(random() * 80_000);
      events.push({
        ...touch, kind: 'event', cls: step === 0 ? 'front' : pick(CLASSES), host: 'shop.demo.test', url: 'https://shop.demo.test/p', created: new Date(at),
        clientId: randomUUID(), clickId: click, attribution: 'post_click',
      });
      onsite += 1;
    }
  }
  for (let i = 0; i < events.length; i += 250) await writeEvents(kit.server.core, events.slice(i, i + 250));
  return onsite;
}

/** A raw event that counts in the figures: valid (no invalid reason, no bot). */
export const VALID = 'invalid IS NULL AND bot = false';
/** A sum over the valid events of a group (0 when it has none). */
export const validSum = (column: string) => `COALESCE(SUM(${column}) FILTER (WHERE ${VALID}), 0)::bigint`;

/**
 * The sums every expectation selects from the raw events: the figures of the valid events, and `invalid`, the invalid
 * views, clicks and conversions (bots' included), which count nowhere else, and the same by measure (`ii`, `ic`, `iconv`).
 */
export const RAW_SUMS = `${validSum('impressions')} AS impressions, ${validSum('clicks')} AS clicks,
  COUNT(*) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view') AS pc,
  COUNT(*) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution = 'post_view') AS pv,
  COALESCE(SUM(value) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'), 0) AS pc_value,
  COALESCE(SUM(value) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution = 'post_view'), 0) AS pv_value,
  SUM(cost_milli)::bigint AS cost,
  (COALESCE(SUM(impressions + clicks) FILTER (WHERE NOT (${VALID})), 0) + COUNT(*) FILTER (WHERE NOT (${VALID}) AND kind = 'conversion'))::bigint AS invalid,
  COALESCE(SUM(impressions) FILTER (WHERE NOT (${VALID})), 0)::bigint AS ii, COALESCE(SUM(clicks) FILTER (WHERE NOT (${VALID})), 0)::bigint AS ic,
  COUNT(*) FILTER (WHERE NOT (${VALID}) AND kind = 'conversion') AS iconv`;

/** The invalid events of a row of RAW_SUMS by measure, as the whole report's rows answer them. */
export const invalidPartsOf = (row: Record<string, unknown>) => ({
  invalidImpressions: Number(row.ii), invalidClicks: Number(row.ic), invalidConversions: Number(row.iconv),
});

/** The invalid share of a row of RAW_SUMS, as the reports answer it: invalid events * 100 / all events, 2 decimals. */
export function invalidShareOf(row: Record<string, unknown>): number {
  const invalid = Number(row.invalid);
  const all = Number(row.impressions) + Number(row.clicks) + Number(row.pc) + Number(row.pv) + invalid;
  return all > 0 ? Math.round((invalid * 10_000) / all) / 100 : 0;
}

/** Euros of thousandths of a cent rounded to the cent: a single event's price (sums of cost follow expectedCents). */
export const euros = (milli: unknown) => Math.round(Number(milli) / 1000) / 100;
export const ctrOf = (clicks: unknown, impressions: unknown) => (Number(impressions) > 0 ? Math.round((Number(clicks) * 10_000) / Number(impressions)) / 100 : 0);

const NIL_ID = '00000000-0000-0000-0000-000000000000';
const inCodeOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `target` shared over `weights` by the largest-remainder method (ties in the order given): the reports' rule
 * (cents.ts), written again here so the tests check it against a second implementation.
 */
export function largestRemainder(target: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  if (total === 0n) return weights.map(() => 0);
  const parts = weights.map((weight, index) => ({ index, base: (BigInt(target) * BigInt(weight)) / total, rest: (BigInt(target) * BigInt(weight)) % total }));
  let left = BigInt(target) - parts.reduce((sum, part) => sum + part.base, 0n);
  const cents = parts.map((part) => Number(part.base));
  for (const part of [...parts].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (left <= 0n) break;
    cents[part.index] += 1;
    left -= 1n;
  }
  return cents;
}

export interface CreativeCents { campaign: string; day: string; lineitem: string; channel: string; banner: string; publisher: string; cents: number }
export interface WebsiteCents { campaign: string; day: string; channel: string; publisher: string; website: string; cents: number }

/**
 * The cents every report should show, from the ledger and the raw events alone: what each campaign's hours were
 * charged (`spend:` less `refund:` entries) summed per UTC day, shared over the day's channel x publisher cells by
 * cost, and each cell's over its line item x creative rows and over its website rows (keys as the rollups keep them:
 * the nil uuid and '' for none).
 */
export async function expectedCents(kit: TrackingKit, campaigns: string[]): Promise<{ creatives: CreativeCents[]; websites: WebsiteCents[]; booked: Map<string, number> }> {
  const entries = await kit.sql<{ campaign_id: string; idempotency_key: string; amount: string }>(
    `SELECT campaign_id, idempotency_key, amount FROM transactions
     WHERE campaign_id = ANY($1::uuid[]) AND ((type = 'spend' AND idempotency_key LIKE 'spend:%') OR (type = 'refund' AND idempotency_key LIKE 'refund:%'))`, [campaigns]);
  const booked = new Map<string, number>();
  for (const entry of entries) {
    const day = entry.idempotency_key.split(':')[2].slice(0, 10);
    booked.set(`${entry.campaign_id}|${day}`, (booked.get(`${entry.campaign_id}|${day}`) ?? 0) - Number(entry.amount));
  }
  const raw = await kit.sql<{ campaign: string; day: string; lineitem: string; channel: string; banner: string; publisher: string; website: string; milli: string }>(
    `SELECT campaign_id AS campaign, to_char(day, 'YYYY-MM-DD') AS day, COALESCE(lineitem_id, '${NIL_ID}') AS lineitem, COALESCE(channel, '') AS channel,
       COALESCE(banner_id, '${NIL_ID}') AS banner, COALESCE(publisher_id, '${NIL_ID}') AS publisher, COALESCE(website, '') AS website, COALESCE(SUM(cost_milli), 0) AS milli
     FROM events WHERE campaign_id = ANY($1::uuid[]) AND kind <> 'event' GROUP BY 1, 2, 3, 4, 5, 6, 7`, [campaigns]);
  const group = <T>(rows: T[], keyOf: (row: T) => string) => {
    const groups = new Map<string, T[]>();
    for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return groups;
  };
  const sum = (rows: { milli: string }[]) => rows.reduce((total, row) => total + Number(row.milli), 0);
  const creatives: CreativeCents[] = [];
  const websites: WebsiteCents[] = [];
  for (const [dayKey, dayRows] of group(raw, (row) => `${row.campaign}|${row.day}`)) {
    const cells = [...group(dayRows, (row) => `${row.channel}|${row.publisher}`)]
      .sort(([a], [b]) => inCodeOrder(a.split('|')[0], b.split('|')[0]) || inCodeOrder(a.split('|')[1], b.split('|')[1]));
    const cellCents = largestRemainder(booked.get(dayKey) ?? 0, cells.map(([, rows]) => sum(rows)));
    cells.forEach(([, rows], index) => {
      const { campaign, day, channel, publisher } = rows[0];
      const byCreative = [...group(rows, (row) => `${row.lineitem}|${row.banner}`)].sort(([a], [b]) => inCodeOrder(a, b));
      largestRemainder(cellCents[index], byCreative.map(([, list]) => sum(list))).forEach((cents, i) => {
        creatives.push({ campaign, day, channel, publisher, lineitem: byCreative[i][1][0].lineitem, banner: byCreative[i][1][0].banner, cents });
      });
      const byWebsite = [...group(rows, (row) => row.website)].sort(([a], [b]) => inCodeOrder(a, b));
      largestRemainder(cellCents[index], byWebsite.map(([, list]) => sum(list))).forEach((cents, i) => {
        websites.push({ campaign, day, channel, publisher, website: byWebsite[i][0], cents });
      });
    });
  }
  return { creatives, websites, booked };
}

/** The cents of `rows` summed per key. */
export function centsBy<T extends { cents: number }>(rows: T[], keyOf: (row: T) => string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.cents);
  return sums;
}
