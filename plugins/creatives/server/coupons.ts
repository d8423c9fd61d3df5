/** The coupon history modal's data (SPEC section 2 "coupon history", section 7 "coupon advertisers by coupon id"). */
import { Op } from 'sequelize';
import { canOnRow, type Core, isUuid, NotFound, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { mayDo } from './access.ts';

/** Who redeemed the coupon when: date, advertiser (id) and its name, newest first. */
export async function couponAdvertisers(core: Core, ctx: RequestContext, id: string) {
  mayDo(ctx, 'read', 'coupon');
  mayDo(ctx, 'read', 'couponusage');
  const coupon = isUuid(id) ? ((await core.model('coupon').findOne({ where: { id }, raw: true })) as Row | null) : null;
  if (!coupon || !canOnRow(ctx.ability, 'read', 'coupon', coupon)) throw new NotFound(text('creatives.coupons.not_found'));
  const usages = (await core.model('couponusage').findAll({ where: { coupon: id }, order: [['created', 'DESC'], ['id', 'ASC']], limit: 10_000, raw: true })) as Row[];
  const visible = usages.filter((usage) => canOnRow(ctx.ability, 'read', 'couponusage', usage));
  const ids = [...new Set(visible.map((usage) => usage.advertiser as string))];
  const advertisers = ids.length ? ((await core.model('advertiser').findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id', 'name'], raw: true })) as Row[]) : [];
  const names = new Map(advertisers.map((row) => [row.id as string, row.name as string]));
  return visible.map((usage) => ({
    date: new Date(usage.created as string).toISOString(), advertiser: usage.advertiser as string, name: names.get(usage.advertiser as string) ?? '',
  }));
}
