/**
 * Users for staff (SPEC section 7 "GET /auth/logins[/{ids}], GET /auth/login[/{id}]") and the manual activation
 * of agencies by sales (SPEC section 1): POST /auth/activate/:id allows the login.
 */
import { Router } from 'express';
import { Op } from 'sequelize';
import { ADMINS } from '@adsuite/config';
import { canOnRow, contextOf, type Core, Forbidden, getRecord, Invalid, isUuid, listRecords, NotFound, parseListQuery, recordActivity, type Row, serialize, text } from '@adsuite/backend/kit';
import { registrationOf } from './registration.ts';

const MAX_IDS = 1000;

export function loginRoutes(core: Core): Router {
  const router = Router();
  const login = core.resource('login');

  // The generic list of /api/login (filter, range, sort), optionally narrowed to the ids in the path.
  router.get('/auth/logins{/:ids}', async (req, res) => {
    const query = parseListQuery(login, req.query as Record<string, unknown>);
    if (req.params.ids !== undefined) {
      const ids = req.params.ids.split(',').map((id) => id.trim()).filter(Boolean);
      if (ids.length > MAX_IDS || !ids.every(isUuid)) throw new Invalid(text('accounts.user_ids', { max: { count: MAX_IDS } }));
      query.where.push({ id: { [Op.in]: ids } });
      query.offset = 0;
      query.limit = ids.length;
    }
    const { rows, total, offset } = await listRecords(core, contextOf(req), login, query);
    res.set('Content-Range', `login ${offset}-${rows.length ? offset + rows.length - 1 : offset}/${total}`);
    res.json(rows);
  });

  // Staff read anyone (with what the sign-up form asked); everybody reads themselves.
  router.get('/auth/login/:id', async (req, res) => {
    const ctx = contextOf(req);
    if (req.params.id === ctx.user.id) {
      res.json(serialize(login, ctx.user));
      return;
    }
    const record = await getRecord(core, ctx, login, req.params.id);
    res.json({ ...record, registration: await registrationOf(core, record.id as string) });
  });

  router.post('/auth/activate/:id', async (req, res) => {
    const ctx = contextOf(req);
    if (!ADMINS.includes(ctx.role)) throw new Forbidden();
    const { id } = req.params;
    const activated = await core.sequelize.transaction(async (transaction) => {
      const found = isUuid(id) && (await core.model('login').findOne({ where: { id, archivedAt: null }, transaction }));
      if (!found) throw new NotFound(text('accounts.user_not_found'));
      if (!canOnRow(ctx.ability, 'update', 'login', found.get({ plain: true }) as Row)) throw new Forbidden();
      await found.update({ loginAllowed: true }, { transaction });
      const after = found.get({ plain: true }) as Row;
      await recordActivity(core, ctx, login, 'update', after, transaction);
      return after;
    });
    res.json(serialize(login, activated));
  });

  return router;
}
