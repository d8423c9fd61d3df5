/**
 * /api/advertiser/:id/... : balance, card payment with its confirmation step, refund and manual spend.
 * Thin: check the input, resolve the advertiser the request may reach, call a service in a transaction.
 */
import { Router } from 'express';
import { contextOf, type Core, Invalid, isUuid, NotFound, serialize, text } from '@adsuite/backend/kit';
import { financeAdvertiser } from '../access.ts';
import { parseIdempotencyKey, parsePayment, parseRefund, parseSpend } from '../input.ts';
import { reservedCents, spend } from '../ledger.ts';
import { euros } from '../money.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { confirmTopUp, refund, topUp } from '../topups.ts';

export function advertiserRoutes(core: Core, provider: PaymentProvider): Router {
  const router = Router();
  const inTransaction = core.sequelize.transaction.bind(core.sequelize);

  router.get('/advertiser/:id/balance', async (req, res) => {
    const advertiser = await financeAdvertiser(core, contextOf(req), req.params.id, 'read');
    const balance = Number(advertiser.balance ?? 0);
    const reserved = (await reservedCents(core, undefined, String(advertiser.id))) / 100;
    res.json({ balance, reserved, available: Math.round((balance - reserved) * 100) / 100 });
  });

  router.post('/advertiser/:id/payment', async (req, res) => {
    const ctx = contextOf(req);
    const advertiser = await financeAdvertiser(core, ctx, req.params.id, 'pay');
    const idempotencyKey = parseIdempotencyKey(req.get('Idempotency-Key'));
    const input = parsePayment(req.body);
    const answer = await inTransaction((t) => topUp(core, provider, t, {
      ...input, advertiserId: advertiser.id as string, idempotencyKey, userId: ctx.user.id,
    }));
    res.status(answer.status).json(answer.body);
  });

  router.post('/advertiser/:id/payment/:paymentId/confirm', async (req, res) => {
    const advertiser = await financeAdvertiser(core, contextOf(req), req.params.id, 'pay');
    if (!isUuid(req.params.paymentId)) throw new NotFound(text('finances.payment_not_found'));
    const answer = await inTransaction((t) => confirmTopUp(core, provider, t, advertiser.id as string, req.params.paymentId));
    res.status(answer.status).json(answer.body);
  });

  router.post('/advertiser/:id/refund', async (req, res) => {
    const ctx = contextOf(req);
    const advertiser = await financeAdvertiser(core, ctx, req.params.id, 'account');
    const input = parseRefund(req.body);
    const { creditNote, entry, balance } = await inTransaction((t) => refund(core, t, { ...input, advertiserId: advertiser.id as string }));
    res.status(201).json({
      creditNote: serialize(core.resource('creditnote'), creditNote, ctx.language), transaction: serialize(core.resource('transaction'), entry, ctx.language), balance: euros(balance),
    });
  });

  router.post('/advertiser/:id/transaction', async (req, res) => {
    const ctx = contextOf(req);
    const advertiser = await financeAdvertiser(core, ctx, req.params.id, 'account');
    const input = parseSpend(req.body);
    if (input.campaign && !(await core.model('campaign').count({ where: { id: input.campaign, advertiser: advertiser.id } }))) {
      throw new Invalid(text('finances.campaign_not_found'), [{ field: 'campaign', message: text('finances.campaign_not_found') }]);
    }
    const key = req.get('Idempotency-Key');
    const result = await inTransaction((t) => spend(core, t, {
      ...input, advertiserId: advertiser.id as string, idempotencyKey: key ? parseIdempotencyKey(key) : null,
    }));
    res.status(result.repeated ? 200 : 201).json({ transaction: serialize(core.resource('transaction'), result.entry, ctx.language), balance: euros(result.balance) });
  });

  return router;
}
