/**
 * POST /api/advertiser/:id/manual-entry: a credit or debit booked by hand (manualEntries.ts). Thin: who may,
 * which advertiser, the body and the key, then the service in one database transaction.
 */
import { Router } from 'express';
import { contextOf, type Core, Forbidden, serialize } from '@adsuite/backend/kit';
import { financeAdvertiser } from '../access.ts';
import { bookManualEntry, mayBookByHand, parseEntryKey, parseManualEntry } from '../manualEntries.ts';
import { euros } from '../money.ts';

export function manualEntryRoutes(core: Core): Router {
  const router = Router();

  router.post('/advertiser/:id/manual-entry', async (req, res) => {
    const ctx = contextOf(req);
    if (!mayBookByHand(ctx.role)) throw new Forbidden();
    const advertiser = await financeAdvertiser(core, ctx, req.params.id, 'read');
    const input = parseManualEntry(req.body);
    const key = parseEntryKey(req.get('Idempotency-Key'));
    const result = await core.sequelize.transaction((t) => bookManualEntry(core, ctx, t, { ...input, key, advertiserId: advertiser.id as string }));
    res.status(result.repeated ? 200 : 201).json({
      transaction: serialize(core.resource('transaction'), result.entry, ctx.language), balance: euros(result.balance), repeated: result.repeated,
    });
  });

  return router;
}
