/**
 * The parts of JSON fields (SPEC section 3: a banner's thumbnail {width, height, downloadLink}, a booking's
 * markers with properties.name and properties.currentPlace.formatted_address, a user's statPreferences, ...).
 * A declaration names a field's parts on the field (`FieldDef.shape`); the generated forms give each part an
 * input of its own and check it with `partProblem`. A JSON field without a shape is free-form data.
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
 * type. Only the type counts here: a value of the right type that breaks a bound is the form's to refuse.
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
