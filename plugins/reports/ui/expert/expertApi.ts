/**
 * Expert Analytics' answer (GET /api/campaign/:id/stats, plugins/reports/server/expert.ts) and the CSV of its
 * creative performance.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { EVENT_CLASSES } from '@adsuite/config';
import { API, apiFetch, saveFile, type DayRange } from '@adsuite/admin/kit';
import type { InvalidReason } from '@adsuite/config/invalidTraffic';

export type EventClass = (typeof EVENT_CLASSES)[number];
export interface Chart { labels: string[]; data: number[] }
export interface CreativeData {
  impression: number; click: number; pcConversions: number; pcConversionsValue: number; pvConversions: number; pvConversionsValue: number;
}
export interface CreativeRow { entity: { _id: string; name: string | null; width: number | null; height: number | null } | null; data: CreativeData }
export interface ChannelPerformance { channel: string | null; name: string | null; creatives: CreativeRow[]; total: CreativeData }
export interface LineItemPerformance { entity: { _id: string; name: string | null } | null; lineItem: string | null; channels: ChannelPerformance[] }
export interface Asset { _id: string; name: string; channel?: string | null; width?: number | null; height?: number | null; externalIds: Record<string, string> }
export const ASSET_TYPES = ['lineitem', 'banner', 'booking', 'contract'] as const;
/** Invalid views, clicks and conversions of one reason (never billed, in none of the figures). */
export interface InvalidReasonCount { reason: InvalidReason; impressions: number; clicks: number; conversions: number; count: number }
export type AssetType = (typeof ASSET_TYPES)[number];

export type ExpertStats = {
  name: string;
  range: { start: string; end: string };
  queryTime: number;
  uniqueCount: number;
  impressionCount: number;
  impressionCountExpected: number | null;
  clickCount: number;
  clickCountExpected: number | null;
  pcConversions: number;
  pvConversions: number;
  cost: number;
  siteCr: number;
  basketavg: number;
  pixelCount: number;
  creativeArray: LineItemPerformance[];
  assets: Record<AssetType, Asset[]>;
  /** Invalid traffic: its events, their share of every event in percent, per reason (most first). */
  invalid: { count: number; share: number; reasons: InvalidReasonCount[] };
  charts: Record<'impressions' | 'clicks' | 'opr' | 'order' | 'conversion' | 'revenue' | 'products', Chart>;
  hourly: Record<'impressions' | 'clicks' | 'opr' | 'dwell', Chart>;
  /** When an event batch last added to the figures (ISO, UTC); null before the first. */
  dataAsOf?: string | null;
} & Record<EventClass | `${EventClass}Perc`, number>;

export async function fetchExpertStats(campaign: string, range: DayRange, signal?: AbortSignal): Promise<ExpertStats> {
  const query = new URLSearchParams({ start: range.start, end: range.end });
  const { json } = await apiFetch(`${API}/campaign/${encodeURIComponent(campaign)}/stats?${query}`, { signal });
  return json as ExpertStats;
}

/** The events list of a class card (SPEC section 2 "Expert Analytics"): the campaign's events of that class. */
export const onsiteEventsLink = (campaign: string, cls: EventClass): string => `/events?${new URLSearchParams({ campaign, cls })}`;

export const sizeOf = (entity: { width?: number | null; height?: number | null } | null | undefined) =>
  entity?.width && entity?.height ? `${entity.width}x${entity.height}` : '';

/** Text a spreadsheet program would run as a formula gets a leading apostrophe. */
const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The creative performance of the range as CSV rows: one per line item x channel x creative and the channel's total
 * row; numbers as numbers (values in euros with a decimal point), so a spreadsheet reads them in any language.
 */
export function creativeCsv(stats: ExpertStats, label: (key: string) => string): string {
  const header = ['lineitem', 'channel', 'creative', 'size', 'id', 'impressions', 'clicks', 'pc', 'pc_value', 'pv', 'pv_value'].map((key) => label(`csv.${key}`));
  const figures = (data: CreativeData) => [data.impression, data.click, data.pcConversions, data.pcConversionsValue, data.pvConversions, data.pvConversionsValue];
  const rows: unknown[][] = [header];
  for (const item of stats.creativeArray) {
    const lineitem = item.entity?.name ?? item.lineItem ?? '';
    for (const channel of item.channels) {
      const name = channel.name ?? channel.channel ?? '';
      for (const creative of channel.creatives) {
        rows.push([lineitem, name, creative.entity?.name ?? '', sizeOf(creative.entity), creative.entity?._id ?? '', ...figures(creative.data)]);
      }
      rows.push([lineitem, name, label('csv.total'), '', '', ...figures(channel.total)]);
    }
  }
  return stringify(rows, { record_delimiter: 'windows', cast: { string: defuse } });
}

/** Hands a text to the browser as a download (the kit's saveFile), with a byte order mark for spreadsheet programs. */
export const download = (fileName: string, text: string, type = 'text/csv;charset=utf-8') => saveFile(new Blob([`\ufeff${text}`], { type }), fileName);
