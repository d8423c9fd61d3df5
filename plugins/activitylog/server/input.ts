/** Query parameters of the activity log: a period of days, choices, numbers and a search text; every refusal names its parameter. */
import { Invalid, text, type ServerText } from '@adsuite/backend/kit';

export { earliestDay, periodOf, type Period } from '@adsuite/backend/kit';

const refused = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

export function choice<T extends string>(query: Record<string, unknown>, name: string, options: readonly T[]): T | null {
  const raw = query[name];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !options.includes(raw as T)) throw refused(name, text('staff.range.bad_choice', { name, options: options.join(', ') }));
  return raw as T;
}

export function wholeNumber(query: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) throw refused(name, text('staff.range.bad_number', { name, min, max }));
  return value;
}

export function searchText(query: Record<string, unknown>, name: string, max = 200): string {
  const raw = query[name];
  if (raw === undefined || raw === '') return '';
  if (typeof raw !== 'string' || raw.length > max || raw.includes('\u0000') || /[\uD800-\uDFFF]/.test(raw.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) {
    throw refused(name, text('staff.range.bad_text', { name, max }));
  }
  return raw.trim();
}
