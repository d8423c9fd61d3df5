/**
 * Coupons (SPEC "coupon (use)", "Promo code NEW25: 25 euro after a 50 euro deposit"). A coupon credits its
 * amount once per advertiser, when it is active, not expired, and the advertiser's card top-ups (what the
 * cards paid) add up to at least its minimum deposit. Redeeming locks the advertiser row, so concurrent
 * redeems serialize and the second finds the first's usage; the unique index on (advertiser, coupon)
 * backs that up.
 */
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { type Core, Invalid, type Row, type ServerText, text } from '@adsuite/backend/kit';
import { lockAdvertiser, post } from './ledger.ts';

const refused = (message: ServerText) => new Invalid(message, [{ field: 'code', message }]);

export interface Redeemed {
  coupon: Row;
  entry: Row;
  balance: number;
}

export async function redeemCoupon(core: Core, transaction: Transaction, advertiserId: string, code: string): Promise<Redeemed> {
  const coupon = (await core.model('coupon').findOne({
    where: { name: { [Op.iLike]: code.replace(/[\\%_]/g, (c) => `\\${c}`) }, archivedAt: null }, raw: true, transaction,
  })) as Row | null;
  if (!coupon) throw refused(text('finances.coupon.unknown', { code }));
  if (!coupon.active) throw refused(text('finances.coupon.inactive', { coupon: coupon.name as string }));
  const today = new Date().toISOString().slice(0, 10);
  const validUntil = coupon.validUntil ? String(coupon.validUntil).slice(0, 10) : null;
  if (validUntil && validUntil < today) throw refused(text('finances.coupon.expired', { coupon: coupon.name as string, date: { day: validUntil } }));

  await lockAdvertiser(core, transaction, advertiserId);
  const used = await core.model('couponusage').count({ where: { advertiser: advertiserId, coupon: coupon.id }, transaction });
  if (used) throw refused(text('finances.coupon.used', { coupon: coupon.name as string }));
  const [{ deposits }] = await core.sequelize.query<{ deposits: string }>(
    "SELECT COALESCE(SUM(amount), 0) AS deposits FROM transactions WHERE advertiser_id = :advertiserId AND type = 'topup'",
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  const minDeposit = Number(coupon.minDeposit ?? 0);
  if (Number(deposits) < minDeposit) {
    throw refused(text('finances.coupon.deposit', { coupon: coupon.name as string, minimum: { money: minDeposit }, deposits: { money: Number(deposits) } }));
  }

  const { entries, balance } = await post(core, transaction, advertiserId, [{
    type: 'coupon', amount: Number(coupon.amount), description: text('finances.ledger.promo_code', { code: coupon.name as string }), reference: coupon.name as string,
    coupon: coupon.id as string, idempotencyKey: `coupon:${coupon.id}`,
  }]);
  await core.model('couponusage').create({ coupon: coupon.id, advertiser: advertiserId, transaction: entries[0].id }, { transaction });
  return { coupon, entry: entries[0], balance };
}

export interface CouponUse {
  date: string;
  advertiser: string;
  name: string;
}

/** Who used a coupon, newest first (SPEC "coupon advertisers by coupon id": date, advertiser, name). */
export async function couponHistory(core: Core, couponId: string): Promise<CouponUse[]> {
  const rows = await core.sequelize.query<{ date: Date; advertiser: string; name: string }>(
    `SELECT u.created AS date, u.advertiser_id AS advertiser, a.name FROM couponusages u JOIN advertisers a ON a.id = u.advertiser_id
     WHERE u.coupon_id = :couponId ORDER BY u.created DESC, u.id DESC`,
    { replacements: { couponId }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ date: new Date(row.date).toISOString(), advertiser: row.advertiser, name: row.name }));
}
