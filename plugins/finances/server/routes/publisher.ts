/**
 * /api/publisher/:id/balance (SPEC section 7 "publisher ... balance"): the sum of the publisher's ledger
 * (the `earning` resource: earnings in, payouts out), for a publisher the request may read.
 */
import { Router } from 'express';
import { contextOf, type Core, Forbidden, getRecord } from '@adsuite/backend/kit';
import { euros } from '../money.ts';

export function publisherRoutes(core: Core): Router {
  const router = Router();
  router.get('/publisher/:id/balance', async (req, res) => {
    const ctx = contextOf(req);
    const publisher = await getRecord(core, ctx, core.resource('publisher'), req.params.id);
    if (!ctx.ability.can('read', 'earning')) throw new Forbidden();
    const cents = await core.model('earning').sum('amount', { where: { publisher: publisher.id } });
    res.json({ balance: euros(Number(cents ?? 0)) });
  });
  return router;
}
