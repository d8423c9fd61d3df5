/** Figures as the reports answer them: CTR and CR in percent with 2 decimals (SPEC section 5), money in euros. */

/** The nil uuid stands for a missing key in the rollups (plugins/tracking pipeline). */
export const NIL = '00000000-0000-0000-0000-000000000000';

/** clicks * 100 / impressions rounded to 2 decimals, 0 without impressions (SPEC section 5). */
export function ctr(clicks: number, impressions: number): number {
  return impressions > 0 ? Math.round((clicks * 10_000) / impressions) / 100 : 0;
}

/** conversions * 100 / clicks rounded to 2 decimals, 0 without clicks (SPEC section 3: cr = conversions / clicks). */
export function cr(conversions: number, clicks: number): number {
  return clicks > 0 ? Math.round((conversions * 10_000) / clicks) / 100 : 0;
}

/** Thousandths of a cent in euros with 2 decimals: a single event's price (sums of cost follow cents.ts). */
export const milliToEuros = (milli: number) => Math.round(milli / 1000) / 100;
/** Cents in euros. */
export const centsToEuros = (cents: number) => Math.round(cents) / 100;

/** A key of the rollups as the API names it: the nil uuid and '' are null. */
export const keyOrNull = (value: string | null | undefined) => (value && value !== NIL ? value : null);

/**
 * Whether a delivery location is an app rather than a website: an App Store id (`id123456`, digits only) or a
 * bundle id in reverse-domain notation (`com.example.game`: the first label is a top-level domain).
 */
const BUNDLE_PREFIXES = new Set(['com', 'net', 'org', 'de', 'io', 'co', 'app', 'air', 'tv', 'me', 'at', 'ch', 'uk', 'fr', 'info', 'gg']);
export function isApp(location: string): boolean {
  if (/^(id)?\d{5,}$/i.test(location)) return true;
  const labels = location.toLowerCase().split('.');
  return labels.length >= 3 && BUNDLE_PREFIXES.has(labels[0]) && !location.includes('/');
}

/** Delivery counts and booked cents (cents.ts: what the ledger booked, shared over the rows). */
export interface Counts {
  impressions: number;
  clicks: number;
  pcConversions: number;
  pvConversions: number;
  /** Booked cents. */
  cents: number;
  /** Invalid views, clicks and conversions (config/invalidTraffic.ts): in none of the figures above, never billed. */
  invalid: number;
  /** The invalid events by measure (they add up to `invalid` where a read selects them, else 0). */
  invalidImpressions: number;
  invalidClicks: number;
  invalidConversions: number;
}

export const zero = (): Counts => ({
  impressions: 0, clicks: 0, pcConversions: 0, pvConversions: 0, cents: 0, invalid: 0, invalidImpressions: 0, invalidClicks: 0, invalidConversions: 0,
});

export function add(into: Counts, from: Counts): Counts {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.pcConversions += from.pcConversions;
  into.pvConversions += from.pvConversions;
  into.cents += from.cents;
  into.invalid += from.invalid;
  into.invalidImpressions += from.invalidImpressions;
  into.invalidClicks += from.invalidClicks;
  into.invalidConversions += from.invalidConversions;
  return into;
}

/** A row of sums over booked rows (cents.ts' BOOKED_SUMS; bigint sums arrive as text) as counts. */
export function countsOf(row: {
  impressions: unknown; clicks: unknown; pc: unknown; pv: unknown; cents: unknown; invalid?: unknown; ii?: unknown; ic?: unknown; iconv?: unknown;
}): Counts {
  return {
    impressions: Number(row.impressions ?? 0), clicks: Number(row.clicks ?? 0), pcConversions: Number(row.pc ?? 0), pvConversions: Number(row.pv ?? 0),
    cents: Number(row.cents ?? 0), invalid: Number(row.invalid ?? 0),
    invalidImpressions: Number(row.ii ?? 0), invalidClicks: Number(row.ic ?? 0), invalidConversions: Number(row.iconv ?? 0),
  };
}

/**
 * The invalid share in percent, 2 decimals: invalid events * 100 / every event counted (views, clicks and
 * conversions, valid and invalid); 0 without events.
 */
export function invalidShare(counts: Pick<Counts, 'impressions' | 'clicks' | 'pcConversions' | 'pvConversions' | 'invalid'>): number {
  const all = counts.impressions + counts.clicks + counts.pcConversions + counts.pvConversions + counts.invalid;
  return all > 0 ? Math.round((counts.invalid * 10_000) / all) / 100 : 0;
}

/** The counts as the API answers them (cost in euros; the invalid events and their share apart). */
export const spoken = (counts: Counts) => ({
  impressions: counts.impressions,
  clicks: counts.clicks,
  pcConversions: counts.pcConversions,
  pvConversions: counts.pvConversions,
  cost: centsToEuros(counts.cents),
  invalid: counts.invalid,
  invalidShare: invalidShare(counts),
});

/** The invalid events by measure, as the full report's rows and the downloads name them. */
export const invalidParts = (counts: Counts) => ({
  invalidImpressions: counts.invalidImpressions,
  invalidClicks: counts.invalidClicks,
  invalidConversions: counts.invalidConversions,
});

/**
 * The counts as the dashboard answers them (its totals, days, templates, bookings and websites, the detail cards):
 * conversions summed, CTR, and the invalid events with their share.
 */
export const summed = (counts: Counts) => ({
  impressions: counts.impressions,
  clicks: counts.clicks,
  conversions: counts.pcConversions + counts.pvConversions,
  pcConversions: counts.pcConversions,
  pvConversions: counts.pvConversions,
  cost: centsToEuros(counts.cents),
  ctr: ctr(counts.clicks, counts.impressions),
  invalid: counts.invalid,
  invalidShare: invalidShare(counts),
});

/** The sum of a rollup's invalid measures: its invalid views, clicks and conversions. */
export const INVALID_SUM = 'SUM(invalid_impressions + invalid_clicks + invalid_conversions)';
/** The sums of the rollup's invalid measures apart (countsOf reads them as the invalid parts). */
export const INVALID_PARTS = 'SUM(invalid_impressions) AS ii, SUM(invalid_clicks) AS ic, SUM(invalid_conversions) AS iconv';

/** The sums of the rollups' measures as stored (cost in thousandths of a cent: not a figure to show, see cents.ts). */
export const SUMS = `SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv, SUM(cost_milli) AS cost, ${INVALID_SUM} AS invalid`;

/** Code-unit order (PostgreSQL's "C" collation): stable across locales. */
export const cmp = (a: string | null | undefined, b: string | null | undefined) => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};
