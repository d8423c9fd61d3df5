/**
 * CSV exports: the dashboard's `bookings.csv` (SPEC section 2, at most 500 rows, the list's filters and tenant
 * scope) and the bookings of one booking template. Rows come through the generic list service, so a user only
 * ever exports what the list would show.
 */
import { BOOKING_CSV_COLUMNS, CSV_EXPORT_MAX_ROWS, markerAddress } from '@adsuite/config/booking/index';
import { channelByKey } from '@adsuite/config';
import { type Core, getRecord, listRecords, parseListQuery, type RequestContext, type Row } from '@adsuite/backend/kit';
import { stringify } from 'csv-stringify/sync';

/** Age codes of SPEC section 3 as the export spells them. */
const AGE_LABELS: Record<string, string> = {
  '1': 'unknown', '18': 'under 18', '25': '19-24', '35': '25-34', '45': '35-44', '55': '45-54', '65': '55-64', '99': 'over 65',
};

/** Text a spreadsheet program would run as a formula gets a leading apostrophe; plain numbers stay numbers. */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
}

/**
 * RFC 4180 text (csv-stringify) with a byte-order mark, so spreadsheet programs read the umlauts as UTF-8:
 * CRLF line ends; cells with a comma, quote, line break or semicolon (the separator of German spreadsheet
 * programs) quoted; texts defused (defuseFormula).
 */
export function toCsv(header: readonly string[], rows: unknown[][]): string {
  return stringify([[...header], ...rows], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n;]/,
    cast: { string: defuseFormula, boolean: String, date: (value) => value.toISOString() },
  });
}

const amount = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '');
const list = (value: unknown) => (Array.isArray(value) ? value : []);

function budgetText(booking: Row): string {
  if (typeof booking.budget === 'number' && booking.budget > 0) return amount(booking.budget);
  return typeof booking.dailyBudget === 'number' ? `${amount(booking.dailyBudget)} / day` : '';
}

function locations(booking: Row): string {
  return list(booking.markers).map(markerAddress).filter(Boolean).join('; ');
}

function bookingLine(booking: Row): unknown[] {
  const campaign = (booking.campaign && typeof booking.campaign === 'object' ? booking.campaign : {}) as Row;
  return [
    booking.name,
    booking.status,
    budgetText(booking),
    list(booking.channels).map((key) => channelByKey[key as string]?.name ?? key).join(', '),
    campaign.impressions ?? 0,
    campaign.clicks ?? 0,
    amount(campaign.cost ?? 0),
    booking.start,
    booking.continously ? 'Never Ends' : booking.end,
    locations(booking),
    booking.target,
    booking.gender,
    list(booking.age).map((code) => AGE_LABELS[code as string] ?? code).join(', '),
  ];
}

const exportQuery = (query: Record<string, unknown>) => ({ ...query, range: JSON.stringify([0, CSV_EXPORT_MAX_ROWS - 1]) });

/** `bookings.csv`: the bookings the list shows with the same filters and sort, at most 500. */
export async function bookingsCsv(core: Core, ctx: RequestContext, query: Record<string, unknown>): Promise<string> {
  const resource = core.resource('booking');
  const { rows } = await listRecords(core, ctx, resource, parseListQuery(resource, { ...exportQuery(query), populate: 'campaign', lookup: undefined }));
  return toCsv(BOOKING_CSV_COLUMNS, rows.map(bookingLine));
}

export interface TemplateBooking {
  id: string;
  name: string;
  status: string;
  budget: number | null;
  dailyBudget: number | null;
  start: string | null;
  end: string | null;
  created: unknown;
}

/** The bookings made from one template (404 when the template is out of reach). */
export async function templateBookings(core: Core, ctx: RequestContext, templateId: string): Promise<{ template: Row; bookings: TemplateBooking[] }> {
  const template = await getRecord(core, ctx, core.resource('bookingtemplate'), templateId);
  const resource = core.resource('booking');
  const query = parseListQuery(resource, exportQuery({ filter: JSON.stringify({ bookingtemplate: template.id }) }));
  const { rows } = await listRecords(core, ctx, resource, query);
  const bookings = rows.map((b) => ({
    id: b.id as string, name: b.name as string, status: b.status as string, budget: b.budget as number | null,
    dailyBudget: b.dailyBudget as number | null, start: b.start as string | null, end: b.end as string | null, created: b.created,
  }));
  return { template, bookings };
}

export function templateBookingsCsv(bookings: TemplateBooking[]): string {
  const created = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? ''));
  return toCsv(['Name', 'Status', 'Budget', 'Start', 'End', 'Created'], bookings.map((b) => [
    b.name, b.status, budgetText(b as unknown as Row), b.start, b.end, created(b.created),
  ]));
}

/** A file name from a record name: letters, digits and dashes. */
export function fileNameOf(name: unknown, fallback: string): string {
  const slug = String(name ?? '').normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  return `${slug || fallback}.csv`;
}
