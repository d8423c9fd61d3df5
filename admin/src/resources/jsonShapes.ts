/**
 * The JSON fields whose parts SPEC names (section 3: a banner's thumbnail {width,height,downloadLink}, video,
 * graphic {id, downloadLink}, placeholders, reviews per channel, a booking's allocation {channel, weight}, ...),
 * so the forms give those parts real inputs. A JSON field not named here, or holding a value of another shape
 * (an older record), keeps the raw JSON editor.
 */

/** One part of a JSON value: its key, how it is entered, and its label (`app.json.<label>`, default the key). */
export interface JsonPart {
  key: string;
  type: 'text' | 'url' | 'integer' | 'number' | 'boolean' | 'datetime' | 'channel' | 'choice' | 'ref';
  /** `choice`: the values offered, labelled `app.json.choices.<value>`. */
  choices?: readonly string[];
  /** `ref`: the resource whose record the part names by id. */
  resource?: string;
  label?: string;
}

export type JsonShape =
  /** One object with these parts (a banner's thumbnail). */
  | { kind: 'object'; parts: readonly JsonPart[] }
  /** A list of objects with these parts (a booking's allocation); `readOnly` lists are shown, not edited. */
  | { kind: 'list'; parts: readonly JsonPart[]; readOnly?: boolean }
  /** A review per channel (`{ facebook: { status, reason, comment } }`), shown read-only: approvals change it. */
  | { kind: 'reviews' }
  /** A list of channel keys (failed channels), shown read-only. */
  | { kind: 'channels' };

const integer = (key: string): JsonPart => ({ key, type: 'integer' });
const SIZE: readonly JsonPart[] = [integer('width'), integer('height'), { key: 'downloadLink', type: 'url' }];
const ALLOCATION: JsonShape = { kind: 'list', parts: [{ key: 'channel', type: 'channel' }, { key: 'weight', type: 'number' }] };
/** Placeholder values of a creative: `[{ key, value }]` (plugins/booking/server/creatives/templates.ts). */
const PLACEHOLDER_VALUES: JsonShape = { kind: 'list', parts: [{ key: 'key', type: 'text' }, { key: 'value', type: 'text' }] };
/** Placeholders a template declares: `[{ key, type, label, required, max }]`. */
const PLACEHOLDER_DECLARATIONS: JsonShape = {
  kind: 'list',
  parts: [
    { key: 'key', type: 'text' },
    { key: 'label', type: 'text' },
    { key: 'type', type: 'choice', choices: ['text', 'image', 'url'], label: 'placeholder_type' },
    { key: 'required', type: 'boolean' },
    { key: 'max', type: 'integer' },
  ],
};

export const JSON_SHAPES: Record<string, Record<string, JsonShape>> = {
  banner: {
    thumbnail: { kind: 'object', parts: SIZE },
    video: { kind: 'object', parts: [{ key: 'name', type: 'text' }, ...SIZE] },
    graphic: { kind: 'object', parts: [{ key: 'id', type: 'ref', resource: 'graphic', label: 'graphic' }, { key: 'downloadLink', type: 'url' }] },
    placeholder: PLACEHOLDER_VALUES,
    reviews: { kind: 'reviews' },
  },
  richvideo: { placeholder: PLACEHOLDER_VALUES },
  bannertemplate: { placeholder: PLACEHOLDER_DECLARATIONS },
  richvideotemplate: { placeholder: PLACEHOLDER_DECLARATIONS },
  lineitem: { reviews: { kind: 'reviews' } },
  booking: { allocation: ALLOCATION, failedChannels: { kind: 'channels' } },
  bookingtemplate: { allocation: ALLOCATION },
  mediaplan: { allocation: ALLOCATION },
  campaign: { channels: { kind: 'list', parts: [{ key: 'name', type: 'channel', label: 'channel' }, { key: 'amount', type: 'number', label: 'budget' }] } },
  splitter: { targets: { kind: 'list', parts: [{ key: 'url', type: 'url' }, { key: 'weight', type: 'number' }] } },
  channel: { endpoints: { kind: 'object', parts: [{ key: 'markers', type: 'url' }, { key: 'reach', type: 'url' }] } },
  optimizer: { instructions: { kind: 'list', parts: [{ key: 'level', type: 'text' }, { key: 'message', type: 'text' }], readOnly: true } },
  'sync-queue': { messages: { kind: 'list', parts: [{ key: 'date', type: 'datetime' }, { key: 'message', type: 'text' }], readOnly: true } },
};

/** The declared shape of a resource's JSON field, if SPEC names its parts. */
export const jsonShapeOf = (resource: string, field: string): JsonShape | undefined =>
  Object.hasOwn(JSON_SHAPES, resource) && Object.hasOwn(JSON_SHAPES[resource], field) ? JSON_SHAPES[resource][field] : undefined;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a part's stored value can be shown and entered by the part's input. */
function partFits(part: JsonPart, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  switch (part.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'choice':
      return typeof value === 'string' && (part.choices ?? []).includes(value);
    default:
      return typeof value === 'string';
  }
}

const objectFits = (parts: readonly JsonPart[], value: unknown) => {
  if (!isPlainObject(value)) return false;
  const byKey = new Map(parts.map((part) => [part.key, part]));
  return Object.entries(value).every(([key, part]) => byKey.has(key) && partFits(byKey.get(key)!, part));
};

/**
 * Whether a stored value has the shape, so the shaped inputs show all of it: no unknown keys, no part of
 * another type. Empty values fit; anything else keeps the raw editor, which shows the value as it is.
 */
export function fitsShape(shape: JsonShape, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (shape.kind) {
    case 'object':
      return objectFits(shape.parts, value);
    case 'list':
      return Array.isArray(value) && value.every((item) => objectFits(shape.parts, item));
    case 'reviews':
      return isPlainObject(value) && Object.values(value).every((review) =>
        review === null || typeof review === 'boolean' || typeof review === 'string'
        || (isPlainObject(review) && Object.keys(review).every((key) => ['status', 'reason', 'comment', 'date', 'user'].includes(key))));
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
