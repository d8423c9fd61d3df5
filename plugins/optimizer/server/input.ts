/** Query parameters of the staff tools: a period of days, id lists, choices and flags; every refusal names its parameter. */
import { Invalid, isUuid, text, type ServerText } from '@adsuite/backend/kit';

const refused = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

export { earliestDay, periodOf, type Period } from '@adsuite/backend/kit';

/** A list of ids, comma separated or repeated (`campaign=a,b` or `campaign=a&campaign=b`); empty = none named. */
export function idList(query: Record<string, unknown>, name: string, max = 500): string[] {
  const raw = query[name];
  if (raw === undefined || raw === '') return [];
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [null])).map((part) => (typeof part === 'string' ? part.trim() : part));
  if (parts.length > max || !parts.every((part) => typeof part === 'string' && isUuid(part))) throw refused(name, text('staff.range.bad_ids', { name, max }));
  return [...new Set(parts as string[])];
}

export function choice<T extends string>(query: Record<string, unknown>, name: string, options: readonly T[]): T | null {
  const raw = query[name];
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !options.includes(raw as T)) throw refused(name, text('staff.range.bad_choice', { name, options: options.join(', ') }));
  return raw as T;
}

export function flag(query: Record<string, unknown>, name: string): boolean {
  const raw = query[name];
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw refused(name, text('staff.range.bad_choice', { name, options: 'true, false' }));
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
