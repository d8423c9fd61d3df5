/**
 * Global search (SPEC section 2 "/search/{term}", section 7 "search"): one term over the main entity types,
 * each list paged with qty/offset and limited to what the user may read.
 */
import { Router } from 'express';
import { Op } from 'sequelize';
import { contextOf, escapeLike, Invalid, isUuid, listRecords, type ServerPlugin, text } from '@adsuite/backend/kit';
import { searchApi } from './openapi.ts';

/** Searched entity types, in the order the results page shows them. */
export const SEARCHED = ['campaign', 'booking', 'advertiser', 'lineitem', 'banner', 'contract', 'segment', 'catalog', 'publisher', 'login'];

function whole(raw: unknown, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Invalid(text('query.whole_number', { name, max: { count: max } }));
  return value;
}

const plugin: ServerPlugin = {
  name: 'search',
  openapi: searchApi(SEARCHED),
  api(core) {
    const router = Router();
    router.get('/search', async (req, res) => {
      const started = performance.now();
      const ctx = contextOf(req);
      const term = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 200) : '';
      if (term.length < 1) throw new Invalid(text('query.search_term'), [{ field: 'search', message: text('query.search_term') }]);
      const qty = Math.max(1, whole(req.query.qty, 10, 100, 'qty'));
      const offset = whole(req.query.offset, 0, 100_000, 'offset');
      const results: Record<string, { count: number; items: unknown[] }> = {};
      let total = 0;
      let largest = 0;
      for (const name of SEARCHED) {
        if (!core.models.has(name) || !ctx.ability.can('read', name)) continue;
        const resource = core.resource(name);
        const pattern = `%${escapeLike(term)}%`;
        const match = [
          ...resource.list.search.map((field) => ({ [field]: { [Op.iLike]: pattern } })),
          ...(isUuid(term) ? [{ id: term }] : []),
        ];
        if (!match.length) continue;
        const { rows, total: count } = await listRecords(core, ctx, resource, {
          where: [{ [Op.or]: match }], order: [['created', 'DESC'], ['id', 'DESC']], offset, limit: qty,
          archived: false, populate: [], lookup: [], searched: true,
        });
        if (!count) continue;
        results[name] = { count, items: rows };
        total += count;
        largest = Math.max(largest, count);
      }
      res.json({ stats: { qty: total, largest, ms: Math.round(performance.now() - started) }, results });
    });
    return router;
  },
};

export default plugin;
