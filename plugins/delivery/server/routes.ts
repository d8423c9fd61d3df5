/** GET /api/placement/:id/requests: a placement's requests per day and how many showed an ad (cache.ts counts them). */
import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { contextOf, getRecord, Invalid, isUuid, NotFound, text, type Core } from '@adsuite/backend/kit';
import { dayOf } from './cache.ts';

export const MAX_DAYS = 31;
const DAY_MS = 86_400_000;

export function placementRoutes(core: Core): Router {
  const router = Router();
  router.get('/placement/:id/requests', async (req, res) => {
    const { id } = req.params;
    if (!isUuid(id)) throw new NotFound();
    const raw = req.query.days;
    const days = raw === undefined || raw === '' ? 7 : Number(raw);
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
      const message = text('delivery.days', { max: MAX_DAYS });
      throw new Invalid(message, [{ field: 'days', message }]);
    }
    // The placement as its reader may see it (its publisher, staff): else 404 (403 for another tenant's, as the generic API).
    await getRecord(core, contextOf(req), core.resource('placement'), id);
    const now = new Date();
    const first = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
    const rows = await core.sequelize.query<{ day: string; requests: number; filled: number }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(p.requests, 0)::int AS requests, COALESCE(p.filled, 0)::int AS filled
       FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
       LEFT JOIN delivery_placement_days p ON p.placement_id = $1 AND p.day = d.day::date ORDER BY d.day`,
      { bind: [id, first, dayOf(now)], type: QueryTypes.SELECT },
    );
    res.json(rows);
  });
  return router;
}
