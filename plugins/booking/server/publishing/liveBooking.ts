/**
 * A live booking's money and calendar reach its campaign, contracts, line items and channels (SPEC section 4):
 * budget, daily budget, allocation, goal and goal value, start and end date, target, channels added or removed.
 * The booking editor (PUT /api/booking/:id), the end date and the channels routes all change a live booking
 * through `applyLiveChange`, in the transaction of the change: AdSuite's rows take the new values at once (the ad
 * server and the pipeline bill and cap by them) and one sync tree tells the channels.
 */
import { Op, QueryTypes, type Transaction } from 'sequelize';
import { channelByKey } from '@adsuite/config';
import { isLiveBooking } from '@adsuite/config/approvals';
import { type Core, Invalid, type Row, text } from '@adsuite/backend/kit';
import { checkFirstDayCovered } from './access.ts';
import { channelBudgets, type ChannelBudget } from './budget.ts';
import { bookingBanners, setUpChannels } from './publish.ts';
import { queueSyncTree, syncNode } from './sync.ts';

/** The booking fields its line items, contracts and campaign are set up from. */
export const SET_UP_FIELDS = ['budget', 'dailyBudget', 'start', 'end', 'continously', 'channels', 'allocation', 'splitBudget', 'goal', 'goalValue', 'target'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** Money and numbers compared as numbers (the database answers some as text). */
const sameValue = (a: unknown, b: unknown) => (typeof a === 'string' || typeof b === 'string') && a !== null && b !== null && a !== undefined && b !== undefined
  ? String(a) === String(b) || Number(a) === Number(b)
  : same(a, b);

/** Whether a change of the booking (rows as stored) changes what its line items are set up from. */
export const changesSetUp = (before: Row, after: Row) => SET_UP_FIELDS.some((field) => !sameValue(before[field], after[field]));

export async function campaignOf(core: Core, transaction: Transaction, booking: Row): Promise<Row | null> {
  if (!booking.campaign) return null;
  return (await core.model('campaign').findOne({ where: { id: booking.campaign }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
}

export async function lineItemsOf(core: Core, transaction: Transaction, booking: Row): Promise<Row[]> {
  return (await core.model('lineitem').findAll({ where: { booking: booking.id, archivedAt: null }, order: [['created', 'ASC']], raw: true, transaction })) as Row[];
}

/** The campaign's money per channel as the dashboard and the reports read it. */
export const campaignChannels = (budgets: ChannelBudget[]) => budgets.map((budget) => ({ name: budget.channel, amount: budget.daily }));

async function prepaidAdvertiser(core: Core, transaction: Transaction, advertiserId: unknown): Promise<boolean> {
  const [advertiser] = await core.sequelize.query<{ billing_type: string | null }>(
    'SELECT billing_type FROM advertisers WHERE id = :advertiserId', { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  return advertiser?.billing_type !== 'postpaid';
}

/**
 * The booking's line items that the pipeline paused for a budget which is no longer used up (a raised budget or
 * daily budget, a new day) deliver again: the pipeline pauses a line item for its total budget for good, and for
 * its daily budget until the recurring `tracking.resume` looks again, so a change of the budget lifts it here.
 */
export async function liftSpentPauses(core: Core, transaction: Transaction, bookingId: unknown): Promise<void> {
  await core.sequelize.query(
    `UPDATE lineitems l SET autopaused = false, autopause_reason = NULL, updated = now()
     WHERE l.booking_id = :bookingId AND l.archived_at IS NULL AND l.autopaused = true AND (
       (l.autopause_reason = 'budget' AND (COALESCE(l.budget, 0) <= 0 OR COALESCE((
          SELECT SUM(d.cost_milli) FROM stat_lineitem_days d WHERE d.advertiser_id = l.advertiser_id AND d.lineitem_id = l.id), 0) < l.budget * 1000))
       OR (l.autopause_reason = 'daily_budget' AND (COALESCE(l.daily_budget, 0) <= 0 OR COALESCE((
          SELECT d.cost_milli FROM stat_lineitem_days d WHERE d.advertiser_id = l.advertiser_id AND d.lineitem_id = l.id
            AND d.day = (now() AT TIME ZONE 'UTC')::date), 0) < l.daily_budget * 1000)))`,
    { replacements: { bookingId }, transaction },
  );
}

/**
 * Sets a live booking's campaign, contracts and line items up again from the booking as it is now (`after`, a
 * stored row; `before` as it was): each channel's share of the budget and daily budget, the dates, the derived bids,
 * new line items for added channels (their first day covered by the balance) and archived ones for removed
 * channels. Then one sync tree tells the channels. A booking not live (or without a campaign) has nothing to tell.
 */
export async function applyLiveChange(core: Core, transaction: Transaction, before: Row, after: Row): Promise<void> {
  // Publishing sets the line items up from the booking as it was: a change now would not reach them.
  if (after.status === 'publishing') {
    const message = text('bookings.setup_while_publishing');
    throw new Invalid(message, [{ field: 'status', message }]);
  }
  if (!after.campaign || !isLiveBooking(after.status)) return;
  const channels = ((after.channels as string[] | null) ?? []).filter((key) => typeof key === 'string' && channelByKey[key]);
  const budgets = channelBudgets(after, channels);
  const lineitems = await lineItemsOf(core, transaction, after);
  const added = budgets.filter((budget) => !lineitems.some((lineitem) => lineitem.channel === budget.channel));
  // The advertiser before the campaign, as the pipeline and publishing lock them.
  const prepaid = added.length
    ? (await checkFirstDayCovered(core, transaction, after.advertiser as string, added)).prepaid
    : await prepaidAdvertiser(core, transaction, after.advertiser);
  const campaign = await campaignOf(core, transaction, after);
  if (!campaign) return;

  const removed = lineitems.filter((lineitem) => !channels.includes(lineitem.channel as string));
  if (removed.length) {
    await core.model('lineitem').update({ archivedAt: new Date(), active: false }, { where: { id: { [Op.in]: removed.map((lineitem) => lineitem.id) } }, transaction });
    await core.model('contract').update({ archivedAt: new Date() }, { where: { campaign: campaign.id, channel: { [Op.in]: removed.map((lineitem) => lineitem.channel) } }, transaction });
  }
  const banners = await bookingBanners(core, transaction, after, campaign.id as string);
  const nodes = await setUpChannels(core, transaction, { booking: after, campaign, budgets, banners, prepaid, live: true, previous: before });
  const gone = removed.filter((lineitem) => lineitem.externalId).map((lineitem) => syncNode('lineitem', 'archive', lineitem, { channel: lineitem.channel as string }));
  await core.model('campaign').update({
    start: after.start, end: after.end, budget: after.budget, dailyBudget: after.dailyBudget, channels: campaignChannels(budgets),
    failedChannels: ((campaign.failedChannels as string[] | null) ?? []).filter((channel) => channels.includes(channel)),
  }, { where: { id: campaign.id }, transaction });
  await liftSpentPauses(core, transaction, after.id);
  await queueSyncTree(core, transaction, syncNode('campaign', 'update', campaign, { children: [...nodes, ...gone] }), { campaign: campaign.id as string, booking: after.id as string });
}
