/**
 * The query parameters of the report APIs: the date range (SPEC section 5: at most 6 months and 1 day back, the
 * last 7 days by default), id lists, channel lists, flags and sort keys. Every refusal is a 400 with the
 * parameter named, in the request's language.
 */
import { CHANNEL_KEYS } from '@adsuite/config';
import { Invalid, isUuid, text, type ServerText } from '@adsuite/backend/kit';

export const DAY_MS = 86_400_000;
/** Days a report covers by default, today included (SPEC section 2: the last 7 days). */
export const DEFAULT_DAYS = 7;
/** How far ahead a range may reach (a date picker may end in the future; the zero-filled days stay bounded). */
export const MAX_AHEAD_DAYS = 366;

export interface DayRange {
  /** First day, YYYY-MM-DD (UTC). */
  start: string;
  /** Last day, included. */
  end: string;
  /** [start 00:00, the day after end 00:00) as instants, for `hour >= from AND hour < to`. */
  from: Date;
  to: Date;
  /** Every day of the range, in order. */
  days: string[];
}

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
export const todayUtc = (now = Date.now()) => iso(now);

const refuse = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

/** One value of a query parameter: absent, or given once as text. */
export function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw refuse(name, text('query.once', { name }));
  return value;
}

/** YYYY-MM-DD of a real day, as its UTC midnight in ms; null otherwise. */
export function parseDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (year < 1970 || back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return time;
}

/** The earliest day a range may start: 6 months and 1 day before today (SPEC section 5), the month's end kept. */
export function earliestDay(now = Date.now()): string {
  const today = new Date(parseDay(todayUtc(now))!);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() - 6;
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const back = Date.UTC(year, month, Math.min(today.getUTCDate(), lastOfMonth));
  return iso(back - DAY_MS);
}

/** `start` and `end` of the query (YYYY-MM-DD, UTC days, end included); the last `defaultDays` days when absent. */
export function dayRange(query: Record<string, unknown>, now = Date.now(), defaultDays = DEFAULT_DAYS): DayRange {
  const today = parseDay(todayUtc(now))!;
  const read = (name: 'start' | 'end'): number | undefined => {
    const raw = single(query, name);
    if (raw === undefined || raw === '') return undefined;
    const time = parseDay(raw.trim());
    if (time === null) throw refuse(name, text('reports.bad_date', { name }));
    return time;
  };
  const givenEnd = read('end');
  const givenStart = read('start');
  const end = givenEnd ?? (givenStart !== undefined && givenStart > today ? givenStart : today);
  const earliest = parseDay(earliestDay(now))!;
  const start = givenStart ?? Math.max(Math.min(end - (defaultDays - 1) * DAY_MS, today), Math.min(earliest, end));
  if (start < earliest) throw refuse('start', text('reports.start_too_early', { min: { day: iso(earliest) } }));
  if (end < start) throw refuse('end', text('reports.end_before_start'));
  const latest = today + MAX_AHEAD_DAYS * DAY_MS;
  if (end > latest) throw refuse('end', text('reports.end_too_late', { max: { day: iso(latest) } }));
  const days: string[] = [];
  for (let time = start; time <= end; time += DAY_MS) days.push(iso(time));
  return { start: iso(start), end: iso(end), from: new Date(start), to: new Date(end + DAY_MS), days };
}

/** The same number of days just before `range` (the previous period of a comparison); not bound by the earliest day. */
export function previousRange(range: DayRange): DayRange {
  const end = range.from.getTime() - DAY_MS;
  const start = end - (range.days.length - 1) * DAY_MS;
  const days: string[] = [];
  for (let time = start; time <= end; time += DAY_MS) days.push(iso(time));
  return { start: iso(start), end: iso(end), from: new Date(start), to: new Date(end + DAY_MS), days };
}

/** `compare=previous`: the answer holds the previous period too (absent or empty: not). */
export function comparesPrevious(query: Record<string, unknown>): boolean {
  const raw = single(query, 'compare');
  if (raw === undefined || raw === '') return false;
  if (raw !== 'previous') throw refuse('compare', text('reports.bad_compare', { options: 'previous' }));
  return true;
}

/** A list parameter: `name=a,b`, `name=a&name=b` or `name[]=a&name[]=b`; [] when absent. */
export function listParam(query: Record<string, unknown>, name: string, maxItems: number, maxLength = 100): string[] {
  const values = [query[name], query[`${name}[]`]].flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  const items: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || value.length > maxItems * (maxLength + 1)) return ['\0'];
    items.push(...value.split(',').map((item) => item.trim()).filter(Boolean));
  }
  return items.length > maxItems || items.some((item) => item.length > maxLength) ? ['\0'] : [...new Set(items)];
}

/** Ids of records (uuids), at most `max`. */
export function idList(query: Record<string, unknown>, name: string, max = 200): string[] {
  const ids = listParam(query, name, max, 36);
  if (!ids.every(isUuid)) throw refuse(name, text('reports.bad_ids', { name, max }));
  return ids.map((id) => id.toLowerCase());
}

/** Channel keys of the catalogue (config/channels.ts). */
export function channelList(query: Record<string, unknown>): string[] {
  const keys = listParam(query, 'channels', CHANNEL_KEYS.length, 60);
  if (!keys.every((key) => CHANNEL_KEYS.includes(key))) throw refuse('channels', text('reports.bad_channels'));
  return keys;
}

/** A flag: true/false/1/0 (absent: `fallback`). */
export function flag(query: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw refuse(name, text('reports.bad_flag', { name }));
}

/** One of `options` (absent: `fallback`). */
export function choice<T extends string>(query: Record<string, unknown>, name: string, options: readonly T[], fallback: T): T {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!(options as readonly string[]).includes(raw)) {
    throw refuse(name, text('reports.bad_sort', { name: raw.slice(0, 40), options: options.join(', ') }));
  }
  return raw as T;
}

/** The one booking or booking template a detail card is about (`booking=<id>` or `bookingtemplate=<id>`). */
export function detailsTarget(query: Record<string, unknown>): { kind: 'booking' | 'bookingtemplate'; id: string } {
  const booking = idList(query, 'booking', 1);
  const template = idList(query, 'bookingtemplate', 1);
  if (booking.length + template.length !== 1) {
    throw refuse(booking.length ? 'bookingtemplate' : 'booking', text('reports.details_target'));
  }
  return booking.length ? { kind: 'booking', id: booking[0] } : { kind: 'bookingtemplate', id: template[0] };
}
