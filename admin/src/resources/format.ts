/** How values read in lists (SPEC section 9: dates DD-MM-YYYY in UTC, money in euro). */
const pad = (value: number) => String(value).padStart(2, '0');

/** `2025-03-07` or a timestamp -> `07-03-2025` (with ` 14:05` when `withTime`), in UTC; '' when empty or invalid. */
export function formatDay(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : day;
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

/** EUR maps to the German locale (SPEC section 9). */
export const MONEY = { locales: 'de-DE', options: { style: 'currency', currency: 'EUR' } } as const;
