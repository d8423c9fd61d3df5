/**
 * The Instant Report's data: GET /api/campaign/:id/report (its first answer: the stats per day x channel x creative,
 * the creatives and the publishers' totals), the lists the other tabs load when they open (the websites of the
 * chosen channels, the conversions, one publisher's rows), the remove-website call (updateDomainlist), and the sums
 * the tabs show (per channel, day, creative) with CTR and CR as SPEC section 5 rounds them.
 */
import { addDays } from '@adsuite/config/booking/dates';
import { API, apiFetch, daysIn, type DayRange } from '@adsuite/admin/kit';

export type { DayRange };

export interface Figures {
  impressions: number;
  clicks: number;
  pcConversions: number;
  pvConversions: number;
  cost: number;
  /** Invalid views, clicks and conversions (a bot's, a click without a view, ...): in none of the figures above, never billed. */
  invalid?: number;
}

export interface StatsRow extends Figures {
  date: string;
  channel: string | null;
  banner: string | null;
  publisher: string | null;
  isActive?: boolean;
}

export interface WebsiteRow extends Figures {
  location: string;
  ctr: number;
  app: boolean;
  channels?: string[];
}

export interface Banner {
  _id: string;
  name: string;
  width: number | null;
  height: number | null;
}

export interface Conversion {
  conversionId: string;
  orderId: string | null;
  type: 'post_click' | 'post_view';
  timestamp: string;
  channel: string | null;
  creative: string | null;
  publisher: string | null;
  location: string | null;
  cartValue: number;
  commission?: number;
  cost?: number;
  /** Conversion Approval's decision ('' while pending); the Instant Report's rows carry it, the publisher's view's do not. */
  approvalStatus?: 'approved' | 'rejected' | '';
  approvalDate?: string | null;
}

export interface PublisherRow extends Figures {
  _id: string;
  name: string | null;
  ctr: number;
  websites?: WebsiteRow[];
}

/** The previous period of a comparison: the same number of days before the range, its totals and every day. */
export interface PreviousPeriod {
  range: DayRange;
  totals: Figures;
  stats: (Figures & { date: string })[];
}

/** The Instant Report's first answer (a publisher's rows with `publisher`). */
export interface Report {
  campaignName: string;
  conversionApproval?: boolean;
  clickApproval?: boolean;
  range: DayRange;
  stats: StatsRow[];
  banners: Banner[];
  publishers: PublisherRow[];
  /** With compare=previous. */
  previous?: PreviousPeriod | null;
  /** When an event batch last added to the figures (ISO, UTC); null before the first. */
  dataAsOf?: string | null;
}

/** The publisher's view of a campaign: its own rows, its websites and conversions at once. */
export interface PublisherReport extends Report {
  websites: WebsiteRow[];
  conversions: Conversion[];
}

/** Every day of a range, in order (the chart shows the days without delivery too). */
export const everyDay = (range: DayRange): string[] => Array.from({ length: Math.min(Math.max(daysIn(range), 0), 400) }, (_, index) => addDays(range.start, index));

/** The range and, when one is named, the publisher whose rows are asked for. */
const rangeQuery = (range: DayRange, publisher?: string | null) =>
  `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}${publisher ? `&publisher=${encodeURIComponent(publisher)}` : ''}`;
const reportPath = (campaign: string, rest = '') => `${API}/campaign/${encodeURIComponent(campaign)}/report${rest}`;

/** The first answer (with the previous period when `compare`), or one publisher's stats rows (the Publishers tab's date and creative views). */
export async function fetchReport(campaign: string, range: DayRange, signal?: AbortSignal, publisher?: string | null, compare = false): Promise<Report> {
  const { json } = await apiFetch(`${reportPath(campaign)}?${rangeQuery(range, publisher)}${compare ? '&compare=previous' : ''}`, { signal });
  return json as Report;
}

/** The websites of the chosen channels ([] = all) or of one publisher, by clicks (the Websites tab, a publisher's website view). */
export async function fetchWebsites(campaign: string, range: DayRange, channels: string[], signal?: AbortSignal, publisher?: string | null): Promise<WebsiteRow[]> {
  const query = `${rangeQuery(range, publisher)}&onlyWebsites=true&sortBy=clicks&sortDesc=true${channels.map((key) => `&channels[]=${encodeURIComponent(key)}`).join('')}`;
  const { json } = await apiFetch(`${reportPath(campaign)}?${query}`, { signal });
  return (json as { websites: WebsiteRow[] }).websites;
}

/** The newest conversions of the range (of one publisher when named), with their approval status. */
export async function fetchConversions(campaign: string, range: DayRange, signal?: AbortSignal, publisher?: string | null): Promise<Conversion[]> {
  const { json } = await apiFetch(`${reportPath(campaign, '/conversions')}?${rangeQuery(range, publisher)}`, { signal });
  return (json as { conversions: Conversion[] }).conversions;
}

/** SPEC updateDomainlist: the website onto the campaign's blacklist for the chosen Banner Ads channels. */
export async function removeWebsite(campaign: string, website: string, channels: string[]): Promise<void> {
  await apiFetch(`${API}/campaign/${encodeURIComponent(campaign)}/domainlist`, { method: 'POST', body: JSON.stringify({ name: website, channels }) });
}

/** The publisher's own rows of a campaign (/p/campaign/stats/:id). */
export async function fetchPublisherReport(campaign: string, range: DayRange, signal?: AbortSignal): Promise<PublisherReport> {
  const { json } = await apiFetch(`${API}/publisher/campaign/${encodeURIComponent(campaign)}/report?${rangeQuery(range)}`, { signal });
  return json as PublisherReport;
}

export const zero = (): Figures => ({ impressions: 0, clicks: 0, pcConversions: 0, pvConversions: 0, cost: 0, invalid: 0 });
export const conversionsOf = (figures: Figures) => figures.pcConversions + figures.pvConversions;
/** clicks * 100 / impressions, 2 decimals, 0 without impressions (SPEC section 5). */
export const ctrOf = (figures: Figures) => (figures.impressions > 0 ? Math.round((figures.clicks * 10_000) / figures.impressions) / 100 : 0);
/** conversions * 100 / clicks, 2 decimals, 0 without clicks (SPEC section 3). */
export const crOf = (figures: Figures) => (figures.clicks > 0 ? Math.round((conversionsOf(figures) * 10_000) / figures.clicks) / 100 : 0);
/** The invalid share: invalid events * 100 / every event (views, clicks, conversions, valid and invalid), 2 decimals, as the server's. */
export const invalidShareOf = (figures: Figures) => {
  const all = figures.impressions + figures.clicks + conversionsOf(figures) + (figures.invalid ?? 0);
  return all > 0 ? Math.round(((figures.invalid ?? 0) * 10_000) / all) / 100 : 0;
};

function addInto<T extends Figures>(into: T, row: Figures): T {
  into.impressions += row.impressions;
  into.clicks += row.clicks;
  into.pcConversions += row.pcConversions;
  into.pvConversions += row.pvConversions;
  into.invalid = (into.invalid ?? 0) + (row.invalid ?? 0);
  // Euros with 2 decimals: summed in cents, so 0.1 + 0.2 stays 0.30.
  into.cost = Math.round(into.cost * 100 + row.cost * 100) / 100;
  return into;
}

export const total = (rows: Figures[]): Figures => rows.reduce<Figures>((sum, row) => addInto(sum, row), zero());

export interface Group extends Figures {
  key: string;
}

/** The rows summed per key, in the order the keys first appear (or by `order`). */
export function groupBy<T extends Figures>(rows: T[], keyOf: (row: T) => string, order?: (a: Group, b: Group) => number): Group[] {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? { key, ...zero() };
    groups.set(key, addInto(group, row));
  }
  const list = [...groups.values()];
  return order ? list.sort(order) : list;
}

export const byClicks = (a: Group, b: Group) => b.clicks - a.clicks || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
export const byKey = (a: Group, b: Group) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The chart's series: per day of the range, the figure of each chart tab. */
export type ChartMetric = 'clicks' | 'impressions' | 'conversions' | 'ctr' | 'cr';
export const CHART_METRICS: readonly ChartMetric[] = ['clicks', 'impressions', 'conversions', 'ctr', 'cr'];

export function metricOf(figures: Figures, metric: ChartMetric): number {
  switch (metric) {
    case 'clicks': return figures.clicks;
    case 'impressions': return figures.impressions;
    case 'conversions': return conversionsOf(figures);
    case 'ctr': return ctrOf(figures);
    case 'cr': return crOf(figures);
  }
}

export function dailySeries(report: Pick<Report, 'stats' | 'range'>): (Figures & { date: string })[] {
  const byDay = new Map(groupBy(report.stats, (row) => row.date).map((group) => [group.key, group]));
  return everyDay(report.range).map((date) => ({ date, ...(byDay.get(date) ?? zero()) }));
}
