/** Conversions between stored values and the API's values. */
import type { ResourceDef } from '@adsuite/config';
import { say, type Language, type ServerText } from '@adsuite/config/i18n/serverText';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function toEuros(cents: unknown): number | null {
  if (cents === null || cents === undefined) return null;
  return Number(cents) / 100;
}

export type Row = Record<string, unknown>;

const isText = (value: unknown): value is ServerText =>
  typeof value === 'object' && value !== null && typeof (value as ServerText).key === 'string';

/**
 * The API form of a stored row: `id` and `_id`, money in euros, private fields left out, texts the platform wrote
 * (FieldDef.translatedFrom) in the reader's `language` when it is known.
 */
export function serialize(resource: ResourceDef, row: Row, language?: Language): Row {
  const out: Row = { id: row.id, _id: row.id };
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.private) continue;
    const stored = field.translatedFrom ? row[field.translatedFrom] : undefined;
    const value = language && isText(stored) ? say(language, stored) : row[key];
    out[key] = field.type === 'money' ? toEuros(value) : value instanceof Date && field.type === 'date' ? value.toISOString().slice(0, 10) : value ?? null;
  }
  out.created = row.created;
  out.updated = row.updated;
  if (resource.archivable) out.archivedAt = row.archivedAt ?? null;
  return out;
}
