/**
 * The generic operations on a declared resource. They take plain arguments and the request context,
 * enforce the abilities, and know nothing of HTTP.
 */
import { Op, QueryTypes, Utils, type Transaction, type WhereOptions } from 'sequelize';
import { COUNT_LIMIT, isStaff, type Action, type FieldDef, type ResourceDef } from '@adsuite/config';
import type { Core, RequestContext } from '../core.ts';
import { columnName } from '../db/columns.ts';
import { Forbidden, invalidFields, NotFound, text, type FieldError } from '../errors.ts';
import { accessWhere, canOnRow } from './access.ts';
import { checkInput, labelOf } from './input.ts';
import { shapeErrors } from './shapes.ts';
import type { ListQuery } from './listQuery.ts';
import { recordActivity } from './activity.ts';
import { refuseUnwritableFields } from './fieldAccess.ts';
import { followTenantOf } from '../auth/selection.ts';
import { isUuid, serialize, type Row } from './values.ts';

/** What one record of the resource is called, in both languages ('Kampagne' / 'Campaign'). */
const nameOf = (resource: ResourceDef) => ({ de: resource.label.de.one, en: resource.label.en.one });

function scopedWhere(ctx: RequestContext, resource: ResourceDef, action: Action, extra: WhereOptions[] = []): WhereOptions | null {
  const access = accessWhere(ctx.ability, action, resource.name);
  if (access === null) return null;
  return { [Op.and]: [access, ...extra] };
}

function archiveWhere(resource: ResourceDef, archived: boolean): WhereOptions[] {
  if (!resource.archivable) return [];
  return [{ archivedAt: archived ? { [Op.ne]: null } : null }];
}

type SelectGenerator = { selectQuery(table: string, options: object, model: unknown): string };
type FieldNameMapper = { mapOptionFieldNames(o: object, m: unknown): object };

/** The SQL of a select on a resource's table, written the way findAll would (attribute names mapped to columns). */
function selectSql(core: Core, resource: ResourceDef, options: { attributes: (string | [string, string])[]; where: WhereOptions; order?: [string, string][]; offset?: number; limit: number }): string {
  const model = core.model(resource.name);
  const generator = core.sequelize.getQueryInterface().queryGenerator as SelectGenerator;
  const mapped = (Utils as unknown as FieldNameMapper).mapOptionFieldNames({ ...options }, model);
  return generator.selectQuery(resource.table, { ...mapped, model }, model).replace(/;\s*$/, '');
}

export interface ListResult {
  rows: Row[];
  total: number;
  offset: number;
}

/** A model's columns as `[column, attribute]` pairs, worked out once per model rather than per request. */
const modelColumns = new WeakMap<object, [string, string][]>();
function columnsOf(model: ReturnType<Core['model']>): [string, string][] {
  let columns = modelColumns.get(model);
  if (!columns) {
    columns = Object.entries(model.getAttributes()).map(([attribute, definition]) => [definition.field ?? attribute, attribute]);
    modelColumns.set(model, columns);
  }
  return columns;
}

type WhereGenerator = {
  getWhereConditions(where: WhereOptions, table: string, model: unknown, options: object): string;
  quoteIdentifier(name: string): string;
};

/** A model's select list (`"table"."column" AS "attribute", ...`), written once per model. */
const selectLists = new WeakMap<object, string>();

/**
 * The page's and the capped count's SQL from one translation of `where` (selectSql twice translated and deep-cloned
 * it twice, an eighth of a list request's CPU in a profile of issue 11's benchmark).
 */
function pageAndCountSql(core: Core, resource: ResourceDef, where: WhereOptions, query: ListQuery): { page: string; capped: string } {
  const model = core.model(resource.name);
  const generator = core.sequelize.getQueryInterface().queryGenerator as unknown as WhereGenerator;
  const quote = (name: string) => generator.quoteIdentifier(name);
  const table = quote(resource.table);
  let select = selectLists.get(model);
  if (!select) {
    select = columnsOf(model).map(([column, attribute]) => `${table}.${quote(column)} AS ${quote(attribute)}`).join(', ');
    selectLists.set(model, select);
  }
  const mapped = (Utils as unknown as FieldNameMapper).mapOptionFieldNames({ where }, model) as { where: WhereOptions };
  const conditions = generator.getWhereConditions(mapped.where, resource.table, model, {});
  const from = `FROM ${table} AS ${table}${conditions ? ` WHERE ${conditions}` : ''}`;
  const attributes = model.getAttributes();
  const order = query.order.map(([attribute, direction]) => `${table}.${quote(attributes[attribute]?.field ?? attribute)} ${direction === 'DESC' ? 'DESC' : 'ASC'}`);
  return {
    page: `SELECT ${select} ${from} ORDER BY ${order.join(', ')} LIMIT ${Number(query.limit)} OFFSET ${Number(query.offset)}`,
    capped: `SELECT ${table}.${quote('id')} ${from} LIMIT ${COUNT_LIMIT}`,
  };
}

/**
 * One page and its count in one round trip: the count is exact up to COUNT_LIMIT and COUNT_LIMIT beyond (page 1
 * stays fast on huge tables). The page is joined to the count, so an empty page still answers the count.
 */
async function pageWithCount(core: Core, resource: ResourceDef, where: WhereOptions, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const { page, capped } = pageAndCountSql(core, resource, where, query);
  const found = await core.sequelize.query<Row & { __total: number }>(
    `SELECT capped.__total, page.* FROM (SELECT count(*)::int AS __total FROM (${capped}) AS inner_capped) AS capped
     LEFT JOIN (${page}) AS page ON true`,
    { type: QueryTypes.SELECT },
  );
  const total = found[0]?.__total ?? 0;
  const rows = found.filter((row) => row.id !== null).map(({ __total, ...row }) => row as Row);
  return { rows, total };
}

/**
 * A `q` search on a big table: PostgreSQL cannot tell how many rows `ILIKE '%text%'` matches, and guesses
 * wrong both ways (walking a million rows in page order for a text found nowhere; a sequential scan to count
 * a common one). So the count asks the trigram index (bitmap scans only; db/columns.ts searchExpression); a page of
 * few matches is read the same way, a page of many (the capped count) by an index in page order, where the matches
 * come soon.
 */
async function searchedPageWithCount(core: Core, resource: ResourceDef, where: WhereOptions, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const model = core.model(resource.name);
  const capped = selectSql(core, resource, { attributes: ['id'], where, limit: COUNT_LIMIT });
  return core.sequelize.transaction(async (transaction) => {
    await core.sequelize.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off', { transaction });
    const [{ total }] = await core.sequelize.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${capped}) AS capped`, { type: QueryTypes.SELECT, transaction });
    // Many matches: walk the page order's index and filter, the first page's matches come soon (a bitmap of every
    // match sorted afterwards cost ~70 ms for an advertiser's 28,000 matches on a million bookings).
    if (total >= COUNT_LIMIT) await core.sequelize.query('SET LOCAL enable_indexscan = on; SET LOCAL enable_bitmapscan = off', { transaction });
    const rows = total === 0 ? [] : (await model.findAll({ where, order: query.order, offset: query.offset, limit: query.limit, raw: true, transaction })) as Row[];
    return { rows, total };
  });
}

export async function listRecords(core: Core, ctx: RequestContext, resource: ResourceDef, query: ListQuery): Promise<ListResult> {
  if (query.archived && !ctx.ability.can('recover', resource.name)) throw new Forbidden();
  const where = scopedWhere(ctx, resource, 'read', [...archiveWhere(resource, query.archived), ...query.where]);
  if (where === null) throw new Forbidden();
  const { rows: found, total } = await (query.searched ? searchedPageWithCount : pageWithCount)(core, resource, where, query);
  const rows = found.map((row) => serialize(resource, row, ctx.language));
  await embed(core, ctx, resource, rows, query.populate, query.lookup);
  return { rows, total, offset: query.offset };
}

/** `populate`: replace reference ids by the records the user may read. `lookup`: ids of child records. */
async function embed(core: Core, ctx: RequestContext, resource: ResourceDef, rows: Row[], populate: string[], lookup: string[]) {
  if (!rows.length) return;
  for (const key of populate) {
    const field = resource.fields[key];
    const target = core.resource(field.ref!);
    const ids = [...new Set(rows.flatMap((row) => (Array.isArray(row[key]) ? row[key] : [row[key]]) as unknown[]).filter(isUuid))];
    const where = scopedWhere(ctx, target, 'read', [{ id: { [Op.in]: ids } }]);
    if (!ids.length || where === null) continue;
    const found = (await core.model(target.name).findAll({ where, raw: true })) as Row[];
    const byId = new Map(found.map((row) => [row.id, serialize(target, row, ctx.language)]));
    for (const row of rows) {
      row[key] = Array.isArray(row[key]) ? (row[key] as string[]).map((id) => byId.get(id) ?? id) : byId.get(row[key]) ?? row[key];
    }
  }
  if (!lookup.length) return;
  const ids = rows.map((row) => row.id as string);
  for (const row of rows) row.lookups = {};
  for (const name of lookup) {
    const { resource: childName, field } = resource.lookup[name];
    const child = core.resource(childName);
    const where = scopedWhere(ctx, child, 'read', [{ [field]: { [Op.in]: ids } }, ...archiveWhere(child, false)]);
    const children = where === null ? [] : ((await core.model(childName).findAll({ attributes: ['id', field], where, raw: true })) as Row[]);
    for (const row of rows) {
      (row.lookups as Row)[name] = children.filter((c) => c[field] === row.id).map((c) => c.id);
    }
  }
}

/** A row the user may read (archived ones only with the right to recover), or NotFound. */
async function findVisible(core: Core, ctx: RequestContext, resource: ResourceDef, id: string, transaction?: Transaction): Promise<Row> {
  if (!isUuid(id)) throw new NotFound(text('errors.record_not_found', { what: nameOf(resource) }));
  const where = scopedWhere(ctx, resource, 'read', [{ id }]);
  if (where === null) throw new Forbidden();
  const row = (await core.model(resource.name).findOne({ where, raw: true, transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined })) as Row | null;
  if (!row) throw new NotFound(text('errors.record_not_found', { what: nameOf(resource) }));
  if (resource.archivable && row.archivedAt && !ctx.ability.can('recover', resource.name)) throw new NotFound(text('errors.record_not_found', { what: nameOf(resource) }));
  return row;
}

/**
 * One record the request may read. A record of another advertiser or publisher the user may access than the
 * selected one answers 406 after moving the selection to it (auth/selection.ts), so a link to it opens after the reload.
 */
export async function getRecord(core: Core, ctx: RequestContext, resource: ResourceDef, id: string, populate: string[] = [], lookup: string[] = []): Promise<Row> {
  const found = await findVisible(core, ctx, resource, id).catch(async (error: unknown) => {
    if (error instanceof NotFound) await followTenantOf(core, ctx, resource, id);
    throw error;
  });
  const row = serialize(resource, found, ctx.language);
  await embed(core, ctx, resource, [row], populate, lookup);
  return row;
}

/**
 * The ids a reference field holds: a ref's id, a refMany's ids, or the ids inside a JSON field declared with
 * `idsOf` (a list of ids, a list of objects with the key, or one object with it). Null when the value is not
 * a shape of ids at all.
 */
function referencedIds(field: FieldDef, value: unknown): string[] | null {
  if (value === undefined || value === null) return [];
  if (field.type === 'ref' || field.type === 'refMany') return (Array.isArray(value) ? value : [value]) as string[];
  const key = field.idsOf?.key;
  const idOf = (entry: unknown) => (key && typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Row)[key] : entry);
  const entries = Array.isArray(value) ? value.map(idOf) : key ? [idOf(value)] : [value];
  const ids = entries.filter((id) => id !== undefined && id !== null && id !== '');
  return ids.every(isUuid) ? (ids as string[]) : null;
}

/** References must point at records the user may read; only changed references are checked. */
async function checkReferences(core: Core, ctx: RequestContext, resource: ResourceDef, values: Row, before?: Row, transaction?: Transaction): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.type !== 'ref' && field.type !== 'refMany' && !field.idsOf) continue;
    const wanted = referencedIds(field, values[key]);
    if (wanted === null) {
      errors.push({ field: key, message: text('validation.ids', { label: labelOf(field, key) }) });
      continue;
    }
    const previous = new Set(referencedIds(field, before?.[key]) ?? []);
    const ids = [...new Set(wanted.filter((id) => !previous.has(id)))];
    if (!ids.length) continue;
    const target = core.resource(field.idsOf?.resource ?? field.ref!);
    const where = scopedWhere(ctx, target, 'read', [{ id: { [Op.in]: ids } }]);
    const found = where === null ? 0 : await core.model(target.name).count({ where, transaction });
    if (found !== ids.length) errors.push({ field: key, message: text('validation.not_found', { label: labelOf(field, key) }) });
  }
  return errors;
}

function hookErrors(ctx: RequestContext, resource: ResourceDef, values: Row, before?: Row): FieldError[] {
  return resource.hooks?.validate?.({ values, before, user: { id: ctx.user.id, role: ctx.role } }) ?? [];
}

/** Fills the tenant of a new row from the request: the selected advertiser/publisher, or the owner. */
function withTenant(ctx: RequestContext, resource: ResourceDef, body: Row): Row {
  const tenant = resource.tenant;
  const filled = { ...body };
  if (tenant && tenant.field !== 'id' && tenant.by !== 'owner' && (filled[tenant.field] === undefined || filled[tenant.field] === null || filled[tenant.field] === '')) {
    const selected = tenant.by === 'advertiser' ? ctx.selectedAdvertiser : ctx.selectedPublisher;
    if (selected) filled[tenant.field] = selected;
  }
  return filled;
}

function ownerOf(ctx: RequestContext): string {
  return (ctx.user.parent as string | null) ?? ctx.user.id;
}

/** Work that must commit or roll back with the write (a job it causes, say). */
export interface WriteOptions {
  /** `before`: an update's row as it was (locked, as stored). */
  afterWrite?(row: Row, transaction: Transaction, before?: Row): Promise<void>;
}

export async function createRecord(core: Core, ctx: RequestContext, resource: ResourceDef, body: unknown, options: WriteOptions = {}): Promise<Row> {
  if (!ctx.ability.can('create', resource.name)) throw new Forbidden();
  const { values, errors } = checkInput(resource, typeof body === 'object' && body && !Array.isArray(body) ? withTenant(ctx, resource, body as Row) : body, 'create');
  if (errors.length) throw invalidFields(errors);
  const writeErrors = refuseUnwritableFields(resource, ctx.role, values);
  if (writeErrors.length) throw invalidFields(writeErrors);
  const partErrors = shapeErrors(resource, values);
  if (partErrors.length) throw invalidFields(partErrors);
  const refErrors = [...hookErrors(ctx, resource, values), ...(await checkReferences(core, ctx, resource, values))];
  if (refErrors.length) throw invalidFields(refErrors);
  // Set by the server after the reference check: the user names neither, and may not be able to read logins.
  if (resource.tenant?.by === 'owner') values[resource.tenant.field] = ctx.user.id;
  if (resource.tenant?.field === 'id' && 'owner' in resource.fields && !isStaff(ctx.role)) values.owner = ownerOf(ctx);
  if (!canOnRow(ctx.ability, 'create', resource.name, values)) throw new Forbidden();
  const model = core.model(resource.name);
  const created = await core.sequelize.transaction(async (transaction) => withUniqueFields(resource, async () => {
    const row = (await model.create(values, { transaction })).get({ plain: true }) as Row;
    await grantNewTenant(core, ctx, resource, row, transaction);
    await recordActivity(core, ctx, resource, 'create', row, transaction);
    await options.afterWrite?.(row, transaction);
    return row;
  }));
  return serialize(resource, created, ctx.language);
}

/** A unique index refusing a value becomes a 400 at the field it guards (see db/columns.ts for the index names). */
async function withUniqueFields<T>(resource: ResourceDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const original = (error as { original?: { code?: string; constraint?: string } }).original;
    if (original?.code !== '23505') throw error;
    const taken = Object.entries(resource.fields).find(([key, field]) => field.unique && `${resource.table}_${columnName(key, field)}_unique` === original.constraint);
    if (!taken) throw error;
    const [key, field] = taken;
    throw invalidFields([{ field: key, message: field.uniqueMessage ?? text('validation.taken', { label: labelOf(field, key) }) }]);
  }
}

/** A sub-account that creates an advertiser/publisher gets access to it, as its owner (the parent) has. */
async function grantNewTenant(core: Core, ctx: RequestContext, resource: ResourceDef, row: Row, transaction: Transaction) {
  if (resource.tenant?.field !== 'id' || resource.tenant.by !== 'advertiser' || !ctx.user.parent) return;
  await core.model('login').update(
    { advertisers: [...((ctx.user.advertisers as string[]) ?? []), row.id] },
    { where: { id: ctx.user.id }, transaction },
  );
}

export async function updateRecord(core: Core, ctx: RequestContext, resource: ResourceDef, id: string, body: unknown, options: WriteOptions = {}): Promise<Row> {
  const { values, errors } = checkInput(resource, body, 'update');
  if (errors.length) throw invalidFields(errors);
  const model = core.model(resource.name);
  const updated = await core.sequelize.transaction(async (transaction) => {
    const before = await findVisible(core, ctx, resource, id, transaction);
    if (!canOnRow(ctx.ability, 'update', resource.name, before)) throw new Forbidden();
    const writeErrors = refuseUnwritableFields(resource, ctx.role, values, before);
    if (writeErrors.length) throw invalidFields(writeErrors);
    // JSON parts are checked against the stored row: a value sent back as it is stored passes unchanged.
    const partErrors = shapeErrors(resource, values, before);
    if (partErrors.length) throw invalidFields(partErrors);
    const refErrors = [...hookErrors(ctx, resource, values, before), ...(await checkReferences(core, ctx, resource, values, before, transaction))];
    if (refErrors.length) throw invalidFields(refErrors);
    // The row after the change must still be the user's (no moving a record to another tenant).
    if (!canOnRow(ctx.ability, 'update', resource.name, { ...before, ...values })) throw new Forbidden();
    await withUniqueFields(resource, () => model.update(values, { where: { id }, transaction }));
    const after = (await model.findOne({ where: { id }, raw: true, transaction })) as Row;
    await options.afterWrite?.(after, transaction, before);
    await recordActivity(core, ctx, resource, 'update', after, transaction);
    return after;
  });
  return serialize(resource, updated, ctx.language);
}

/** Delete archives an archivable record; `hard` (systemoperator) removes it for good. */
export async function deleteRecord(core: Core, ctx: RequestContext, resource: ResourceDef, id: string, hard: boolean): Promise<Row> {
  const model = core.model(resource.name);
  const removed = await core.sequelize.transaction(async (transaction) => {
    const before = await findVisible(core, ctx, resource, id, transaction);
    const action: Action = hard && resource.archivable ? 'destroy' : 'delete';
    if (!canOnRow(ctx.ability, action, resource.name, before)) throw new Forbidden();
    if (resource.archivable && !hard) {
      if (before.archivedAt) throw new NotFound(text('errors.record_not_found', { what: nameOf(resource) }));
      await model.update({ archivedAt: new Date() }, { where: { id }, transaction });
    } else {
      await model.destroy({ where: { id }, transaction });
    }
    await recordActivity(core, ctx, resource, 'delete', before, transaction);
    return resource.archivable && !hard ? ((await model.findOne({ where: { id }, raw: true, transaction })) as Row) : before;
  });
  return serialize(resource, removed, ctx.language);
}

export async function recoverRecord(core: Core, ctx: RequestContext, resource: ResourceDef, id: string): Promise<Row> {
  if (!resource.archivable) throw new NotFound(text('errors.not_recoverable', { what: nameOf(resource) }));
  const model = core.model(resource.name);
  const recovered = await core.sequelize.transaction(async (transaction) => {
    const before = await findVisible(core, ctx, resource, id, transaction);
    if (!canOnRow(ctx.ability, 'recover', resource.name, before)) throw new Forbidden();
    if (!before.archivedAt) throw new NotFound(text('errors.not_archived', { what: nameOf(resource) }));
    await model.update({ archivedAt: null }, { where: { id }, transaction });
    const after = (await model.findOne({ where: { id }, raw: true, transaction })) as Row;
    await recordActivity(core, ctx, resource, 'update', after, transaction);
    return after;
  });
  return serialize(resource, recovered, ctx.language);
}
