/** A period of UTC days from a request's query (SPEC section 5: 6 months and 1 day back at most), shared by the staff tools. */
import { Invalid, text, type ServerText } from '../errors.ts';

const DAY_MS = 86_400_000;
export const todayIso = () => new Date().toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

const refused = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(Date.parse(value)).toISOString().startsWith(value);

/** The earliest day a period may start: 6 months and 1 day back (SPEC section 5). */
export function earliestDay(today = todayIso()): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 6);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

export interface Period { start: string; end: string }

/**
 * `start` and `end` (YYYY-MM-DD, UTC days, both included) from the query, `fallback` when both are missing; at
 * most `maxDays` days when given (SPEC section 5: logs 3 days), never before `earliestDay()` nor after today.
 */
export function periodOf(query: Record<string, unknown>, fallback: Period, { maxDays, names = ['start', 'end'] }: { maxDays?: number; names?: [string, string] } = {}): Period {
  const [startName, endName] = names;
  const read = (name: string) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string' || !isDay(raw.slice(0, 10)) || raw.length > 30) throw refused(name, text('staff.range.bad_date', { name }));
    return raw.slice(0, 10);
  };
  let start = read(startName);
  let end = read(endName);
  if (!start && !end) return fallback;
  const span = maxDays ?? 0;
  if (!end) end = span ? [addDays(start!, span - 1), todayIso()].sort()[0] : todayIso();
  if (!start) start = span ? addDays(end, -(span - 1)) : end;
  if (end < start) throw refused(endName, text('staff.range.end_before_start'));
  const min = earliestDay();
  if (start < min) throw refused(startName, text('staff.range.too_early', { min: { day: min } }));
  if (end > todayIso()) end = todayIso();
  if (span && Date.parse(end) - Date.parse(start) > (span - 1) * 86_400_000) throw refused(startName, text('staff.range.too_long', { days: span }));
  return { start, end };
}
