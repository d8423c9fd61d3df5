/**
 * Checks a create/update body against the declared fields and converts it to stored values. Unknown keys,
 * read-only and private fields are ignored (react-admin sends whole records back); every broken rule is
 * reported with its field.
 */
import type { FieldDef, ResourceDef, Translated } from '@adsuite/config';
import { inSentence } from '@adsuite/config/i18n/serverText';
import { text, type FieldError, type Message } from '../errors.ts';
import { jsonProblem, MAX_JSON_DEPTH, NUL } from '../http/jsonInput.ts';
import { isUuid, toCents, type Row } from './values.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_JSON_CHARS = 1_000_000;

/** The field's label in both languages (the key where it has none): a message names it in the reader's. */
export function labelOf(field: FieldDef, key: string): Translated {
  return field.label ?? { de: key, en: key };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Converts one value; returns the stored value or an error message. */
function convert(key: string, field: FieldDef, value: unknown): { value?: unknown; error?: Message } {
  const label = labelOf(field, key);
  const problem = (name: string, params: Record<string, string | number> = {}) => ({ error: text(`validation.${name}`, { label, ...params }) });
  // A bound of a money field is in euros and reads as money ('5,00 €'); other numbers in the locale's way.
  const bound = (n: number) => (field.type === 'money' ? { money: toCents(n) } : { count: n });
  if (value === null || value === undefined || (value === '' && field.type !== 'text' && field.type !== 'textarea')) return { value: null };
  // PostgreSQL stores no NUL character (and Sequelize would write the two characters `\0` in its place).
  if (typeof value === 'string' && value.includes(NUL)) return problem('invalid_characters');
  const lengthCheck = (given: string): Message | undefined => {
    if (field.min !== undefined && given.length < field.min) return text('validation.too_short', { label, min: field.min });
    if (field.max !== undefined && given.length > field.max) return text('validation.too_long', { label, max: field.max });
    return undefined;
  };
  switch (field.type) {
    case 'text': case 'textarea': case 'file': {
      if (typeof value !== 'string') return problem('text');
      return { value, error: value === '' ? undefined : lengthCheck(value) };
    }
    case 'email': {
      if (typeof value !== 'string' || !EMAIL.test(value.trim())) return problem('email');
      const email = value.trim().toLowerCase();
      return { value: email, error: lengthCheck(email) };
    }
    case 'url': {
      // A host with a dot, or this machine by name (a local server's PUBLIC_URL, http://localhost:8080, names its own files).
      if (typeof value !== 'string' || !/^https?:\/\/([^\s/]+\.[^\s]+|localhost(:\d+)?(\/\S*)?)$/i.test(value.trim())) return problem('url');
      return { value: value.trim(), error: lengthCheck(value.trim()) };
    }
    case 'enum': {
      if (typeof value !== 'string' || (field.options && !field.options.includes(value))) return problem('one_of', { options: field.options?.join(', ') ?? '' });
      return { value };
    }
    case 'number': case 'integer': case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return problem('number');
      if (field.type === 'integer' && !Number.isInteger(n)) return problem('whole_number');
      if (field.min !== undefined && n < field.min) return { error: text('validation.at_least', { label, min: bound(field.min) }) };
      if (field.max !== undefined && n > field.max) return { error: text('validation.at_most', { label, max: bound(field.max) }) };
      if (field.type === 'integer' && Math.abs(n) > 2_147_483_647) return problem('too_large');
      if (Math.abs(n) > 1e13) return problem('too_large');
      return { value: field.type === 'money' ? toCents(n) : n };
    }
    case 'boolean':
      if (typeof value !== 'boolean') return problem('boolean');
      return { value };
    case 'date': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return problem('date');
      const day = DATE.test(value) ? value : new Date(value).toISOString().slice(0, 10);
      const year = Number(day.slice(0, 4));
      if (year < 1900 || year > 9999) return problem('date');
      return { value: day };
    }
    case 'datetime': {
      const time = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (!time || Number.isNaN(time.getTime()) || time.getUTCFullYear() > 9999 || time.getUTCFullYear() < 1900) return problem('datetime');
      return { value: time };
    }
    case 'ref':
      if (!isUuid(value)) return problem('reference');
      return { value };
    case 'refMany': {
      if (!Array.isArray(value) || !value.every(isUuid)) return problem('references');
      if (value.length > 10_000) return problem('too_many_entries');
      return { value: [...new Set(value)] };
    }
    case 'stringList': {
      const list = typeof value === 'string' ? value.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : value;
      if (!Array.isArray(list) || !list.every((s) => typeof s === 'string' && s.length <= 2000)) return problem('texts');
      if (list.some((s) => s.includes(NUL))) return problem('invalid_characters');
      if (field.options && !list.every((s) => field.options!.includes(s))) return problem('only', { options: field.options.join(', ') });
      if (field.max !== undefined && list.length > field.max) return problem('max_entries', { smart_count: field.max });
      if (list.length > 10_000) return problem('too_many_entries');
      return { value: list };
    }
    case 'json': {
      if (typeof value !== 'object') return problem('json');
      const found = jsonProblem(value);
      if (found?.kind === 'depth') return problem('nested', { max: MAX_JSON_DEPTH });
      if (found) return problem('invalid_characters');
      if (JSON.stringify(value).length > MAX_JSON_CHARS) return problem('too_large');
      return { value };
    }
  }
}

export interface CheckedInput {
  values: Row;
  errors: FieldError[];
}

/**
 * `mode` create fills defaults and requires required fields; update checks only the fields present.
 * `body` is any JSON value: a non-object is one error.
 */
export function checkInput(resource: ResourceDef, body: unknown, mode: 'create' | 'update'): CheckedInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { values: {}, errors: [{ field: '', message: text('input.body_object') }] };
  }
  const input = body as Row;
  const values: Row = {};
  const errors: FieldError[] = [];
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.readOnly || field.private) {
      if (mode === 'create' && field.default !== undefined) values[key] = field.type === 'money' ? toCents(field.default as number) : field.default;
      continue;
    }
    const given = Object.prototype.hasOwnProperty.call(input, key) && input[key] !== undefined;
    if (!given) {
      if (mode === 'create') {
        if (field.default !== undefined) values[key] = field.type === 'money' ? toCents(field.default as number) : field.default;
      }
      continue;
    }
    const { value, error } = convert(key, field, input[key]);
    if (error) errors.push({ field: key, message: error });
    else values[key] = value;
  }
  for (const [key, field] of Object.entries(resource.fields)) {
    if (!field.required || field.readOnly || field.private) continue;
    const present = Object.prototype.hasOwnProperty.call(values, key);
    if ((mode === 'create' || present) && isEmpty(values[key]) && !errors.some((e) => e.field === key)) {
      errors.push({ field: key, message: text('validation.required', { label: inSentence(labelOf(field, key)) }) });
    }
  }
  return { values, errors };
}
