/**
 * The statistics downloads (SPEC sections 2 "Download statistics", 3 statPreferences, 9 default stat rows): per
 * stat type the columns one may choose, those chosen by default and the default sort, with their names in German
 * and English. The browser's modal and the server's CSV and XLSX read the same list and the same words.
 */
import { STAT_TYPES } from '../resources/jsonShapes.ts';

export { STAT_TYPES };
export type StatType = (typeof STAT_TYPES)[number];

/** The invalid views, clicks and conversions (never billed, in none of the other figures) and their share of every event. */
const INVALID = ['invalidImpressions', 'invalidClicks', 'invalidConversions', 'invalidShare'] as const;
const FIGURES = ['impressions', 'clicks', 'ctr', 'conversions', 'pcConversions', 'pvConversions', 'cr', 'cost', ...INVALID] as const;

/** The columns of each stat type, in the order a file lists them when none was chosen otherwise. */
export const STAT_COLUMNS: Record<StatType, readonly string[]> = {
  channel: ['channel', ...FIGURES],
  date: ['date', ...FIGURES],
  creative: ['creative', 'creativeId', 'size', ...FIGURES],
  website: ['location', 'app', ...FIGURES],
  publisher: ['name', ...FIGURES],
  conversion: ['conversionId', 'orderId', 'type', 'timestampClick', 'timestampView', 'timestamp', 'cartValue', 'cost', 'channel', 'creative', 'publisher', 'location'],
};

/**
 * SPEC section 9 "default stat rows per type"; the types SPEC leaves open show their key, the main figures and the
 * invalid events with their share.
 */
export const DEFAULT_STAT_COLUMNS: Record<StatType, readonly string[]> = {
  publisher: ['name', 'impressions', 'clicks', 'conversions'],
  conversion: ['conversionId', 'timestampClick', 'cartValue', 'timestampView', 'timestamp'],
  creative: ['creative', 'size', 'impressions', 'clicks', 'ctr', 'conversions', 'cost', ...INVALID],
  website: ['location', 'impressions', 'clicks', 'ctr', 'conversions', 'cost', ...INVALID],
  date: ['date', 'impressions', 'clicks', 'ctr', 'conversions', 'cost', ...INVALID],
  channel: ['channel', 'impressions', 'clicks', 'ctr', 'conversions', 'cost', ...INVALID],
};

/** SPEC section 9: publishers by clicks, descending; the others ascending by their first column. */
export function defaultStatSort(type: StatType): { by: string; order: 'ASC' | 'DESC' } {
  return type === 'publisher' ? { by: 'clicks', order: 'DESC' } : { by: STAT_COLUMNS[type][0], order: 'ASC' };
}

export const STAT_FORMATS = ['csv', 'xlsx'] as const;
export type StatFormat = (typeof STAT_FORMATS)[number];

const de = {
  types: { channel: 'Kanäle', date: 'Datum', creative: 'Werbemittel', website: 'Websites', publisher: 'Publisher', conversion: 'Conversions' },
  columns: {
    channel: 'Kanal', date: 'Datum', creative: 'Werbemittel', creativeId: 'Werbemittel-ID', size: 'Größe', location: 'Website', app: 'App',
    name: 'Publisher', impressions: 'Impressionen', clicks: 'Klicks', ctr: 'CTR (%)', conversions: 'Conversions',
    pcConversions: 'Post-Click-Conversions', pvConversions: 'Post-View-Conversions', cr: 'CR (%)', cost: 'Kosten (EUR)',
    conversionId: 'Conversion-ID', orderId: 'Bestellnummer', type: 'Art', timestampClick: 'Zeitpunkt Klick', timestampView: 'Zeitpunkt Ansicht',
    timestamp: 'Zeitpunkt', cartValue: 'Warenkorbwert (EUR)', publisher: 'Publisher',
    invalidImpressions: 'Ungültige Impressionen', invalidClicks: 'Ungültige Klicks', invalidConversions: 'Ungültige Conversions',
    invalidShare: 'Ungültiger Anteil (%)',
  },
  values: { post_click: 'Post-Click', post_view: 'Post-View', yes: 'ja', no: 'nein' },
};

const en: typeof de = {
  types: { channel: 'Channels', date: 'Date', creative: 'Creatives', website: 'Websites', publisher: 'Publishers', conversion: 'Conversions' },
  columns: {
    channel: 'Channel', date: 'Date', creative: 'Creative', creativeId: 'Creative ID', size: 'Size', location: 'Website', app: 'App',
    name: 'Publisher', impressions: 'Impressions', clicks: 'Clicks', ctr: 'CTR (%)', conversions: 'Conversions',
    pcConversions: 'Post-click conversions', pvConversions: 'Post-view conversions', cr: 'CR (%)', cost: 'Cost (EUR)',
    conversionId: 'Conversion ID', orderId: 'Order ID', type: 'Type', timestampClick: 'Click time', timestampView: 'View time',
    timestamp: 'Time', cartValue: 'Cart value (EUR)', publisher: 'Publisher',
    invalidImpressions: 'Invalid impressions', invalidClicks: 'Invalid clicks', invalidConversions: 'Invalid conversions',
    invalidShare: 'Invalid share (%)',
  },
  values: { post_click: 'Post-click', post_view: 'Post-view', yes: 'yes', no: 'no' },
};

/** The words of the downloads: `types.<type>`, `columns.<column>`, `values.<value>`. */
export const statLabels = { de, en };
