/**
 * Parses the ra-data-simple-rest list parameters (`filter`, `range`, `sort`) plus `populate`, `lookup` and
 * `archived` into checked values. Anything malformed is an `Invalid` (400), never a database error.
 */
import { Op, Sequelize, type WhereOptions } from 'sequelize';
import type { FieldDef, ResourceDef } from '@adsuite/config';
import { Invalid, text, type ServerText } from '../errors.ts';
import { jsonProblem, MAX_JSON_DEPTH, NUL } from '../http/jsonInput.ts';
import { isUuid, toCents } from './values.ts';
import { searchExpression, TRIGRAM } from '../db/columns.ts';

export interface ListQuery {
  where: WhereOptions[];
  order: [string, 'ASC' | 'DESC'][];
  offset: number;
  limit: number;
  /** True when the request asked for the archived rows (show-deleted). */
  archived: boolean;
  populate: string[];
  lookup: string[];
  /** True when `q` searches text: the list is read through the trigram indexes (service.ts). */
  searched: boolean;
}

export const MAX_PAGE = 1000;
const SYSTEM_SORT = ['id', 'created', 'updated'];

/**
 * The declaration of `key` in one of a resource's maps (fields, lookup), or undefined: only own entries count,
 * so a key from the request named like a built-in (`constructor`, `__proto__`, `toString`) is unknown.
 */
export function declared<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A 400 whose message is also the error at `field`. */
const refusedAt = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

function parseJson(name: string, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new Invalid(text('query.json_once', { name }));
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Invalid(text('query.not_json', { name }));
  }
  const problem = jsonProblem(value);
  if (problem?.kind === 'depth') throw new Invalid(text('query.nested', { name, max: MAX_JSON_DEPTH }));
  if (problem) {
    // At the filter field it is in, else at the parameter.
    const field = name === 'filter' && problem.path ? problem.path.split('.')[0] : name;
    throw refusedAt(field, text('query.nul', { name }));
  }
  return value;
}

function names(name: string, raw: unknown): string[] {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string') throw new Invalid(text('query.once', { name }));
  if (raw.includes(NUL)) throw new Invalid(text('query.nul', { name }));
  if (raw.trim().startsWith('[')) {
    const list = parseJson(name, raw);
    if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw new Invalid(text('query.field_names', { name }));
    return list;
  }
  return raw.split(',').map((x) => x.trim()).filter(Boolean);
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One filter value of a field, converted to its stored form, or an Invalid. */
function filterValue(key: string, field: FieldDef, value: unknown): unknown {
  const bad = () => refusedAt(key, text('query.filter_value', { name: key }));
  if (value === null) return null;
  if (typeof value === 'string' && value.includes(NUL)) throw bad();
  switch (field.type) {
    case 'ref': case 'refMany':
      if (!isUuid(value)) throw bad();
      return value;
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw bad();
    case 'number': case 'integer': case 'money': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > 1e15) throw bad();
      if (field.type === 'integer' && !Number.isInteger(n)) throw bad();
      return field.type === 'money' ? toCents(n) : n;
    }
    case 'date': case 'datetime':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad();
      return value;
    case 'enum':
      if (typeof value !== 'string' || (field.options && !field.options.includes(value))) throw bad();
      return value;
    case 'json':
      throw bad();
    default:
      if (typeof value !== 'string' || value.length > 2000) throw bad();
      return value;
  }
}

function fieldFilter(key: string, field: FieldDef, raw: unknown): WhereOptions {
  if (field.type === 'refMany' || field.type === 'stringList') {
    const values = (Array.isArray(raw) ? raw : [raw]).map((v) => filterValue(key, field, v));
    return { [key]: { [Op.overlap]: values } };
  }
  if (Array.isArray(raw)) {
    if (raw.length > 1000) throw new Invalid(text('query.filter_values', { name: key }));
    return { [key]: { [Op.in]: raw.map((v) => filterValue(key, field, v)) } };
  }
  const value = filterValue(key, field, raw);
  if (field.type === 'email') return { [key]: { [Op.iLike]: escapeLike(String(value)) } };
  return { [key]: value };
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The days a windowed list reads (ListDef.window): the range its `<field>_gte`/`<field>_lte` filters name, at most
 * `days` days, or the last `days` days. Both bounds are always set, so a table partitioned by that day is read
 * only in the partitions of the window.
 */
function windowOf(window: { field: string; days: number }, filter: Record<string, unknown>): WhereOptions[] {
  const parse = (key: string): number | undefined => {
    const raw = filter[key];
    if (raw === undefined) return undefined;
    const time = typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(raw.slice(0, 10)) : NaN;
    if (Number.isNaN(time)) throw refusedAt(key, text('query.filter_value', { name: key }));
    return time;
  };
  const span = (window.days - 1) * DAY_MS;
  let from = parse(`${window.field}_gte`);
  let to = parse(`${window.field}_lte`);
  if (from === undefined && to === undefined) to = Date.parse(isoDay(Date.now()));
  if (from === undefined) from = to! - span;
  if (to === undefined) to = from + span;
  if (to - from > span) throw refusedAt(`${window.field}_gte`, text('query.window', { days: window.days }));
  // Before the day after the last: a date field reads its last day, a timestamp field (created) the whole of it.
  return [{ [window.field]: { [Op.gte]: isoDay(from), [Op.lt]: isoDay(to + DAY_MS) } }];
}

export function parseListQuery(resource: ResourceDef, query: Record<string, unknown>): ListQuery {
  const where: WhereOptions[] = [];
  let searched = false;
  let archived = query.archived === 'true' || query.archived === '1';

  const filter = parseJson('filter', query.filter) ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new Invalid(text('query.filter_object'));
  let idFilterGiven = false;
  for (const [key, raw] of Object.entries(filter as Record<string, unknown>)) {
    if (raw === undefined) continue;
    if (key === 'q') {
      if (typeof raw !== 'string') throw new Invalid(text('query.search_text'));
      if (raw.includes(NUL)) throw refusedAt('q', text('query.search_nul'));
      const search = raw.trim().slice(0, 200);
      if (search && resource.list.search.length) {
        searched = true;
        const pattern = `%${escapeLike(search)}%`;
        // The searched text fields as one expression, which one trigram index answers (db/columns.ts); others alone.
        const combined = searchExpression(resource);
        const others = resource.list.search.filter((f) => !TRIGRAM.includes(resource.fields[f]?.type));
        where.push({
          [Op.or]: [
            ...(combined ? [Sequelize.where(Sequelize.literal(combined), { [Op.iLike]: pattern })] : []),
            ...others.map((f) => ({ [f]: { [Op.iLike]: pattern } })),
          ],
        });
      }
      continue;
    }
    if (key === 'archived') {
      archived = raw === true || raw === 'true';
      continue;
    }
    if (key === 'id') {
      idFilterGiven = true;
      const ids = (Array.isArray(raw) ? raw : [raw]).filter(isUuid);
      if (Array.isArray(raw) && raw.length > MAX_PAGE) throw new Invalid(text('query.too_many_ids'));
      where.push({ id: { [Op.in]: ids } });
      continue;
    }
    const range = /^(.+)_(gte|lte)$/.exec(key);
    const fieldKey = range ? range[1] : key;
    // A windowed list's range (ListDef.window) is read by windowOf below, also on a field of its own (created).
    if (range && resource.list.window?.field === fieldKey) continue;
    const field = declared(resource.fields, fieldKey);
    if (!field || field.private) throw refusedAt(key, text('query.unknown_filter', { name: key }));
    if (range) {
      if (!['number', 'integer', 'money', 'date', 'datetime'].includes(field.type)) throw new Invalid(text('query.range_filter', { name: key }));
      where.push({ [fieldKey]: { [range[2] === 'gte' ? Op.gte : Op.lte]: filterValue(key, field, raw) } });
    } else {
      where.push(fieldFilter(key, field, raw));
    }
  }

  if (resource.list.window) where.push(...windowOf(resource.list.window, filter as Record<string, unknown>));

  const sort = parseJson('sort', query.sort);
  let order: [string, 'ASC' | 'DESC'][] = [resource.list.defaultSort ?? ['created', 'DESC']];
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string') {
      throw new Invalid(text('query.sort_shape'));
    }
    const direction = sort[1].toUpperCase();
    const sortField = sort[0] === '_id' ? 'id' : sort[0];
    if (direction !== 'ASC' && direction !== 'DESC') throw new Invalid(text('query.sort_direction'));
    if (!SYSTEM_SORT.includes(sortField) && !resource.list.sort.includes(sortField)) {
      throw refusedAt(sort[0], text('query.sort_field', { name: sort[0] }));
    }
    order = [[sortField, direction]];
  }
  if (order[0][0] !== 'id') order.push(['id', order[0][1]]);

  const range = parseJson('range', query.range);
  let offset = 0;
  let limit = idFilterGiven ? MAX_PAGE : 10;
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n))) {
      throw new Invalid(text('query.range_shape'));
    }
    const [start, end] = range as [number, number];
    if (start < 0 || end < start) throw new Invalid(text('query.range_order'));
    if (end - start + 1 > MAX_PAGE) throw new Invalid(text('query.page_size', { max: { count: MAX_PAGE } }));
    if (start > 1e9) throw new Invalid(text('query.range_start'));
    offset = start;
    limit = end - start + 1;
  }

  const populate = names('populate', query.populate);
  for (const key of populate) {
    const field = declared(resource.fields, key);
    if (!field || field.private || (field.type !== 'ref' && field.type !== 'refMany')) throw new Invalid(text('query.populate', { name: key }));
  }
  const lookup = names('lookup', query.lookup);
  for (const key of lookup) if (!declared(resource.lookup, key)) throw new Invalid(text('query.lookup', { name: key }));

  return { where, order, offset, limit, archived, populate, lookup, searched };
}
