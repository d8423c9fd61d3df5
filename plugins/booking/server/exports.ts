/**
 * CSV exports: the bookings list's `bookings.csv` (SPEC section 2: every booking the list's search and filters
 * reach, whatever its status, at most 500 rows, within the tenant) and the bookings of one booking template.
 * Rows come through the generic list service, so a user only ever exports what the list would show. Texts are in
 * the request's language; dates DD-MM-YYYY and EUR the German way in both languages (SPEC section 9).
 */
import { CSV_EXPORT_MAX_ROWS, markerAddress } from '@adsuite/config/booking/index';
import { channelByKey } from '@adsuite/config';
import { appMessages } from '@adsuite/config/i18n/index';
import { type Core, formatDay, formatEuros, getRecord, type Language, listRecords, parseListQuery, type RequestContext, type Row, translate, valueLabel } from '@adsuite/backend/kit';
import { stringify } from 'csv-stringify/sync';

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

const list = (value: unknown) => (Array.isArray(value) ? value : []);
const money = (euros: unknown) => (typeof euros === 'number' ? formatEuros(euros) : '');
const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value ?? '')).slice(0, 10);
const LIVE = new Set(['published', 'upcoming', 'active', 'paused']);

/** The texts of one language for the exports. */
function wordsOf(language: Language) {
  const say = (key: string, params?: Record<string, string>) => translate(language, `bookings.export.${key}`, params);
  const ages: Record<string, string> = appMessages[language].app.bookings.age;
  return {
    column: (name: string) => say(`columns.${name}`),
    value: (value: unknown) => (typeof value === 'string' && value ? valueLabel(value)[language] : ''),
    age: (code: unknown) => ages[code as string] ?? String(code),
    budget(booking: Row): string {
      if (typeof booking.budget === 'number' && booking.budget > 0) return money(booking.budget);
      return typeof booking.dailyBudget === 'number' ? say('per_day', { amount: money(booking.dailyBudget) }) : '';
    },
    end: (booking: Row) => (booking.continously || !booking.end ? say('never_ends') : formatDay(booking.end)),
  };
}

/** The status the list's badge shows: a running booking past its end date reads finished before the server moves it on. */
function shownStatus(booking: Row, today = dayOf(new Date())): unknown {
  const ended = !booking.continously && Boolean(booking.end) && dayOf(booking.end) < today;
  return ended && LIVE.has(booking.status as string) ? 'finished' : booking.status;
}

function locations(booking: Row): string {
  return [...list(booking.markers).map(markerAddress).filter(Boolean), ...list(booking.countries)].join('; ');
}

const BOOKING_COLUMNS = ['name', 'status', 'budget', 'channels', 'impressions', 'clicks', 'costs', 'start', 'end', 'location', 'target', 'gender', 'age'];

function bookingLine(booking: Row, words: ReturnType<typeof wordsOf>): unknown[] {
  const campaign = (booking.campaign && typeof booking.campaign === 'object' ? booking.campaign : {}) as Row;
  return [
    booking.name,
    words.value(shownStatus(booking)),
    words.budget(booking),
    list(booking.channels).map((key) => channelByKey[key as string]?.name ?? key).join(', '),
    campaign.impressions ?? 0,
    campaign.clicks ?? 0,
    money(campaign.cost ?? 0),
    formatDay(booking.start),
    words.end(booking),
    locations(booking),
    booking.target,
    words.value(booking.gender),
    list(booking.age).map(words.age).join(', '),
  ];
}

const exportQuery = (query: Record<string, unknown>) => ({ ...query, range: JSON.stringify([0, CSV_EXPORT_MAX_ROWS - 1]) });

/**
 * `bookings.csv`: every booking the list's search and filters reach (all statuses, not one page), in its sort,
 * at most 500, in the request's language.
 */
export async function bookingsCsv(core: Core, ctx: RequestContext, query: Record<string, unknown>): Promise<string> {
  const resource = core.resource('booking');
  const { rows } = await listRecords(core, ctx, resource, parseListQuery(resource, { ...exportQuery(query), populate: 'campaign', lookup: undefined }));
  const words = wordsOf(ctx.language);
  return toCsv(BOOKING_COLUMNS.map(words.column), rows.map((booking) => bookingLine(booking, words)));
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

export function templateBookingsCsv(bookings: TemplateBooking[], language: Language): string {
  const words = wordsOf(language);
  return toCsv(['name', 'status', 'budget', 'start', 'end', 'created'].map(words.column), bookings.map((b) => {
    const booking = b as unknown as Row;
    return [b.name, words.value(shownStatus(booking)), words.budget(booking), formatDay(b.start), formatDay(b.end), formatDay(b.created)];
  }));
}

/** A file name from a record name: letters, digits and dashes. */
export function fileNameOf(name: unknown, fallback: string): string {
  const slug = String(name ?? '').normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase();
  return `${slug || fallback}.csv`;
}
