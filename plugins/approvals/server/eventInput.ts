/**
 * The input of conversion and click approval (SPEC section 3 "Conversion/click list filter" and the change
 * payloads, section 5's approval modal rules), refused with 400 `{ message, errors }` when wrong.
 */
import {
  CLICK_SORTS, CONVERSION_SORTS, EVENT_BULK_MAX, REFUND_REASON_MAX, EVENT_DOWNLOAD_SIZE, EVENT_MONEY_MAX, EVENT_PAGE_SIZES, type EventApprovalKind,
  type EventApprovalStatus, type EventListFilter,
} from '@adsuite/config/approvals';
import { Invalid, isUuid, type Row, text } from '@adsuite/backend/kit';
import { approvalPage } from './input.ts';

const DAY_MS = 86_400_000;
/** Without a range the list shows the last 30 days. */
const DEFAULT_DAYS = 30;
const SEARCH_MAX = 100;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const IDS_MAX = 200;

const refuse = (field: string, message: ReturnType<typeof text>): never => {
  throw new Invalid(message, [{ field, message }]);
};

export type EventFilter = EventListFilter;

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A day as DD-MM-YYYY (SPEC section 9) or YYYY-MM-DD, as its UTC midnight; null when it is none. */
export function parseDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match[1].length === 4 ? [match[1], match[2], match[3]].map(Number) : [match[3], match[2], match[1]].map(Number);
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  return year >= 1970 && back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? time : null;
}

/** 6 months and 1 day before today (SPEC section 5), the month's end kept. */
export function earliestDay(now = Date.now()): number {
  const today = new Date(parseDay(iso(now))!);
  const month = today.getUTCMonth() - 6;
  const lastOfMonth = new Date(Date.UTC(today.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(today.getUTCFullYear(), month, Math.min(today.getUTCDate(), lastOfMonth)) - DAY_MS;
}

function single(query: Row, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value.trim() : refuse(name, text('query.once', { name }));
}

function ids(query: Row, name: string): string[] {
  const values = [query[name], query[`${name}[]`]].flatMap((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));
  const list: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || value.length > IDS_MAX * 40) refuse(name, text('approvals.bad_event_ids', { name, max: IDS_MAX }));
    list.push(...(value as string).split(',').map((id) => id.trim()).filter(Boolean));
  }
  if (list.length > IDS_MAX || !list.every(isUuid)) refuse(name, text('approvals.bad_event_ids', { name, max: IDS_MAX }));
  return [...new Set(list.map((id) => id.toLowerCase()))];
}

/** The list filter of GET /api/campaign/{id}/conversions and /clicks. */
export function eventFilter(kind: EventApprovalKind, query: Row, now = Date.now()): EventFilter {
  const sizeText = single(query, 'size');
  const size = sizeText === undefined || sizeText === '' ? 10 : Number(sizeText);
  if (![...EVENT_PAGE_SIZES, EVENT_DOWNLOAD_SIZE].includes(size as never)) refuse('size', text('approvals.bad_size'));
  const sorts: readonly string[] = kind === 'conversion' ? CONVERSION_SORTS : CLICK_SORTS;
  const sortText = single(query, 'sort') || 'timestamp';
  const sort = sortText === 'createdOn' || sortText === 'created' ? 'timestamp' : sortText;
  if (!sorts.includes(sort)) refuse('sort', text('approvals.bad_sort', { sorts: sorts.join(', ') }));
  const directionText = (single(query, 'direction') || 'DESC').toUpperCase();
  if (directionText !== 'ASC' && directionText !== 'DESC') refuse('direction', text('approvals.bad_direction'));
  const q = single(query, 'q') ?? '';
  if (q.length > SEARCH_MAX || q.includes('\0')) refuse('q', text('approvals.search_too_long', { max: SEARCH_MAX }));
  const statusText = single(query, 'approvalStatus') ?? '';
  let status: EventApprovalStatus | null = null;
  if (['pending', 'null', 'NULL'].includes(statusText)) status = 'pending';
  else if (statusText === 'approved' || statusText === 'rejected') status = statusText;
  else if (statusText !== '') refuse('approvalStatus', text('approvals.bad_approval_status'));

  const today = parseDay(iso(now))!;
  const day = (name: string) => {
    const raw = single(query, name);
    if (raw === undefined || raw === '') return undefined;
    return parseDay(raw) ?? refuse(name, text('approvals.bad_day', { name }));
  };
  const end = day('end_date') ?? today;
  const start = day('start_date') ?? Math.min(end, today) - (DEFAULT_DAYS - 1) * DAY_MS;
  const earliest = earliestDay(now);
  if (start < earliest && single(query, 'start_date')) refuse('start_date', text('approvals.start_too_early', { min: { day: iso(earliest) } }));
  if (end < start) refuse('end_date', text('approvals.end_before_start'));
  return {
    page: approvalPage(single(query, 'page')), size, sort, direction: directionText as 'ASC' | 'DESC', q,
    lineitemIds: ids(query, 'lineitemIds'), creativeIds: ids(query, 'creativeIds'),
    start: iso(Math.max(start, earliest)), end: iso(Math.min(end, today)), status,
  };
}

/** A decision as the API takes it: amounts in cents; undefined where the body left the default. */
export interface EventChange {
  id: string;
  approved: boolean;
  cartCents?: number;
  /** A number: the provision is that percentage of the cart value; null: a fixed amount in euros. */
  percent?: number | null;
  provisionCents?: number;
  /** Staff's reason to refund an event charged when tracked. */
  reason?: string;
}

const isObject = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value);

/** Euros with at most two decimals from 0 to the maximum, as cents; undefined when absent. */
function amount(value: unknown, field: string, message: ReturnType<typeof text>): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > EVENT_MONEY_MAX || Math.abs(number * 100 - Math.round(number * 100)) > 1e-6) {
    return refuse(field, message);
  }
  return Math.round(number * 100);
}

/** One change of a conversion (`conversionId`) or a click (`clickId`), `field` prefixing where a bulk names it. */
export function eventChange(kind: EventApprovalKind, body: unknown, field = ''): EventChange {
  const idName = kind === 'conversion' ? 'conversionId' : 'clickId';
  if (!isObject(body) || !isUuid(body[idName]) || typeof body.approved !== 'boolean') {
    return refuse(`${field}${isObject(body) && isUuid(body[idName]) ? 'approved' : idName}`, text('approvals.bad_change', { id: idName }));
  }
  const change: EventChange = { id: String(body[idName]).toLowerCase(), approved: body.approved };
  const money = { max: EVENT_MONEY_MAX };
  change.provisionCents = amount(body.provision, `${field}provision`, text('approvals.bad_provision', money));
  if (body.reason !== undefined && body.reason !== null && body.reason !== '') {
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (!reason || reason.length > REFUND_REASON_MAX || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(reason) || LONE_SURROGATE.test(reason)) {
      refuse(`${field}reason`, text('approvals.refund_reason_required', { max: REFUND_REASON_MAX }));
    }
    change.reason = reason;
  }
  if (kind === 'click') return change;
  change.cartCents = amount(body.adjustedCartValue, `${field}adjustedCartValue`, text('approvals.bad_cart_value', money));
  if ('commissionPercent' in body) {
    const percent = body.commissionPercent;
    if (percent === null || percent === '') change.percent = null;
    else if (typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 && percent <= 100) change.percent = percent;
    else refuse(`${field}commissionPercent`, text('approvals.bad_percent'));
  }
  return change;
}

/** The decisions of a bulk body (a list, or `{ changes: [...] }`): 1 to 500, each event once. */
export function eventChanges(kind: EventApprovalKind, body: unknown): EventChange[] {
  const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.changes) ? body.changes : null;
  if (!list || list.length === 0 || list.length > EVENT_BULK_MAX) return refuse('changes', text('approvals.bad_bulk', { max: EVENT_BULK_MAX }));
  const changes = list.map((entry, index) => eventChange(kind, entry, `${index}.`));
  const seen = new Set<string>();
  for (const [index, change] of changes.entries()) {
    if (seen.has(change.id)) refuse(`${index}.${kind === 'conversion' ? 'conversionId' : 'clickId'}`, text('approvals.duplicate_in_bulk', { id: change.id }));
    seen.add(change.id);
  }
  return changes;
}
