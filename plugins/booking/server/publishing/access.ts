/**
 * Which booking a lifecycle request may change, and whether the advertiser's money allows it. A booking
 * outside the request's tenants is 404; one it may read but not change (a viewer) is 403 (docs/api.md "Answers").
 */
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { LOCKED_STATUSES } from '@adsuite/config/booking/index';
import { accessWhere, canOnRow, type Core, Forbidden, inSentence, Invalid, isUuid, NotFound, type RequestContext, type Row, text, valueLabel } from '@adsuite/backend/kit';
import { firstDayCost, type ChannelBudget } from './budget.ts';

/** Bookings in these states are history, or about to be: nothing about them changes any more (SPEC section 4). */
const UNCHANGEABLE: readonly string[] = [...LOCKED_STATUSES, 'canceling', 'cancelling'];

/** The booking, locked for the rest of the transaction, when the request may change it. */
export async function lockBooking(core: Core, ctx: RequestContext, id: string, transaction: Transaction): Promise<Row> {
  if (!isUuid(id)) throw new NotFound(text('bookings.not_found'));
  const readable = accessWhere(ctx.ability, 'read', 'booking');
  if (readable === null) throw new Forbidden();
  const booking = (await core.model('booking').findOne({
    where: { [Op.and]: [readable, { id }, { archivedAt: null }] }, raw: true, transaction, lock: transaction.LOCK.UPDATE,
  })) as Row | null;
  if (!booking) throw new NotFound(text('bookings.not_found'));
  if (!canOnRow(ctx.ability, 'update', 'booking', booking)) throw new Forbidden();
  return booking;
}

/** Refuses a change of a finished, interrupted or canceled booking. */
export function refuseLocked(booking: Row): void {
  if (UNCHANGEABLE.includes(String(booking.status))) {
    const message = text('bookings.locked', { status: statusLabel(booking.status) });
    throw new Invalid(message, [{ field: 'status', message }]);
  }
}

/** A booking status as a sentence names it ('finished' / 'Beendet'). */
export const statusLabel = (status: unknown) => inSentence(valueLabel(String(status)));

/**
 * Locks the advertiser row and checks that a prepaid balance covers the first day of the given channels
 * (postpaid advertisers are billed afterwards). Answers the advertiser's billing type.
 */
export async function checkFirstDayCovered(core: Core, transaction: Transaction, advertiserId: string, budgets: ChannelBudget[]): Promise<{ prepaid: boolean }> {
  const [advertiser] = await core.sequelize.query<{ balance: string | null; billing_type: string | null }>(
    'SELECT balance, billing_type FROM advertisers WHERE id = :advertiserId FOR UPDATE',
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  if (!advertiser) throw new NotFound(text('finances.advertiser_not_found'));
  const prepaid = advertiser.billing_type !== 'postpaid';
  const balance = Number(advertiser.balance ?? 0);
  const needed = firstDayCost(budgets);
  if (prepaid && balance < needed) {
    const message = text('bookings.balance_first_day', { balance: { money: balance }, needed: { money: needed } });
    throw new Invalid(message, [{ field: 'balance', message }]);
  }
  return { prepaid };
}
