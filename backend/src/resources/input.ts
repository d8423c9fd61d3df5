/**
 * Checks a create/update body against the declared fields and converts it to stored values. Unknown keys,
 * read-only and private fields are ignored (react-admin sends whole records back); every broken rule is
 * reported with its field.
 */
import type { FieldDef, ResourceDef } from '@adsuite/config';
import type { FieldError } from '../errors.ts';
import { jsonProblem, MAX_JSON_DEPTH, NUL } from '../http/jsonInput.ts';
import { isUuid, toCents, type Row } from './values.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_JSON_CHARS = 1_000_000;

export function labelOf(field: FieldDef, key: string): string {
  return field.label?.en ?? key;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Converts one value; returns the stored value or an error message. */
function convert(key: string, field: FieldDef, value: unknown): { value?: unknown; error?: string } {
  const label = labelOf(field, key);
  if (value === null || value === undefined || (value === '' && field.type !== 'text' && field.type !== 'textarea')) return { value: null };
  // PostgreSQL stores no NUL character (and Sequelize would write the two characters `\0` in its place).
  if (typeof value === 'string' && value.includes(NUL)) return { error: `${label} contains invalid characters.` };
  const lengthCheck = (text: string) => {
    if (field.min !== undefined && text.length < field.min) return `${label} should be at least ${field.min} characters long.`;
    if (field.max !== undefined && text.length > field.max) return `${label} should be at most ${field.max} characters long.`;
    return undefined;
  };
  switch (field.type) {
    case 'text': case 'textarea': case 'file': {
      if (typeof value !== 'string') return { error: `${label} must be text.` };
      return { value, error: value === '' ? undefined : lengthCheck(value) };
    }
    case 'email': {
      if (typeof value !== 'string' || !EMAIL.test(value.trim())) return { error: 'Please enter a valid e-mail address.' };
      const email = value.trim().toLowerCase();
      return { value: email, error: lengthCheck(email) };
    }
    case 'url': {
      if (typeof value !== 'string' || !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value.trim())) return { error: `${label} must start with http:// or https:// and name a host.` };
      return { value: value.trim(), error: lengthCheck(value.trim()) };
    }
    case 'enum': {
      if (typeof value !== 'string' || (field.options && !field.options.includes(value))) return { error: `${label} must be one of: ${field.options?.join(', ')}.` };
      return { value };
    }
    case 'number': case 'integer': case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { error: `${label} must be a number.` };
      if (field.type === 'integer' && !Number.isInteger(n)) return { error: `${label} must be a whole number.` };
      if (field.min !== undefined && n < field.min) return { error: `${label} must be at least ${field.min}.` };
      if (field.max !== undefined && n > field.max) return { error: `${label} must be at most ${field.max}.` };
      if (field.type === 'integer' && Math.abs(n) > 2_147_483_647) return { error: `${label} is too large.` };
      if (Math.abs(n) > 1e13) return { error: `${label} is too large.` };
      return { value: field.type === 'money' ? toCents(n) : n };
    }
    case 'boolean':
      if (typeof value !== 'boolean') return { error: `${label} must be true or false.` };
      return { value };
    case 'date': {
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return { error: `${label} must be a date.` };
      const day = DATE.test(value) ? value : new Date(value).toISOString().slice(0, 10);
      const year = Number(day.slice(0, 4));
      if (year < 1900 || year > 9999) return { error: `${label} must be a date.` };
      return { value: day };
    }
    case 'datetime': {
      const time = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
      if (!time || Number.isNaN(time.getTime()) || time.getUTCFullYear() > 9999 || time.getUTCFullYear() < 1900) return { error: `${label} must be a date and time.` };
      return { value: time };
    }
    case 'ref':
      if (!isUuid(value)) return { error: `${label} is not a valid reference.` };
      return { value };
    case 'refMany': {
      if (!Array.isArray(value) || !value.every(isUuid)) return { error: `${label} must be a list of references.` };
      if (value.length > 10_000) return { error: `${label} lists too many entries.` };
      return { value: [...new Set(value)] };
    }
    case 'stringList': {
      const list = typeof value === 'string' ? value.split(/\r?\n/).map((s) => s.trim()).filter(Boolean) : value;
      if (!Array.isArray(list) || !list.every((s) => typeof s === 'string' && s.length <= 2000)) return { error: `${label} must be a list of texts.` };
      if (list.some((s) => s.includes(NUL))) return { error: `${label} contains invalid characters.` };
      if (field.options && !list.every((s) => field.options!.includes(s))) return { error: `${label} must only contain: ${field.options.join(', ')}.` };
      if (field.max !== undefined && list.length > field.max) return { error: `${label} takes at most ${field.max} entr${field.max === 1 ? 'y' : 'ies'}.` };
      if (list.length > 10_000) return { error: `${label} lists too many entries.` };
      return { value: list };
    }
    case 'json': {
      if (typeof value !== 'object') return { error: `${label} must be a JSON object or list.` };
      const problem = jsonProblem(value);
      if (problem?.kind === 'depth') return { error: `${label} is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` };
      if (problem) return { error: `${label} contains invalid characters.` };
      if (JSON.stringify(value).length > MAX_JSON_CHARS) return { error: `${label} is too large.` };
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
    return { values: {}, errors: [{ field: '', message: 'The request body must be a JSON object.' }] };
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
      errors.push({ field: key, message: `Please enter the ${labelOf(field, key).toLowerCase()}.` });
    }
  }
  return { values, errors };
}
