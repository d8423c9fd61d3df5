/** Calendar days as `YYYY-MM-DD` in UTC, the form bookings store their start and end in (SPEC: dates shown in UTC). */
import { DEFAULT_RUNTIME_DAYS, EARLIEST_DATE_MONTHS_BACK } from './constants.ts';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day of `value` (a `YYYY-MM-DD` text, an ISO time or a Date), or null when it is no date. */
export function toDay(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return null;
  const day = DAY.test(value) ? value : new Date(value).toISOString().slice(0, 10);
  // 2026-02-30 parses (as 2 March): a day that does not come back unchanged does not exist.
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? null : day;
}

export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const wanted = date.getUTCMonth() + months;
  date.setUTCMonth(wanted);
  // 31 August minus 6 months is the last day of February, not 3 March.
  if (((date.getUTCMonth() % 12) + 12) % 12 !== ((wanted % 12) + 12) % 12) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` lies before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The earliest start date: 6 months and 1 day before today (SPEC section 9). */
export function earliestStartDate(day: string = today()): string {
  return addDays(addMonths(day, -EARLIEST_DATE_MONTHS_BACK), -1);
}

/** The end a booking gets when none is given: 30 days after its start. */
export function defaultEndDate(start: string = today()): string {
  return addDays(start, DEFAULT_RUNTIME_DAYS);
}
