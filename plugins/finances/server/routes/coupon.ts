/** /api/coupon/use (redeem a code for the selected advertiser) and /api/coupon/:id/advertisers (history). */
import { Router } from 'express';
import { contextOf, type Core, getRecord, Invalid, serialize, text } from '@adsuite/backend/kit';
import { financeAdvertiser } from '../access.ts';
import { couponHistory, redeemCoupon } from '../coupons.ts';
import { euros } from '../money.ts';

export function couponRoutes(core: Core): Router {
  const router = Router();

  router.post('/coupon/use', async (req, res) => {
    const ctx = contextOf(req);
    const body = (typeof req.body === 'object' && req.body) || {};
    const advertiser = await financeAdvertiser(core, ctx, body.advertiser, 'pay');
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!code || code.length > 40) throw new Invalid(text('finances.coupon.code_required'), [{ field: 'code', message: text('finances.coupon.code_required') }]);
    const { coupon, entry, balance } = await core.sequelize.transaction((t) => redeemCoupon(core, t, advertiser.id as string, code));
    res.json({
      coupon: coupon.name, amount: euros(Number(coupon.amount)), balance: euros(balance), transaction: serialize(core.resource('transaction'), entry, ctx.language),
    });
  });

  router.get('/coupon/:id/advertisers', async (req, res) => {
    const coupon = await getRecord(core, contextOf(req), core.resource('coupon'), req.params.id);
    res.json(await couponHistory(core, coupon.id as string));
  });

  return router;
}
