/**
 * The statistics download of a campaign (SPEC sections 2 "Download statistics", 3 statPreferences, 9): the stat
 * types asked for, each with the columns and sort the user keeps in `statPreferences` (those of SPEC section 9
 * where the user kept none), for the range, as one CSV (a block per type, headed by its name) or one XLSX (a sheet
 * per type). The figures are the Instant Report's (report.ts), so the file says what the screen says, the invalid
 * views, clicks and conversions (never billed, in none of the other figures) and their share included; the headings
 * are in the request's language; numbers stay numbers (a dot before the decimals in CSV, number cells in XLSX).
 *
 *   GET /api/campaign/:id/download?start=&end=&types=channel,date&format=csv|xlsx
 */
import { stringify } from 'csv-stringify/sync';
import { channelByKey } from '@adsuite/config';
import { DEFAULT_STAT_COLUMNS, defaultStatSort, STAT_COLUMNS, STAT_FORMATS, STAT_TYPES, type StatFormat, type StatType } from '@adsuite/config/i18n/statColumns';
import { Invalid, text, translate, type Core, type Language } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { cmp, cr, ctr, invalidShare } from './figures.ts';
import { listParam, single, type DayRange } from './input.ts';
import { campaignReport } from './report.ts';

type Cell = string | number | null;
type Line = Record<string, Cell>;

export interface DownloadRequest {
  types: StatType[];
  format: StatFormat;
}

/** `types` (at least one known stat type) and `format` (csv, the default, or xlsx) of the query. */
export function downloadRequest(query: Record<string, unknown>): DownloadRequest {
  const types = listParam(query, 'types', STAT_TYPES.length, 20);
  if (!types.length || !types.every((type) => (STAT_TYPES as readonly string[]).includes(type))) {
    const message = text('reports.bad_types', { options: STAT_TYPES.join(', ') });
    throw new Invalid(message, [{ field: 'types', message }]);
  }
  const format = single(query, 'format') ?? 'csv';
  if (!(STAT_FORMATS as readonly string[]).includes(format)) {
    const message = text('reports.bad_format', { options: STAT_FORMATS.join(', ') });
    throw new Invalid(message, [{ field: 'format', message }]);
  }
  return { types: types as StatType[], format: format as StatFormat };
}

interface Preference { statType?: unknown; statColumns?: unknown; statSortBy?: unknown; statSortOrder?: unknown }

/** The columns and sort of a type: the user's kept ones (known columns only, in the kept order), else SPEC's. */
export function layoutOf(type: StatType, preferences: unknown): { columns: string[]; sortBy: string; desc: boolean } {
  const kept = (Array.isArray(preferences) ? preferences : []).find((entry: Preference) => entry?.statType === type) as Preference | undefined;
  const known = STAT_COLUMNS[type];
  const chosen = Array.isArray(kept?.statColumns) ? [...new Set((kept.statColumns as unknown[]).filter((c): c is string => typeof c === 'string' && known.includes(c)))] : [];
  const columns = chosen.length ? chosen : [...DEFAULT_STAT_COLUMNS[type]];
  const fallback = defaultStatSort(type);
  const sortBy = typeof kept?.statSortBy === 'string' && known.includes(kept.statSortBy) ? kept.statSortBy : fallback.by;
  const desc = kept?.statSortOrder === 'DESC' || kept?.statSortOrder === 'ASC' ? kept.statSortOrder === 'DESC' : fallback.order === 'DESC';
  return { columns, sortBy, desc };
}

/** A figure of the report in euros (2 decimals) as whole cents, so that sums stay exact. */
const centsOf = (euros: number) => Math.round(euros * 100);

/** Impressions, clicks, conversions, cost and the invalid events summed into the figures every type but conversions shows. */
function figures(sum: Sum): Line {
  const conversions = sum.pcConversions + sum.pvConversions;
  const invalid = sum.invalidImpressions + sum.invalidClicks + sum.invalidConversions;
  return {
    impressions: sum.impressions, clicks: sum.clicks, ctr: ctr(sum.clicks, sum.impressions), conversions, pcConversions: sum.pcConversions,
    pvConversions: sum.pvConversions, cr: cr(conversions, sum.clicks), cost: sum.cents / 100,
    invalidImpressions: sum.invalidImpressions, invalidClicks: sum.invalidClicks, invalidConversions: sum.invalidConversions,
    invalidShare: invalidShare({ ...sum, invalid }),
  };
}

const MEASURES = ['impressions', 'clicks', 'pcConversions', 'pvConversions', 'invalidImpressions', 'invalidClicks', 'invalidConversions'] as const;
type Figures = Record<(typeof MEASURES)[number] | 'cost', number>;
type Sum = Record<(typeof MEASURES)[number] | 'cents', number>;
const emptySum = (): Sum => ({ impressions: 0, clicks: 0, pcConversions: 0, pvConversions: 0, invalidImpressions: 0, invalidClicks: 0, invalidConversions: 0, cents: 0 });
const sumOf = (row: Figures): Sum => add(emptySum(), row);

function add(sum: Sum, row: Figures): Sum {
  for (const measure of MEASURES) sum[measure] += row[measure];
  sum.cents += centsOf(row.cost);
  return sum;
}

function groupBy<T extends Figures>(rows: T[], keyOf: (row: T) => string): Map<string, Sum> {
  const sums = new Map<string, Sum>();
  for (const row of rows) {
    const key = keyOf(row);
    sums.set(key, add(sums.get(key) ?? emptySum(), row));
  }
  return sums;
}

/** The whole report (not the websites-only answer). */
type Report = Extract<Awaited<ReturnType<typeof campaignReport>>, { stats: unknown }>;

/** The lines of each type from the report, with every column (the layout picks and orders them). */
function linesOf(type: StatType, report: Report, language: Language): Line[] {
  const { stats } = report;
  const channelName = (key: string | null) => (key ? channelByKey[key]?.name ?? key : '');
  switch (type) {
    case 'channel':
      return [...groupBy(stats, (row) => row.channel ?? '')].map(([channel, sum]) => ({ channel: channelName(channel || null), ...figures(sum) }));
    case 'date':
      return [...groupBy(stats, (row) => row.date)].map(([date, sum]) => ({ date, ...figures(sum) }));
    case 'creative': {
      const banners = new Map(report.banners.map((banner) => [String(banner.id), banner]));
      return [...groupBy(stats, (row) => row.banner ?? '')].map(([id, sum]) => {
        const banner = banners.get(id);
        return {
          creative: (banner?.name as string | undefined) ?? '', creativeId: id || null,
          size: banner?.width && banner?.height ? `${String(banner.width)}x${String(banner.height)}` : '', ...figures(sum),
        };
      });
    }
    case 'website':
      return report.websites.map((site) => ({
        location: site.location, app: translate(language, `reports.download.values.${site.app ? 'yes' : 'no'}`), ...figures(sumOf(site)),
      }));
    case 'publisher':
      return report.publishers.map((publisher) => ({ name: publisher.name ?? '', ...figures(sumOf(publisher)) }));
    case 'conversion': {
      const banners = new Map(report.banners.map((banner) => [String(banner.id), String(banner.name ?? '')]));
      const publishers = new Map(report.publishers.map((publisher) => [publisher.id, publisher.name ?? '']));
      return report.conversions.map((row) => ({
        conversionId: row.conversionId, orderId: row.orderId, type: translate(language, `reports.download.values.${row.type}`),
        timestampClick: row.timestampClick, timestampView: row.timestampView, timestamp: row.timestamp, cartValue: row.cartValue, cost: row.cost,
        channel: channelName(row.channel), creative: row.creative ? banners.get(row.creative) ?? row.creative : '',
        publisher: row.publisher ? publishers.get(row.publisher) ?? row.publisher : '', location: row.location ?? '',
      }));
    }
  }
}

const compare = (a: Cell, b: Cell) => (typeof a === 'number' && typeof b === 'number' ? a - b : cmp(a === null ? '' : String(a), b === null ? '' : String(b)));

export interface StatTable { type: StatType; title: string; head: string[]; rows: Cell[][] }

/** Each asked type as a table: its title, the headings and the rows in the user's columns and sort. */
export async function statTables(core: Core, campaign: ReportCampaign, range: DayRange, types: StatType[], preferences: unknown, language: Language): Promise<StatTable[]> {
  // Every row's cost is its share of what the ledger booked (cents.ts), so each sum is the screen's to the cent.
  const report = await campaignReport(core, campaign, { range, onlyWebsites: false, channels: [], sortBy: 'clicks', sortDesc: true }) as Report;
  return types.map((type) => {
    const { columns, sortBy, desc } = layoutOf(type, preferences);
    const lines = linesOf(type, report, language).sort((a, b) => (desc ? -1 : 1) * compare(a[sortBy] ?? null, b[sortBy] ?? null));
    return {
      type,
      title: translate(language, `reports.download.types.${type}`),
      head: columns.map((column) => translate(language, `reports.download.columns.${column}`)),
      rows: lines.map((line) => columns.map((column) => line[column] ?? null)),
    };
  });
}

/** One CSV: a type's rows under its headings; several types one after the other, each headed by its name. */
export function tablesCsv(tables: StatTable[]): string {
  if (tables.length === 1) return stringify([tables[0].head, ...tables[0].rows]);
  return tables.map((table) => stringify([[table.title], table.head, ...table.rows])).join('\n');
}

/** One XLSX: a sheet per type (its name the sheet's), the headings bold and kept in view. */
export async function tablesXlsx(tables: StatTable[]): Promise<Buffer> {
  const sheets = tables.map((table) => ({
    sheet: table.title.slice(0, 31),
    stickyRowsCount: 1,
    data: [table.head.map((value) => ({ value, fontWeight: 'bold' as const })), ...table.rows.map((row) => row.map((value) => ({ value })))],
  }));
  // Loaded with the first workbook, not at start (issue 11: start to first answer).
  const { default: writeExcelFile } = await import('write-excel-file/node');
  return (await writeExcelFile(sheets as never).toBuffer()) as Buffer;
}

/** The file's name: the campaign's name made safe, the range, the format. */
export function fileName(campaign: ReportCampaign, range: DayRange, format: StatFormat): string {
  const name = campaign.name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'campaign';
  return `${name}_${range.start}_${range.end}.${format}`;
}

