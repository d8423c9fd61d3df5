/** How values read in lists (SPEC section 9: dates DD-MM-YYYY in UTC; money is config/i18n/format.ts's `formatEuros`). */
const pad = (value: number) => String(value).padStart(2, '0');

/** `2025-03-07` or a timestamp -> `07-03-2025` (with ` 14:05` when `withTime`), in UTC; '' when empty or invalid. */
export function formatDay(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
}

/**
 * A typed date (`07-03-2025`) or date and time (`07-03-2025 14:05`) as stored: `2025-03-07`, or with `withTime`
 * the UTC instant `2025-03-07T14:05:00.000Z` (a date without a time is midnight). Null when it names no day.
 */
export function parseDay(text: string, withTime = false): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match || (match[4] !== undefined && !withTime)) return null;
  const [day, month, year, hours = 0, minutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (year < 1900 || hours > 23 || minutes > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return withTime ? date.toISOString() : date.toISOString().slice(0, 10);
}

/**
 * What is typed, put into the DD-MM-YYYY HH:mm pattern: separators come in before the digit that follows them,
 * so deleting one does not bring it back. An ISO date pasted in (`2025-03-07`) turns around.
 */
export function maskDay(text: string, withTime = false): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text);
  const digits = (iso ? `${iso[3]}${iso[2]}${iso[1]}${iso[4] ?? ''}${iso[5] ?? ''}` : text.replace(/\D/g, '')).slice(0, withTime ? 12 : 8);
  const before: Record<number, string> = { 2: '-', 4: '-', 8: ' ', 10: ':' };
  return [...digits].map((digit, index) => `${before[index] ?? ''}${digit}`).join('');
}

/** `07-03-2025 – 06-04-2025`; an open end reads `07-03-2025 –`. */
export function formatPeriod(from: unknown, to: unknown): string {
  const [start, end] = [formatDay(from), formatDay(to)];
  if (!start && !end) return '';
  return `${start} –${end ? ` ${end}` : ''}`;
}

/** A JSON value shortened for a table cell. */
export function formatJson(value: unknown, length = 60): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

