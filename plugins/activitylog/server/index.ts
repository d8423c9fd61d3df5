/**
 * The activity log (SPEC section 2 "/campaignlogsnew", section 7 "campaign log list" and "versions"), for the
 * administrator and above. Every create, update and delete through the engine writes an entry with a version
 * snapshot (backend/src/resources/activity.ts); this plugin reads them:
 *
 *   GET /api/activitylog            a page of entries of at most 3 days (SPEC section 5), newest first, filtered
 *                                   by search text, login, campaign, level and category; `returnCount` adds the count
 *   GET /api/activitylog/versions   a record's versions (by entityId and entityType), oldest first, for the comparison dialog
 *
 * The job `activitylog.retention` removes entries older than the log retention of SPEC section 9 (seven days).
 */
import { Router } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import { mayOpen } from '@adsuite/config';
import { contextOf, escapeLike, Forbidden, Invalid, isUuid, listRecords, text, type Core, type RequestContext, type Row, type ServerPlugin } from '@adsuite/backend/kit';
import { activityLogApi } from './openapi.ts';
import { choice, periodOf, searchText, wholeNumber } from './input.ts';

const LOG = 'campaignlog';
/** SPEC section 9 "Log retention seven days". */
export const RETENTION_DAYS = 7;
export const RETENTION_JOB = 'activitylog.retention';
/** SPEC section 5: campaign logs are read 3 days at a time. */
export const WINDOW_DAYS = 3;
export const MAX_QTY = 100;
const DAY_MS = 86_400_000;

function adminOnly(ctx: RequestContext) {
  if (!mayOpen('/campaignlogsnew', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
}

const today = () => new Date().toISOString().slice(0, 10);
const daysBack = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** Removes the entries past the retention; answers how many. */
export async function removeOldEntries(core: Core, now = Date.now()): Promise<number> {
  if (!core.models.has(LOG)) return 0;
  return core.model(LOG).destroy({ where: { created: { [Op.lt]: new Date(now - RETENTION_DAYS * DAY_MS) } } });
}

export function activityRoutes(core: Core): Router {
  const router = Router();

  router.get('/activitylog', async (req, res) => {
    const ctx = contextOf(req);
    adminOnly(ctx);
    const query = req.query as Record<string, unknown>;
    const resource = core.resource(LOG);
    const { start, end } = periodOf(query, { start: daysBack(WINDOW_DAYS - 1), end: today() }, { maxDays: WINDOW_DAYS });
    const where: WhereOptions[] = [{ created: { [Op.gte]: new Date(`${start}T00:00:00Z`), [Op.lt]: new Date(`${nextDay(end)}T00:00:00Z`) } }];
    for (const name of ['login', 'campaign'] as const) {
      const id = query[name];
      if (id === undefined || id === '') continue;
      if (typeof id !== 'string' || !isUuid(id)) throw new Invalid(text('staff.range.bad_ids', { name, max: 1 }), [{ field: name, message: text('staff.range.bad_ids', { name, max: 1 }) }]);
      where.push({ [name]: id });
    }
    const level = choice(query, 'level', resource.fields.level.options as readonly string[]);
    if (level) where.push({ level });
    const category = choice(query, 'category', resource.fields.category.options as readonly string[]);
    if (category) where.push({ category });
    const search = searchText(query, 'search');
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      where.push({ [Op.or]: [{ message: { [Op.iLike]: pattern } }, { entityType: { [Op.iLike]: pattern } }, { entityId: { [Op.iLike]: pattern } }] });
    }
    const qty = wholeNumber(query, 'qty', 10, 1, MAX_QTY);
    const offset = wholeNumber(query, 'offset', 0, 0, 100_000);
    const { rows, total } = await listRecords(core, ctx, resource, {
      where, order: [['created', 'DESC'], ['id', 'DESC']], offset, limit: qty, archived: false, populate: ['login', 'campaign'], lookup: [], searched: false,
    });
    const items = rows.map((row) => ({ ...row, createdOn: row.created }));
    res.json(query.returnCount === 'false' ? { items } : { count: total, items });
  });

  router.get('/activitylog/versions', async (req, res) => {
    const ctx = contextOf(req);
    adminOnly(ctx);
    const query = req.query as Record<string, unknown>;
    const entityId = searchText(query, 'entityId', 100);
    const entityType = searchText(query, 'entityType', 60);
    if (!entityId) throw new Invalid(text('staff.activity.no_versions'), [{ field: 'entityId', message: text('staff.activity.no_versions') }]);
    const where: WhereOptions[] = [{ entityId }, ...(entityType ? [{ entityType }] : [])];
    const { rows } = await listRecords(core, ctx, core.resource(LOG), {
      where, order: [['created', 'ASC'], ['id', 'ASC']], offset: 0, limit: 1000, archived: false, populate: ['login'], lookup: [], searched: false,
    });
    res.json({
      entityId, entityType: entityType || (rows[0]?.entityType ?? null),
      versions: rows.map((row: Row) => ({ id: row.id, createdOn: row.created, message: row.message, login: row.login, entityAction: row.entityAction, version: row.version ?? null })),
    });
  });

  return router;
}

const plugin: ServerPlugin = {
  name: 'activitylog',
  openapi: activityLogApi,
  api: activityRoutes,
  jobs(core) {
    return { [RETENTION_JOB]: async () => void (await removeOldEntries(core)) };
  },
  schedules: { [RETENTION_JOB]: 3_600_000 },
};

export default plugin;
