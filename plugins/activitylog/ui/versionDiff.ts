/**
 * The comparison dialog's diff (SPEC section 2 "Activity log"): two version snapshots of a record, field by field:
 * added (only in the newer), removed (only in the older), changed (both, different). Values read as on screen:
 * money in euros with two decimals, dates DD-MM-YYYY, date-times with the time, in UTC (SPEC section 9).
 */
import { formatEuros, type Language } from '@adsuite/config/i18n/format';
import type { ResourceDef } from '@adsuite/config';

export type Change = 'added' | 'removed' | 'changed';
export interface FieldDiff { field: string; change: Change; before: unknown; after: unknown }

/** Bookkeeping fields every snapshot carries, which say nothing about the change. */
const IGNORED = new Set(['id', '_id', 'updated', 'created']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const present = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0) && value !== '';

export function diffVersions(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldDiff[] {
  const older = before ?? {};
  const newer = after ?? {};
  const fields = [...new Set([...Object.keys(older), ...Object.keys(newer)])].filter((field) => !IGNORED.has(field));
  const diffs: FieldDiff[] = [];
  for (const field of fields) {
    const a = older[field];
    const b = newer[field];
    if (same(a, b)) continue;
    const change: Change = !present(a) ? 'added' : !present(b) ? 'removed' : 'changed';
    if (!present(a) && !present(b)) continue;
    diffs.push({ field, change, before: a, after: b });
  }
  return diffs;
}

const pad = (n: number) => String(n).padStart(2, '0');
function day(value: unknown, withTime: boolean): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const text = `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
  return withTime ? `${text} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}` : text;
}

/** A snapshot value as the screens show it; `resource` names the field's type (snapshots hold money in euros). */
export function formatValue(resource: ResourceDef | undefined, field: string, value: unknown, language: Language): string {
  if (value === undefined || value === null || value === '') return '–';
  const type = resource?.fields[field]?.type;
  if (type === 'money' && typeof value === 'number') return formatEuros(value);
  if (type === 'date') return day(value, false);
  if (type === 'datetime' || field === 'archivedAt') return day(value, true);
  if (typeof value === 'boolean') return language === 'en' ? (value ? 'yes' : 'no') : value ? 'ja' : 'nein';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A field's label in `language`, else its name. */
export const fieldLabel = (resource: ResourceDef | undefined, field: string, language: Language) => resource?.fields[field]?.label[language] ?? field;
