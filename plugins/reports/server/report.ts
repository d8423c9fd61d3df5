/**
 * The whole Instant Report of a campaign (SPEC sections 2, 3 and 7 "getCampaignReport"; `full=true`, the downloads),
 * its websites alone (`onlyWebsites`) and its conversions list; the screen's first answer is summary.ts'. Read from
 * the daily rollups (rollups.ts): the stats rows (day x channel x creative x publisher) from one, the websites per
 * channel and per publisher from the other (GROUPING SETS, one scan), each row's cost its share of what the ledger
 * booked (cents.ts). The conversions list is the only read of raw
 * events: the campaign's conversions of the range, newest first, through the partial index
 * `events_conversions_idx` with the day partitions pruned, each with its decision from `event_approvals`. The
 * approval flags are the campaign's own (staff set them, issue 14).
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { BOOKED_SUMS, bookedRows, currentCents } from './cents.ts';
import { add, centsToEuros, cmp, type Counts, countsOf, ctr, invalidParts, isApp, keyOrNull, milliToEuros, NIL, spoken, zero } from './figures.ts';
import type { DayRange } from './input.ts';

/** Conversions listed at most (the newest; SPEC section 9: exports and approval downloads hold 500 rows). */
export const MAX_CONVERSIONS = 500;

export const WEBSITE_SORTS = ['clicks', 'impressions', 'pcConversions', 'pvConversions', 'cost', 'ctr', 'location'] as const;
export type WebsiteSort = (typeof WEBSITE_SORTS)[number];

export interface ReportOptions {
  range: DayRange;
  /** Only the websites (the Websites tab's channel toggles). */
  onlyWebsites: boolean;
  /** Websites of these channels only; [] = all. */
  channels: string[];
  sortBy: WebsiteSort;
  sortDesc: boolean;
  /** The websites of this publisher only (the Publishers tab's website view); null = all. */
  publisher?: string | null;
}

export interface StatsRow {
  date: string;
  channel: string | null;
  banner: string | null;
  publisher: string | null;
  impressions: number;
  clicks: number;
  pcConversions: number;
  pvConversions: number;
  cost: number;
  /** Invalid views, clicks and conversions, and their share of every event in percent (figures.ts invalidShare). */
  invalid: number;
  invalidShare: number;
  isActive: boolean;
}

/** A row of the whole report (full=true): with its invalid events by measure (what the downloads' invalid columns show). */
export type FullStatsRow = StatsRow & ReturnType<typeof invalidParts>;

export interface WebsiteRow {
  location: string;
  impressions: number;
  clicks: number;
  pcConversions: number;
  pvConversions: number;
  cost: number;
  invalid: number;
  invalidShare: number;
  invalidImpressions: number;
  invalidClicks: number;
  invalidConversions: number;
  ctr: number;
  app: boolean;
  /** The channels that delivered there (of those asked for). */
  channels: string[];
}

interface Grouped {
  day: string | null; channel: string | null; banner_id: string | null; publisher_id: string | null; website: string | null;
  set: 'stats' | 'websites' | 'publisher_websites';
  impressions: string; clicks: string; pc: string; pv: string; cents: string; invalid: string; ii: string; ic: string; iconv: string;
}

/**
 * The daily rollups of the campaign and range with their booked cents (cents.ts), grouped as the report needs
 * them: the stats rows from `stat_daily_creatives`, the websites (per channel, and per publisher) from
 * `stat_daily_websites` (rollups.ts). A publisher or the websites alone are picked after the cents are shared.
 */
async function grouped(core: Core, campaign: ReportCampaign, range: DayRange, onlyWebsites: boolean, publisher: string | null = null): Promise<Grouped[]> {
  const bind = [campaign.advertiser, campaign.id, range.start, range.end, ...(publisher ? [publisher] : [])];
  await currentCents(core, campaign.advertiser, [campaign.id], range);
  const rows = (table: 'stat_daily_creatives' | 'stat_daily_websites') =>
    bookedRows({ table, advertiser: '$1', campaigns: 'campaign_id = $2', start: '$3::date', end: '$4::date' });
  const ofPublisher = publisher ? ' AND publisher_id = $5' : '';
  const websites = core.sequelize.query<Grouped>(
    onlyWebsites
      ? `SELECT NULL AS day, channel, NULL AS banner_id, NULL AS publisher_id, website, 'websites' AS set, ${BOOKED_SUMS}
         FROM ${rows('stat_daily_websites')} r WHERE website <> ''${ofPublisher} GROUP BY website, channel`
      : `SELECT NULL AS day, channel, NULL AS banner_id, publisher_id, website,
           CASE WHEN GROUPING(publisher_id) = 1 THEN 'websites' ELSE 'publisher_websites' END AS set, ${BOOKED_SUMS}
         FROM ${rows('stat_daily_websites')} r WHERE true${ofPublisher} GROUP BY GROUPING SETS ((website, channel), (publisher_id, website))`,
    { bind, type: QueryTypes.SELECT },
  );
  if (onlyWebsites) return websites;
  // The rows as read (no GROUP BY); the line items of a channel are summed in campaignReport.
  const stats = core.sequelize.query<Grouped>(
    `SELECT day::text AS day, channel, banner_id, publisher_id, NULL AS website, 'stats' AS set, impressions, clicks, pc_conversions AS pc,
       pv_conversions AS pv, cents, invalid_impressions + invalid_clicks + invalid_conversions AS invalid,
       invalid_impressions AS ii, invalid_clicks AS ic, invalid_conversions AS iconv
     FROM ${rows('stat_daily_creatives')} r WHERE true${ofPublisher}`,
    { bind, type: QueryTypes.SELECT },
  );
  const [statsRows, websiteRowsRead] = await Promise.all([stats, websites]);
  return [...statsRows, ...websiteRowsRead];
}

function websiteRows(rows: Grouped[], channels: string[], sortBy: WebsiteSort, sortDesc: boolean): WebsiteRow[] {
  const wanted = channels.length ? new Set(channels) : null;
  const byLocation = new Map<string, { counts: Counts; channels: Set<string> }>();
  for (const row of rows) {
    if (!row.website) continue;
    const channel = row.channel ?? '';
    if (wanted && !wanted.has(channel)) continue;
    const entry = byLocation.get(row.website) ?? { counts: zero(), channels: new Set<string>() };
    add(entry.counts, countsOf(row));
    if (channel) entry.channels.add(channel);
    byLocation.set(row.website, entry);
  }
  const list: WebsiteRow[] = [...byLocation.entries()].map(([location, entry]) => ({
    location, ...spoken(entry.counts), ...invalidParts(entry.counts), ctr: ctr(entry.counts.clicks, entry.counts.impressions), app: isApp(location), channels: [...entry.channels].sort(),
  }));
  const direction = sortDesc ? -1 : 1;
  return list.sort((a, b) => {
    const first = sortBy === 'location' ? cmp(a.location, b.location) : a[sortBy] - b[sortBy];
    return first !== 0 ? first * direction : cmp(a.location, b.location);
  });
}

/**
 * The channels that show active, from the campaign's line items: a line item active or auto-paused and not
 * user-paused (SPEC section 4).
 */
export async function activeChannels(core: Core, campaign: ReportCampaign): Promise<Set<string>> {
  const rows = await core.sequelize.query<{ channel: string | null; active: boolean | null; autopaused: boolean | null; userpaused: boolean | null }>(
    `SELECT channel, active, autopaused, userpaused FROM ${core.resource('lineitem').table} WHERE campaign_id = $1 AND archived_at IS NULL`,
    { bind: [campaign.id], type: QueryTypes.SELECT },
  );
  return new Set(rows.filter((row) => (row.active || row.autopaused) && !row.userpaused).map((row) => row.channel ?? ''));
}

/** The creatives of the campaign and those the rows name. */
export async function banners(core: Core, campaign: ReportCampaign, ids: string[]) {
  const rows = await core.sequelize.query<Record<string, unknown>>(
    `SELECT id, name, banner_type, width, height, thumbnail, download_link, channels, archived_at FROM ${core.resource('banner').table}
     WHERE advertiser_id = $1 AND (campaign_id = $2 OR id = ANY($3::uuid[])) ORDER BY name, id`,
    { bind: [campaign.advertiser, campaign.id, ids], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    _id: row.id, id: row.id, name: row.name, bannerType: row.banner_type ?? null, width: row.width ?? null, height: row.height ?? null,
    thumbnail: row.thumbnail ?? null, downloadLink: row.download_link ?? null, channels: row.channels ?? [], archived: Boolean(row.archived_at),
  }));
}

async function publisherNames(core: Core, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await core.sequelize.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${core.resource('publisher').table} WHERE id = ANY($1::uuid[])`, { bind: [ids], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface ConversionRow {
  conversionId: string;
  orderId: string | null;
  type: 'post_click' | 'post_view';
  timestamp: string;
  timestampView: string | null;
  timestampClick: string | null;
  clickId: string | null;
  channel: string | null;
  creative: string | null;
  publisher: string | null;
  location: string | null;
  /** The decision of Conversion Approval (event_approvals): approved, rejected, '' while pending. */
  approvalStatus: 'approved' | 'rejected' | '';
  /** When it was decided (ISO), null while pending. */
  approvalDate: string | null;
  cartValue: number;
  basketValue: number;
  commission: number;
  commissionPercent: null;
  commissionFixed: null;
  cost: number;
  fee: null;
  currency: 'EUR';
}

/**
 * The days of the range that hold the newest `limit` conversions, newest first, from the daily rollup: the raw
 * read then plans only those days' partitions (planning every partition of a 90-day range took ~75 ms).
 */
async function conversionDays(core: Core, campaign: ReportCampaign, range: DayRange, limit: number, publisher: string | null): Promise<string[]> {
  const rows = await core.sequelize.query<{ day: string; n: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(pc_conversions + pv_conversions) AS n FROM stat_daily_creatives
     WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date${publisher ? ' AND publisher_id = $5' : ''}
     GROUP BY day HAVING SUM(pc_conversions + pv_conversions) > 0 ORDER BY day DESC`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end, ...(publisher ? [publisher] : [])], type: QueryTypes.SELECT },
  );
  const days: string[] = [];
  let count = 0;
  for (const row of rows) {
    if (count >= limit) break;
    days.push(row.day);
    count += Number(row.n);
  }
  return days;
}

/**
 * The campaign's conversions of the range (of one publisher when `publisher` names one), newest first (raw events:
 * few rows, one partial index, the days that hold them), each with its decision from `event_approvals`
 * (plugins/approvals), read by its key (advertiser, event).
 */
export async function conversions(core: Core, campaign: ReportCampaign, range: DayRange, limit = MAX_CONVERSIONS, publisher: string | null = null): Promise<ConversionRow[]> {
  const days = await conversionDays(core, campaign, range, limit, publisher);
  if (!days.length) return [];
  const rows = await core.sequelize.query<{
    id: string; order_id: string | null; attribution: string | null; created: Date; channel: string | null; banner_id: string | null;
    publisher_id: string | null; website: string | null; value: string | null; cost_milli: number | null; click_id: string | null;
    status: 'approved' | 'rejected' | null; decided_at: Date | null;
  }>(
    `SELECT e.id, e.order_id, e.attribution, e.created, e.channel, e.banner_id, e.publisher_id, e.website, e.value, e.cost_milli, e.click_id,
       a.status, a.decided_at
     FROM (SELECT id, order_id, attribution, created, channel, banner_id, publisher_id, website, value, cost_milli, click_id FROM events
           WHERE advertiser_id = $1 AND campaign_id = $2 AND kind = 'conversion' AND bot = false AND invalid IS NULL AND day = ANY($3::date[])${publisher ? ' AND publisher_id = $4' : ''}
           ORDER BY created DESC, id DESC LIMIT ${Math.max(1, Math.floor(limit))}) e
     LEFT JOIN event_approvals a ON a.advertiser_id = $1 AND a.event_id = e.id
     ORDER BY e.created DESC, e.id DESC`,
    { bind: [campaign.advertiser, campaign.id, days, ...(publisher ? [publisher] : [])], type: QueryTypes.SELECT },
  );
  return rows.map((row) => {
    const value = centsToEuros(Number(row.value ?? 0));
    const cost = milliToEuros(Number(row.cost_milli ?? 0));
    return {
      conversionId: row.id, orderId: row.order_id, type: row.attribution === 'post_view' ? 'post_view' : 'post_click',
      timestamp: new Date(row.created).toISOString(), timestampView: null, timestampClick: null, clickId: row.click_id,
      channel: row.channel || null, creative: keyOrNull(row.banner_id), publisher: keyOrNull(row.publisher_id), location: row.website || null,
      approvalStatus: row.status ?? '', approvalDate: row.decided_at ? new Date(row.decided_at).toISOString() : null, cartValue: value, basketValue: value, commission: cost, commissionPercent: null, commissionFixed: null,
      cost, fee: null, currency: 'EUR',
    };
  });
}

/** What every answer of the Instant Report but the websites alone starts with. */
export const reportHead = (campaign: ReportCampaign, range: DayRange) => ({
  campaignName: campaign.name,
  // The campaign's flags, set by staff (issue 14): the Instant Report's buttons to the approval screens.
  conversionApproval: campaign.row.conversionApproval === true,
  clickApproval: campaign.row.clickApproval === true,
  range: { start: range.start, end: range.end },
});

/**
 * The whole report response of SPEC section 3 (`full=true`, the downloads), or with `onlyWebsites` the campaign's
 * name and its websites (of one publisher when `publisher` names one). The Instant Report's first answer is the
 * smaller one of summary.ts.
 */
export async function campaignReport(core: Core, campaign: ReportCampaign, options: ReportOptions) {
  const { range } = options;
  if (options.onlyWebsites) {
    const rows = await grouped(core, campaign, range, true, options.publisher ?? null);
    return { campaignName: campaign.name, range: { start: range.start, end: range.end }, websites: websiteRows(rows, options.channels, options.sortBy, options.sortDesc) };
  }
  // Independent reads at once (each on its own pooled connection).
  const [rows, active, conversionRows] = await Promise.all([grouped(core, campaign, range, false), activeChannels(core, campaign), conversions(core, campaign, range)]);
  const websites = websiteRows(rows.filter((row) => row.set === 'websites'), options.channels, options.sortBy, options.sortDesc);

  const byKey = new Map<string, { date: string; channel: string | null; banner: string | null; publisher: string | null; counts: Counts }>();
  for (const row of rows) {
    if (row.set !== 'stats') continue;
    const key = `${row.day}|${row.channel}|${row.banner_id}|${row.publisher_id}`;
    const entry = byKey.get(key);
    if (entry) add(entry.counts, countsOf(row));
    else byKey.set(key, { date: row.day!, channel: row.channel || null, banner: keyOrNull(row.banner_id), publisher: keyOrNull(row.publisher_id), counts: countsOf(row) });
  }
  const stats: FullStatsRow[] = [...byKey.values()]
    .map(({ counts, ...row }) => ({ ...row, ...spoken(counts), ...invalidParts(counts), isActive: active.has(row.channel ?? '') }))
    .sort((a, b) => cmp(a.date, b.date) || cmp(a.channel, b.channel) || cmp(a.banner, b.banner) || cmp(a.publisher, b.publisher));

  // Publishers: totals and websites from the third grouping (publisher x website, '' = no website).
  const publisherTotals = new Map<string, Counts>();
  const publisherSites = new Map<string, Grouped[]>();
  for (const row of rows) {
    if (row.set !== 'publisher_websites' || !row.publisher_id || row.publisher_id === NIL) continue;
    publisherTotals.set(row.publisher_id, add(publisherTotals.get(row.publisher_id) ?? zero(), countsOf(row)));
    if (!row.website) continue;
    const sites = publisherSites.get(row.publisher_id) ?? [];
    sites.push(row);
    publisherSites.set(row.publisher_id, sites);
  }
  const bannerIds = [...new Set(stats.map((row) => row.banner).filter((id): id is string => Boolean(id)))];
  const [names, bannerList] = await Promise.all([publisherNames(core, [...publisherTotals.keys()]), banners(core, campaign, bannerIds)]);
  const publishers = [...publisherTotals.entries()]
    .map(([id, counts]) => ({
      _id: id, id, name: names.get(id) ?? null, ...spoken(counts), ...invalidParts(counts), ctr: ctr(counts.clicks, counts.impressions),
      websites: websiteRows(publisherSites.get(id) ?? [], [], 'clicks', true).map(({ channels: _channels, ...site }) => site),
    }))
    .sort((a, b) => b.clicks - a.clicks || cmp(a.name, b.name) || cmp(a.id, b.id));

  return {
    ...reportHead(campaign, range),
    stats,
    banners: bannerList,
    websites,
    conversions: conversionRows,
    publishers,
  };
}
