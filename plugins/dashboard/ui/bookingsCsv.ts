/**
 * The dashboard's `bookings.csv` (SPEC section 2): every booking of the table, whatever status groups are shown,
 * with SPEC's columns and the figures of the chosen range, in the reader's language and SPEC section 9's formats
 * (dates DD-MM-YYYY, EUR with two decimals the German way in both languages; counts as plain integers, so that a
 * spreadsheet reads them as numbers). RFC 4180 text by csv-stringify with a byte-order mark and CRLF, texts that
 * a spreadsheet would run as a formula defused with an apostrophe. No React here.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { channelByKey } from '@adsuite/config';
import { saveFile } from '@adsuite/admin/kit';
import { appMessages, valueLabels } from '@adsuite/config/i18n/index';
import { formatDay, formatEuros } from '@adsuite/config/i18n/format';
import { CSV_EXPORT_MAX_ROWS, markerAddress } from '@adsuite/config/booking/index';
import type { Booking, Figures } from './dashboardApi.ts';
import type { Group } from './grouping.ts';
import { messages } from './messages.ts';

export const CSV_NAME = 'bookings.csv';

export type Language = 'de' | 'en';

/** One line of the export: the booking, its group on the dashboard and its figures in the range. */
export interface CsvRow {
  booking: Booking;
  group: Group;
  figures: Figures;
}

export const CSV_COLUMNS = ['name', 'status', 'budget', 'channels', 'impressions', 'clicks', 'costs', 'start', 'end', 'location', 'target', 'gender', 'age'] as const;

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const cell = (text: string) => (FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text);
const fill = (template: string, params: Record<string, string>) => template.replace(/%\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

const places = (booking: Booking) => [...(booking.markers ?? []).map(markerAddress).filter(Boolean), ...(booking.countries ?? [])].join('; ');

export function bookingsCsv(rows: CsvRow[], language: Language): string {
  const own = messages[language];
  const ages: Record<string, string> = appMessages[language].app.bookings.age;
  const values = valueLabels[language];
  const budget = ({ budget: total, dailyBudget }: Booking) => {
    if (total) return formatEuros(total);
    return dailyBudget ? fill(own.detail.per_day, { amount: formatEuros(dailyBudget) }) : '';
  };
  // A booking being prepared says which step it waits for; the others read as their group on the dashboard.
  const status = ({ booking, group }: CsvRow) => (group === 'pending' && booking.status ? values[booking.status] ?? booking.status : own.groups[group]);
  const lines = rows.slice(0, CSV_EXPORT_MAX_ROWS).map((row) => {
    const { booking, figures } = row;
    return [
      booking.name, status(row), budget(booking), (booking.channels ?? []).map((key) => channelByKey[key]?.name ?? key).join(', '),
      figures.impressions, figures.clicks, formatEuros(figures.cost), formatDay(booking.start),
      booking.continously || !booking.end ? own.table.never_ends : formatDay(booking.end),
      places(booking), booking.target ?? '', booking.gender ? values[booking.gender] ?? booking.gender : '',
      (booking.age ?? []).map((code) => ages[code] ?? code).join(', '),
    ];
  });
  const header = CSV_COLUMNS.map((column) => own.csv[column]);
  return stringify([header, ...lines], {
    bom: true, record_delimiter: 'windows', quoted_match: /[\r\n;]/, cast: { string: (text) => cell(text.replace(/\u00a0/g, ' ')) },
  });
}

/** Hands a text to the browser as a download (the kit's saveFile). */
export const download = (text: string, name: string) => saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
