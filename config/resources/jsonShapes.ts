/**
 * The parts of JSON fields (SPEC section 3: a banner's thumbnail {width, height, downloadLink}, a booking's
 * markers with properties.name and properties.currentPlace.formatted_address, a user's statPreferences, ...).
 * A declaration names a field's parts on the field (`FieldDef.shape`); the generated forms give each part an
 * input of its own and check it with `partProblem`; the server refuses a create or update that `shapeIssues` finds
 * wrong (backend/src/resources/shapes.ts), by the same rules. A JSON field without a shape is free-form data.
 */
import { CHANNEL_KEYS } from '../channels.ts';
import type { Translated } from '../resource.ts';

export type JsonPartType =
  | 'text' | 'url' | 'integer' | 'number' | 'boolean' | 'datetime'
  /** A channel key (`facebook`), chosen by the channel's name. */
  | 'channel'
  /** One of `choices`, each read `app.json.choices.<value>` (else as it is). */
  | 'choice'
  /** The id of a record of `resource`. */
  | 'ref'
  /** A list of texts (keywords, column names), entered as chips; with `choices`, chosen from them. */
  | 'texts'
  /** A GeoJSON point `{ type: 'Point', coordinates: [lng, lat] }`, entered as latitude and longitude; or null. */
  | 'point';

/** One part of a JSON value. */
export interface JsonPart {
  /** Where the part sits in the value, dots for nested objects: `width`, `properties.currentPlace.formatted_address`. */
  key: string;
  type: JsonPartType;
  label: Translated;
  choices?: readonly string[];
  resource?: string;
  required?: boolean;
  /** Bounds of a number part. */
  min?: number;
  max?: number;
}

export type JsonShape =
  /** One object with these parts (a banner's thumbnail). */
  | { kind: 'object'; parts: readonly JsonPart[] }
  /**
   * A list of objects with these parts (a booking's allocation). `fixed` values every entry carries as they
   * are (a marker's `type: 'Feature'`); `readOnly` lists are shown, not edited.
   */
  | { kind: 'list'; parts: readonly JsonPart[]; fixed?: Readonly<Record<string, string>>; readOnly?: boolean }
  /** A list of ids of `resource`'s records (a booking's domain lists). */
  | { kind: 'ids'; resource: string }
  /** A review per channel (`{ facebook: { status, reason, comment } }`), shown read-only: approvals change it. */
  | { kind: 'reviews' }
  /** Changes waiting for approval, per field (`{ budget: { old, new } }`), shown read-only. */
  | { kind: 'changes' }
  /** A list of channel keys (failed channels), shown read-only. */
  | { kind: 'channels' };

const t = (de: string, en: string): Translated => ({ de, en });
const part = (key: string, type: JsonPartType, label: Translated, more: Partial<JsonPart> = {}): JsonPart => ({ key, type, label, ...more });

const WIDTH = part('width', 'integer', t('Breite', 'Width'), { min: 0 });
const HEIGHT = part('height', 'integer', t('Höhe', 'Height'), { min: 0 });
const DOWNLOAD_LINK = part('downloadLink', 'url', t('Download-Link', 'Download link'));

/** A picture's or video's size and address: `{ width, height, downloadLink }`. */
export const MEDIA_SIZE: readonly JsonPart[] = [WIDTH, HEIGHT, DOWNLOAD_LINK];

/** How a budget is split over channels: `[{ channel, weight }]`. */
export const ALLOCATION: JsonShape = {
  kind: 'list',
  parts: [part('channel', 'channel', t('Kanal', 'Channel'), { required: true }), part('weight', 'number', t('Gewichtung', 'Weight'), { min: 0 })],
};

/** The placeholder values of a creative: `[{ key, value }]` (plugins/booking/server/creatives/templates.ts). */
export const PLACEHOLDER_VALUES: JsonShape = {
  kind: 'list',
  parts: [part('key', 'text', t('Schlüssel', 'Key'), { required: true }), part('value', 'text', t('Wert', 'Value'))],
};

/** The placeholders a template declares: `[{ key, label, type, required, max }]`. */
export const PLACEHOLDER_DECLARATIONS: JsonShape = {
  kind: 'list',
  parts: [
    part('key', 'text', t('Schlüssel', 'Key'), { required: true }),
    part('label', 'text', t('Bezeichnung', 'Label')),
    part('type', 'choice', t('Art', 'Kind'), { choices: ['text', 'image', 'url'] }),
    part('required', 'boolean', t('Pflichtfeld', 'Required')),
    part('max', 'integer', t('Höchstlänge', 'Maximum length'), { min: 1 }),
  ],
};

/** The kinds of statistics a user keeps preferences for (SPEC section 9, "default stat rows per type"). */
export const STAT_TYPES = ['publisher', 'conversion', 'creative', 'website', 'date', 'channel'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The value at a part's key (`properties.currentPlace.formatted_address`). */
export function valueAt(value: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((current, step) => (isPlainObject(current) ? current[step] : undefined), value);
}

export type ShapeProblem =
  | { problem: 'required' | 'text' | 'number' | 'integer' | 'url' | 'boolean' | 'datetime' | 'choice' | 'texts' | 'point' }
  | { problem: 'min'; min: number }
  | { problem: 'max'; max: number };

const URL_PATTERN = /^https?:\/\/\S+$/;

const isPoint = (value: unknown) => isPlainObject(value) && value.type === 'Point' && Array.isArray(value.coordinates)
  && value.coordinates.length === 2 && value.coordinates.every((n) => typeof n === 'number' && Number.isFinite(n))
  && Math.abs(value.coordinates[0] as number) <= 180 && Math.abs(value.coordinates[1] as number) <= 90
  && Object.keys(value).every((key) => key === 'type' || key === 'coordinates');

/** What is wrong with one part's value, if anything: empty parts are fine unless required. */
export function partProblem(part: JsonPart, value: unknown): ShapeProblem | undefined {
  if (isEmpty(value) || (part.type === 'texts' && Array.isArray(value) && value.length === 0)) {
    return part.required ? { problem: 'required' } : undefined;
  }
  switch (part.type) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: 'number' };
      if (part.type === 'integer' && !Number.isInteger(value)) return { problem: 'integer' };
      if (part.min !== undefined && value < part.min) return { problem: 'min', min: part.min };
      if (part.max !== undefined && value > part.max) return { problem: 'max', max: part.max };
      return undefined;
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { problem: 'boolean' };
    case 'choice':
      return typeof value === 'string' && (part.choices ?? []).includes(value) ? undefined : { problem: 'choice' };
    case 'channel':
      return typeof value === 'string' && CHANNEL_KEYS.includes(value) ? undefined : { problem: 'choice' };
    case 'url':
      return typeof value === 'string' && URL_PATTERN.test(value) ? undefined : { problem: 'url' };
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : { problem: 'datetime' };
    case 'texts':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string' && (!part.choices || part.choices.includes(entry)))
        ? undefined : { problem: 'texts' };
    case 'point':
      return isPoint(value) ? undefined : { problem: 'point' };
    default:
      return typeof value === 'string' ? undefined : { problem: 'text' };
  }
}

/**
 * Whether an object holds nothing but the parts (at their nested keys) and the fixed values, each part of its
 * type. Only the type counts here: a value of the right type that breaks a bound is for the form and the server
 * (`shapeIssues`) to refuse.
 */
function objectFits(parts: readonly JsonPart[], value: unknown, fixed: Readonly<Record<string, string>> = {}, prefix = ''): boolean {
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(([key, entry]) => {
    const path = `${prefix}${key}`;
    const declared = parts.find((candidate) => candidate.key === path);
    if (declared) {
      const problem = partProblem({ ...declared, required: false, min: undefined, max: undefined }, entry);
      return problem === undefined;
    }
    if (Object.hasOwn(fixed, path)) return entry === fixed[path];
    const nested = parts.some((candidate) => candidate.key.startsWith(`${path}.`));
    return nested && (isEmpty(entry) || objectFits(parts, entry, fixed, `${path}.`));
  });
}

/**
 * Whether a stored value has the shape, so the shaped inputs show all of it: no unknown keys, no part of
 * another type. Empty values fit. A read-only list only shows its parts, so further keys do not matter there.
 */
export function fitsShape(shape: JsonShape, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (shape.kind) {
    case 'object':
      return objectFits(shape.parts, value);
    case 'list':
      if (!Array.isArray(value)) return false;
      return shape.readOnly ? value.every(isPlainObject) : value.every((item) => objectFits(shape.parts, item, shape.fixed));
    case 'ids':
      return Array.isArray(value) && value.every((id) => typeof id === 'string');
    case 'reviews':
      return isPlainObject(value) && Object.values(value).every((review) =>
        review === null || typeof review === 'boolean' || typeof review === 'string'
        || (isPlainObject(review) && Object.keys(review).every((key) => ['status', 'reason', 'comment', 'date', 'user'].includes(key))));
    case 'changes':
      return changeRows(value) !== null;
    case 'channels':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

export type ReviewStatus = 'approved' | 'rejected' | 'not_reviewed';

export interface ChannelReview {
  channel: string;
  status: ReviewStatus;
  reason?: string;
  comment?: string;
}

/** The reviews per channel as rows; legacy true/false/null read approved/rejected/not reviewed (SPEC section 3). */
export function reviewRows(value: unknown): ChannelReview[] {
  if (!isPlainObject(value)) return [];
  return Object.entries(value).map(([channel, review]) => {
    const raw = isPlainObject(review) ? review.status : review;
    const status: ReviewStatus = raw === true || raw === 'approved' ? 'approved' : raw === false || raw === 'rejected' ? 'rejected' : 'not_reviewed';
    const text = (key: string) => (isPlainObject(review) && typeof review[key] === 'string' && review[key] ? (review[key] as string) : undefined);
    return { channel, status, reason: text('reason'), comment: text('comment') };
  });
}

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

const OLD_NEW = ['old', 'new'];

/**
 * Changes as rows of field, old and new value: stored per field (`{ budget: { old: 10, new: 20 } }`) or as a
 * list (`[{ field: 'budget', old: 10, new: 20 }]`). Null for a value of another shape.
 */
export function changeRows(value: unknown): FieldChange[] | null {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) {
    const fits = value.every((row) => isPlainObject(row) && typeof row.field === 'string' && Object.keys(row).every((key) => key === 'field' || OLD_NEW.includes(key)));
    return fits ? value.map((row: Record<string, unknown>) => ({ field: row.field as string, old: row.old, new: row.new })) : null;
  }
  if (!isPlainObject(value)) return null;
  const entries = Object.entries(value);
  const fits = entries.every(([, change]) => isPlainObject(change) && Object.keys(change).every((key) => OLD_NEW.includes(key)));
  return fits ? entries.map(([field, change]) => ({ field, old: (change as Record<string, unknown>).old, new: (change as Record<string, unknown>).new })) : null;
}

/**
 * Whether a write of the field is checked part by part (the server refuses what `shapeIssues` finds): objects,
 * editable lists and id lists. Reviews, changes, failed channels and read-only lists (logs, the creatives the
 * wizard lists) are written by the server or by staff under `writeRoles`, and only shown.
 */
export function isEnteredShape(shape: JsonShape): boolean {
  return shape.kind === 'object' || shape.kind === 'ids' || (shape.kind === 'list' && !shape.readOnly);
}

/** What is wrong with a value beyond its parts' own rules. */
export type ShapeIssueProblem =
  | ShapeProblem
  /** The value or a nested part should be an object / the value a list / a list of ids; `form`: another shape. */
  | { problem: 'object' | 'list' | 'ids' | 'form' }
  /** A key the shape has no part for. */
  | { problem: 'unknown' }
  /** A value every entry carries as it is (`type: 'Feature'`), given otherwise. */
  | { problem: 'fixed'; value: string };

/** One thing wrong with a JSON value, where it is. */
export interface ShapeIssue {
  /** Where, relative to the field: '' (the value), '2' (a list's entry), 'width', '2.properties.radius'. */
  path: string;
  /** The list entry it is in. */
  index?: number;
  /** The key inside the object or entry, dots for nested keys. */
  key?: string;
  /** The declared part at `key`, when there is one. */
  part?: JsonPart;
  problem: ShapeIssueProblem;
}

/**
 * Everything wrong with a value written to a field of this shape (at most `limit` issues): the value not of its
 * kind, entries that are no objects, keys the shape has no part for, fixed values given otherwise, and each
 * part's `partProblem` (type, bounds, required). Empty values pass; a fixed value may be left out. The server
 * refuses a write with these (backend/src/resources/shapes.ts); the forms check the same parts with partProblem.
 */
export function shapeIssues(shape: JsonShape, value: unknown, limit = 20): ShapeIssue[] {
  if (value === null || value === undefined) return [];
  switch (shape.kind) {
    case 'object':
      if (!isPlainObject(value)) return [{ path: '', problem: { problem: 'object' } }];
      return objectIssues(shape.parts, value, {}, undefined, limit);
    case 'list': {
      if (!Array.isArray(value)) return [{ path: '', problem: { problem: 'list' } }];
      const issues: ShapeIssue[] = [];
      for (let index = 0; index < value.length && issues.length < limit; index++) {
        const entry = value[index];
        if (!isPlainObject(entry)) issues.push({ path: String(index), index, problem: { problem: 'object' } });
        else if (!shape.readOnly) issues.push(...objectIssues(shape.parts, entry, shape.fixed ?? {}, index, limit - issues.length));
      }
      return issues;
    }
    case 'ids':
      return Array.isArray(value) && value.every((id) => typeof id === 'string') ? [] : [{ path: '', problem: { problem: 'ids' } }];
    default:
      return fitsShape(shape, value) ? [] : [{ path: '', problem: { problem: 'form' } }];
  }
}

const isFilledContainer = (value: unknown) => !isEmpty(value) && !isPlainObject(value);

function objectIssues(parts: readonly JsonPart[], value: Record<string, unknown>, fixed: Readonly<Record<string, string>>, index: number | undefined, limit: number): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  const add = (key: string, problem: ShapeIssueProblem, part?: JsonPart) => {
    if (issues.length < limit) issues.push({ path: index === undefined ? key : `${index}.${key}`, ...(index === undefined ? {} : { index }), key, ...(part ? { part } : {}), problem });
  };
  // Each part, unless an object on its way is something else (reported below, once).
  for (const part of parts) {
    const steps = part.key.split('.');
    const blocked = steps.slice(0, -1).some((_, i) => isFilledContainer(valueAt(value, steps.slice(0, i + 1).join('.'))));
    if (blocked) continue;
    const found = partProblem(part, valueAt(value, part.key));
    if (found) add(part.key, found, part);
  }
  // Keys no part names, fixed values given otherwise, nested objects that are none.
  const walk = (current: Record<string, unknown>, prefix: string) => {
    for (const [step, entry] of Object.entries(current)) {
      const key = `${prefix}${step}`;
      // A key with a dot of its own is none of the parts, which name nested keys by their dots.
      if (step.includes('.')) {
        add(key, { problem: 'unknown' });
        continue;
      }
      if (parts.some((part) => part.key === key)) continue;
      if (Object.hasOwn(fixed, key)) {
        if (entry !== fixed[key]) add(key, { problem: 'fixed', value: fixed[key] });
      } else if (parts.some((part) => part.key.startsWith(`${key}.`))) {
        if (isFilledContainer(entry)) add(key, { problem: 'object' });
        else if (isPlainObject(entry)) walk(entry, `${key}.`);
      } else {
        add(key, { problem: 'unknown' });
      }
    }
  };
  walk(value, '');
  return issues;
}

/** Whether two JSON values are the same, whatever the order of their keys (a stored jsonb value and one sent back). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** A value of one part that passes its check; for a record id a made-up one when required, else undefined (none is known here). */
function samplePart(part: JsonPart): unknown {
  switch (part.type) {
    case 'integer': case 'number': {
      const low = part.min ?? 1;
      const n = Math.min(Math.max(1, low), part.max ?? Number.POSITIVE_INFINITY);
      return part.type === 'integer' ? Math.ceil(n) : n;
    }
    case 'boolean': return true;
    case 'datetime': return '2030-01-01T00:00:00.000Z';
    case 'url': return 'https://example.com/sample';
    case 'channel': return CHANNEL_KEYS[0];
    case 'choice': return part.choices?.[0];
    case 'texts': return part.choices ? [part.choices[0]] : ['sample'];
    case 'point': return { type: 'Point', coordinates: [13.405, 52.52] };
    // A required reference needs an id; the sample's names no record (tests that write it make their own).
    case 'ref': return part.required ? '00000000-0000-4000-8000-000000000000' : undefined;
    default: return 'Sample';
  }
}

function sampleObject(parts: readonly JsonPart[], fixed: Readonly<Record<string, string>> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    const steps = key.split('.');
    let current = out;
    for (const step of steps.slice(0, -1)) current = (current[step] ??= {}) as Record<string, unknown>;
    current[steps[steps.length - 1]] = value;
  };
  for (const [key, value] of Object.entries(fixed)) put(key, value);
  for (const part of parts) {
    const value = samplePart(part);
    if (value !== undefined) put(part.key, value);
  }
  return out;
}

/**
 * A value of the shape that the server takes: every part filled within its bounds (a record id part left out),
 * a list with one such entry, a review, a change. For tests that write every JSON field.
 */
export function sampleOf(shape: JsonShape): unknown {
  switch (shape.kind) {
    case 'object': return sampleObject(shape.parts);
    case 'list': return [sampleObject(shape.parts, shape.fixed)];
    case 'ids': return [];
    case 'reviews': return { [CHANNEL_KEYS[0]]: { status: 'approved' } };
    case 'changes': return { name: { old: 'Before', new: 'After' } };
    case 'channels': return [CHANNEL_KEYS[0]];
  }
}
