/**
 * The graphics library's folder tree (SPEC section 3 "Folder: _id, name, parent", section 7 "folder create (name,
 * parent) and update (id, name, parent) returning the folder; folder list by parent; deleteFolder"). Folders nest
 * through `parent` (none = Root), each advertiser has its own tree. A move never makes a cycle: a folder cannot go
 * into itself or below itself. Moves of one advertiser's tree take a lock of that tree, so two moves at once cannot
 * make a cycle between them either. The generic API cannot move a folder (its `parent` is set on create only).
 */
import { Op, type Transaction } from 'sequelize';
import {
  canOnRow, type Core, Forbidden, isUuid, NotFound, recordActivity, type RequestContext, type Row, serialize, text,
} from '@adsuite/backend/kit';
import { advertiserFor, invalid, mayDo } from './access.ts';
import { fileIdOf, publicFileUrl } from './creativeService.ts';

/** How deep folders nest (Root's children are level 1). */
export const MAX_DEPTH = 12;
/** Most graphics and folders one move takes. */
export const MAX_MOVE = 500;
/** Most folders of one advertiser the tree answers with. */
const MAX_TREE = 5000;

export interface FolderSummary {
  id: string;
  name: string;
  parent: string | null;
}

const summary = (row: Row): FolderSummary => ({ id: row.id as string, name: row.name as string, parent: (row.parent as string | null) ?? null });

export function graphicView(core: Core, row: Row, language: RequestContext['language']) {
  const id = fileIdOf(row.downloadLink);
  return { ...serialize(core.resource('graphic'), row, language), url: id ? publicFileUrl(id) : (row.downloadLink as string) };
}

async function lockTree(core: Core, advertiser: string, transaction: Transaction) {
  await core.sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('folders:' || $1))`, { bind: [advertiser], transaction });
}

/** A live folder the request may `action`, else 404 (also for another advertiser's folder). */
async function visibleFolder(core: Core, ctx: RequestContext, id: unknown, action: 'read' | 'update' | 'delete', field = 'folder', transaction?: Transaction): Promise<Row> {
  if (!isUuid(id)) throw invalid(field, 'creatives.folders.parent');
  const row = (await core.model('folder').findOne({ where: { id, archivedAt: null }, raw: true, transaction })) as Row | null;
  if (!row || !canOnRow(ctx.ability, 'read', 'folder', row)) throw new NotFound(text('creatives.folders.not_found'));
  if (action !== 'read' && !canOnRow(ctx.ability, action, 'folder', row)) throw new Forbidden();
  return row;
}

/** From Root down to `id` (included): the breadcrumb. Stops at a broken link or MAX_DEPTH * 2 steps. */
export async function pathTo(core: Core, id: string | null, transaction?: Transaction): Promise<FolderSummary[]> {
  const path: FolderSummary[] = [];
  let next = id;
  while (next && path.length < MAX_DEPTH * 2) {
    const row = (await core.model('folder').findOne({ where: { id: next, archivedAt: null }, raw: true, transaction })) as Row | null;
    if (!row) break;
    path.unshift(summary(row));
    next = (row.parent as string | null) ?? null;
  }
  return path;
}

function cleanName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > 200 || /[\u0000-\u001f\u007f]/.test(name)) throw invalid('name', 'creatives.folders.name');
  return name;
}

/**
 * The target folder of a create or a move (null = Root) for `advertiser`: a live folder of the same advertiser,
 * not nested too deep, and, when folders move, none of them nor below one of them.
 */
async function checkedTarget(core: Core, ctx: RequestContext, advertiser: string, raw: unknown, moving: string[], transaction: Transaction, field = 'parent'): Promise<string | null> {
  if (raw === null || raw === undefined || raw === '') return null;
  const target = await visibleFolder(core, ctx, raw, 'read', field, transaction);
  if (target.advertiser !== advertiser) throw invalid(field, 'creatives.folders.other_advertiser');
  const path = await pathTo(core, target.id as string, transaction);
  if (path.some((folder) => moving.includes(folder.id))) throw invalid(field, 'creatives.folders.cycle');
  if (path.length >= MAX_DEPTH) throw invalid(field, 'creatives.folders.too_deep', { max: MAX_DEPTH });
  return target.id as string;
}

/** Every folder of the advertiser, with its path from Root: the folder filter and the move dialog's choices. */
export async function folderTree(core: Core, ctx: RequestContext, requested: unknown) {
  mayDo(ctx, 'read', 'folder');
  const advertiser = await advertiserFor(core, ctx, requested);
  const rows = (await core.model('folder').findAll({
    where: { advertiser: advertiser.id, archivedAt: null }, order: [['name', 'ASC'], ['id', 'ASC']], limit: MAX_TREE, raw: true,
  })) as Row[];
  const byId = new Map(rows.map((row) => [row.id as string, row]));
  const pathOf = (row: Row) => {
    const names: string[] = [];
    let at: Row | undefined = row;
    while (at && names.length <= MAX_DEPTH * 2) {
      names.unshift(at.name as string);
      at = at.parent ? byId.get(at.parent as string) : undefined;
    }
    return names;
  };
  const folders = rows.map((row) => ({ ...summary(row), path: pathOf(row) })).sort((a, b) => a.path.join('\u0000').localeCompare(b.path.join('\u0000')));
  return { advertiser: { id: advertiser.id, name: advertiser.name as string }, folders };
}

/** One folder's content (Root when `parent` is empty): the breadcrumb, its folders with their counts and a page of its graphics. */
export async function folderContent(core: Core, ctx: RequestContext, query: { advertiser?: unknown; parent?: unknown; search?: unknown; offset: number; qty: number }) {
  mayDo(ctx, 'read', 'folder');
  mayDo(ctx, 'read', 'graphic');
  const advertiser = await advertiserFor(core, ctx, query.advertiser);
  let parent: string | null = null;
  if (query.parent !== undefined && query.parent !== '') {
    const folder = await visibleFolder(core, ctx, query.parent, 'read', 'parent');
    if (folder.advertiser !== advertiser.id) throw new NotFound(text('creatives.folders.not_found'));
    parent = folder.id as string;
  }
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, 200) : '';
  const match = search ? { name: { [Op.iLike]: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } } : {};
  const folders = (await core.model('folder').findAll({
    where: { advertiser: advertiser.id, parent, archivedAt: null, ...match }, order: [['name', 'ASC'], ['id', 'ASC']], limit: MAX_TREE, raw: true,
  })) as Row[];
  const ids = folders.map((row) => row.id as string);
  const counted = async (model: string, field: string) => {
    if (!ids.length) return new Map<string, number>();
    const rows = (await core.model(model).findAll({
      attributes: [field, [core.sequelize.fn('COUNT', core.sequelize.col('id')), 'count']],
      where: { [field]: { [Op.in]: ids }, archivedAt: null }, group: [field], raw: true,
    })) as unknown as Row[];
    return new Map(rows.map((row) => [row[field] as string, Number(row.count)]));
  };
  const [subfolders, graphicsIn] = [await counted('folder', 'parent'), await counted('graphic', 'folder')];
  const where = { advertiser: advertiser.id, folder: parent, archivedAt: null, ...match };
  const { rows, count } = await core.model('graphic').findAndCountAll({ where, order: [['name', 'ASC'], ['id', 'ASC']], offset: query.offset, limit: query.qty, raw: true });
  return {
    advertiser: { id: advertiser.id, name: advertiser.name as string },
    path: await pathTo(core, parent),
    folders: folders.map((row) => ({ ...summary(row), folders: subfolders.get(row.id as string) ?? 0, graphics: graphicsIn.get(row.id as string) ?? 0 })),
    graphics: (rows as Row[]).map((row) => graphicView(core, row, ctx.language)),
    total: count,
  };
}

export async function createFolder(core: Core, ctx: RequestContext, body: Row) {
  mayDo(ctx, 'create', 'folder');
  const name = cleanName(body.name);
  const resource = core.resource('folder');
  const row = await core.sequelize.transaction(async (transaction) => {
    const advertiser = body.parent ? (await visibleFolder(core, ctx, body.parent, 'read', 'parent', transaction)).advertiser as string : (await advertiserFor(core, ctx, body.advertiser)).id;
    if (body.advertiser && body.parent && body.advertiser !== advertiser) throw invalid('parent', 'creatives.folders.other_advertiser');
    await lockTree(core, advertiser, transaction);
    const parent = await checkedTarget(core, ctx, advertiser, body.parent, [], transaction);
    const values = { name, parent, advertiser };
    if (!canOnRow(ctx.ability, 'create', 'folder', values)) throw new Forbidden();
    const created = (await core.model('folder').create(values, { transaction })).get({ plain: true }) as Row;
    await recordActivity(core, ctx, resource, 'create', created, transaction);
    return created;
  });
  return serialize(resource, row, ctx.language);
}

/** Rename and/or move one folder (`parent` null = to Root; absent = where it is). */
export async function updateFolder(core: Core, ctx: RequestContext, id: string, body: Row) {
  mayDo(ctx, 'update', 'folder');
  const resource = core.resource('folder');
  const row = await core.sequelize.transaction(async (transaction) => {
    const before = await visibleFolder(core, ctx, id, 'update', 'id', transaction);
    await lockTree(core, before.advertiser as string, transaction);
    const changes: Row = {};
    if (body.name !== undefined) changes.name = cleanName(body.name);
    if (Object.hasOwn(body, 'parent')) changes.parent = await checkedTarget(core, ctx, before.advertiser as string, body.parent, [id], transaction);
    if (!Object.keys(changes).length) return before;
    await core.model('folder').update(changes, { where: { id }, transaction });
    const after = (await core.model('folder').findOne({ where: { id }, raw: true, transaction })) as Row;
    await recordActivity(core, ctx, resource, 'update', after, transaction);
    return after;
  });
  return serialize(resource, row, ctx.language);
}

/** Deletes (archives) an empty folder; one holding graphics or folders is refused, so nothing is left without a place. */
export async function deleteFolder(core: Core, ctx: RequestContext, id: string) {
  mayDo(ctx, 'delete', 'folder');
  const resource = core.resource('folder');
  const row = await core.sequelize.transaction(async (transaction) => {
    const before = await visibleFolder(core, ctx, id, 'delete', 'id', transaction);
    await lockTree(core, before.advertiser as string, transaction);
    const inside = await core.model('folder').count({ where: { parent: id, archivedAt: null }, transaction })
      + await core.model('graphic').count({ where: { folder: id, archivedAt: null }, transaction });
    if (inside) throw invalid('id', 'creatives.folders.not_empty');
    await core.model('folder').update({ archivedAt: new Date() }, { where: { id }, transaction });
    const after = (await core.model('folder').findOne({ where: { id }, raw: true, transaction })) as Row;
    await recordActivity(core, ctx, resource, 'delete', before, transaction);
    return after;
  });
  return serialize(resource, row, ctx.language);
}

const idList = (value: unknown, field: string): string[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_MOVE || !value.every(isUuid)) throw invalid(field, 'creatives.graphics.ids', { max: MAX_MOVE });
  return [...new Set(value as string[])];
};

/**
 * Moves graphics and folders of one advertiser into `target` (null = Root) at once: all or none. A folder moved
 * into itself or below itself refuses the whole move.
 */
export async function moveItems(core: Core, ctx: RequestContext, body: Row) {
  const graphicIds = idList(body.graphics, 'graphics');
  const folderIds = idList(body.folders, 'folders');
  if (!graphicIds.length && !folderIds.length) throw invalid('graphics', 'creatives.graphics.nothing');
  if (graphicIds.length) mayDo(ctx, 'update', 'graphic');
  if (folderIds.length) mayDo(ctx, 'update', 'folder');
  return core.sequelize.transaction(async (transaction) => {
    const find = async (model: string, ids: string[]) => (ids.length ? (await core.model(model).findAll({ where: { id: { [Op.in]: ids }, archivedAt: null }, raw: true, transaction })) as Row[] : []);
    const graphics = await find('graphic', graphicIds);
    const folders = await find('folder', folderIds);
    const reachable = (model: string, rows: Row[], wanted: string[]) => rows.length === wanted.length && rows.every((row) => canOnRow(ctx.ability, 'read', model, row));
    if (!reachable('graphic', graphics, graphicIds)) throw new NotFound(text('creatives.graphics.not_found'));
    if (!reachable('folder', folders, folderIds)) throw new NotFound(text('creatives.folders.not_found'));
    if (!graphics.every((row) => canOnRow(ctx.ability, 'update', 'graphic', row)) || !folders.every((row) => canOnRow(ctx.ability, 'update', 'folder', row))) throw new Forbidden();
    const advertisers = new Set([...graphics, ...folders].map((row) => row.advertiser as string));
    if (advertisers.size !== 1) throw invalid('target', 'creatives.folders.other_advertiser');
    const [advertiser] = advertisers;
    await lockTree(core, advertiser, transaction);
    const target = await checkedTarget(core, ctx, advertiser, body.target, folderIds, transaction, 'target');
    if (folderIds.length) await core.model('folder').update({ parent: target }, { where: { id: { [Op.in]: folderIds } }, transaction });
    if (graphicIds.length) await core.model('graphic').update({ folder: target }, { where: { id: { [Op.in]: graphicIds } }, transaction });
    for (const [model, ids] of [['folder', folderIds], ['graphic', graphicIds]] as const) {
      for (const row of await find(model, ids)) await recordActivity(core, ctx, core.resource(model), 'update', row, transaction);
    }
    return { target, graphics: graphicIds.length, folders: folderIds.length };
  });
}
