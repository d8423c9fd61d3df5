/**
 * Publishing a booking (SPEC section 4 "Publish"): in one transaction the booking goes to `publishing`, gets
 * its campaign, one contract and line item per channel with the banners meant for it, and the sync tree that
 * the job queue then runs against the channels. The tree's end decides: active/upcoming (published, maybe
 * with failed channels) or back to pending when no channel took it.
 */
import { Op, type Transaction } from 'sequelize';
import { BANNER_TYPES, channelByKey } from '@adsuite/config';
import { clearedFor, mayServe } from '@adsuite/config/approvals';
import { type Core, Invalid, isUuid, NotFound, recordActivity, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { checkFirstDayCovered, lockBooking, statusLabel } from './access.ts';
import { bookedBid } from '@adsuite/config/pricing';
import { channelBudgets, type ChannelBudget, wholeBudget } from './budget.ts';
import { queueSyncTree, syncNode, type SyncNode } from './sync.ts';

const asStrings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []);

/** A banner row from a creative of the booking draft that has none yet (API.md "Booking draft"). */
function bannerFromDraft(core: Core, booking: Row, creative: Row, index: number): Row {
  const type = BANNER_TYPES.includes(creative.bannerType as never) ? String(creative.bannerType) : 'image_ad';
  const size = (value: unknown, fallback: number) => (Number.isInteger(value) && (value as number) > 0 && (value as number) <= 4000 ? value : fallback);
  const keywords = Array.isArray(creative.keywords) ? asStrings(creative.keywords).join('\n') : typeof creative.keywords === 'string' ? creative.keywords : null;
  return {
    name: (typeof creative.name === 'string' && creative.name.trim() ? creative.name.trim() : `${String(booking.name)} #${index + 1}`).slice(0, 200),
    advertiser: booking.advertiser,
    bannerType: type,
    width: type === 'search_ad' ? null : size(creative.width, 300),
    height: type === 'search_ad' ? null : size(creative.height, 250),
    headlines: asStrings(creative.headlines),
    descriptions: asStrings(creative.descriptions),
    keywords,
    adCode: typeof creative.adCode === 'string' ? creative.adCode : null,
    channels: asStrings(creative.channels),
    downloadLink: isUuid(creative.file) ? `${core.env.publicUrl}/api/booking/files/${creative.file}` : null,
  };
}

/**
 * The booking's banners, linked to its campaign: the rows its creatives name, those already on the campaign,
 * and new rows for creatives of the draft that have no row yet.
 */
export async function bookingBanners(core: Core, transaction: Transaction, booking: Row, campaignId: string): Promise<Row[]> {
  const model = core.model('banner');
  const creatives = (Array.isArray(booking.creatives) ? booking.creatives : []).filter((c): c is Row => !!c && typeof c === 'object');
  const ids = creatives.map((creative) => creative.id).filter(isUuid);
  const banners = (await model.findAll({
    where: { advertiser: booking.advertiser, archivedAt: null, [Op.or]: [{ id: { [Op.in]: ids } }, { campaign: campaignId }] },
    raw: true, transaction,
  })) as Row[];
  for (const [index, creative] of creatives.entries()) {
    const named = banners.find((banner) => banner.id === creative.id);
    if (named && !asStrings(named.channels).length && asStrings(creative.channels).length) named.channels = asStrings(creative.channels);
    if (named || (isUuid(creative.id) && ids.includes(creative.id))) continue;
    banners.push((await model.create(bannerFromDraft(core, booking, creative, index), { transaction })).get({ plain: true }) as Row);
  }
  for (const banner of banners) {
    await model.update({ campaign: campaignId, channels: banner.channels }, { where: { id: banner.id }, transaction });
  }
  return banners;
}

/** The banners a channel runs: those serving it, except where staff rejected them for it (creative approval). */
export const bannersFor = (banners: Row[], channel: string) => banners.filter((banner) => {
  const channels = asStrings(banner.channels);
  return (channels.length === 0 || channels.includes(channel)) && mayServe(banner, channel);
});

function landingDomain(target: unknown): string | null {
  try {
    return typeof target === 'string' ? new URL(target).hostname : null;
  } catch {
    return null;
  }
}

/**
 * The bid a line item gets from its booking (config/pricing.ts). A line item that has one keeps it unless it is the
 * one derived from the booking as it was (`previous`): a bid staff set by hand stays, a derived one follows the
 * booking's goal, goal value and budget.
 */
function bidValues(lineitem: Row | null, channel: string, booking: Row, budgets: ChannelBudget[], previous: Row): Row {
  const derived = bookedBid({ goal: booking.goal, goalValue: booking.goalValue, budget: wholeBudget(budgets) }, channel);
  if (lineitem && lineitem.bidPrice !== null && lineitem.bidPrice !== undefined) {
    const before = bookedBid({ goal: previous.goal, goalValue: previous.goalValue, budget: wholeBudget(channelBudgets(previous)) }, channel);
    if (lineitem.bidType !== before.bidType || Number(lineitem.bidPrice) !== before.bid) return {};
  }
  return { bidType: derived.bidType, bidPrice: derived.bid, currentBid: derived.bid };
}

/**
 * The line item's pacing from the booking's bid options (SPEC section 3): a new line item paces as booked (without a
 * booked pacing, the line item's default); a line item paced as the booking was before the change follows it, one
 * tuned on its own screen keeps its pacing.
 */
function pacingValues(lineitem: Row | null, booking: Row, previous: Row): Row {
  if (!booking.pacing) return {};
  if (lineitem && (lineitem.pacing !== previous.pacing || booking.pacing === previous.pacing)) return {};
  return { pacing: booking.pacing };
}

/**
 * For each channel: the campaign's contract and the booking's line item on it (reused when they exist,
 * created otherwise) with its share of the budget, its bid and its banners. Answers the line item sync nodes.
 */
export async function setUpChannels(core: Core, transaction: Transaction, options: {
  booking: Row; campaign: Row; budgets: ChannelBudget[]; banners: Row[]; prepaid: boolean; action?: 'create' | 'update';
  /** A live booking: a line item keeps the banners it runs and gains only those approved for its channel (creative approval). */
  live?: boolean;
  /** The booking before the change (default: as it is), whose derived bids follow the change. */
  previous?: Row;
}): Promise<SyncNode[]> {
  const { booking, campaign, banners, prepaid } = options;
  const nodes: SyncNode[] = [];
  for (const budget of options.budgets) {
    const channel = channelByKey[budget.channel];
    const on = { campaign: campaign.id, channel: budget.channel, archivedAt: null };
    const contractValues = { start: booking.start, end: booking.end, budget: budget.total, prepaid };
    let contract = (await core.model('contract').findOne({ where: on, raw: true, transaction })) as Row | null;
    if (contract) {
      await core.model('contract').update(contractValues, { where: { id: contract.id }, transaction });
    } else {
      contract = (await core.model('contract').create({
        name: `${String(booking.name)} / ${channel.name}`.slice(0, 200), advertiser: booking.advertiser, campaign: campaign.id, channel: channel.key,
        programmaticFee: channel.programmaticFee, ...contractValues,
      }, { transaction })).get({ plain: true }) as Row;
    }
    let lineitem = (await core.model('lineitem').findOne({ where: { booking: booking.id, channel: channel.key, archivedAt: null }, raw: true, transaction })) as Row | null;
    const running = (lineitem?.creatives as string[] | null) ?? [];
    const creatives = bannersFor(banners, channel.key).filter((banner) => !options.live || running.includes(banner.id as string) || clearedFor(banner, channel.key));
    const values = {
      campaign: campaign.id, contract: contract.id, creatives: creatives.map((banner) => banner.id), dailyBudget: budget.daily, budget: budget.total,
      landingDomain: landingDomain(booking.target), ...bidValues(lineitem, channel.key, booking, options.budgets, options.previous ?? booking),
      ...pacingValues(lineitem, booking, options.previous ?? booking),
    };
    if (lineitem) {
      await core.model('lineitem').update(values, { where: { id: lineitem.id }, transaction });
      lineitem = { ...lineitem, ...values };
    } else {
      lineitem = (await core.model('lineitem').create({
        name: `${String(booking.name)} / ${channel.name}`.slice(0, 200), advertiser: booking.advertiser, booking: booking.id, channel: channel.key,
        active: false, userpaused: booking.status === 'paused', userpause: booking.status === 'paused', ...values,
      }, { transaction })).get({ plain: true }) as Row;
    }
    // A line item the channel knows already is updated there; a new one is created with its banners.
    const action = lineitem.externalId ? 'update' : 'create';
    nodes.push(syncNode('lineitem', action, lineitem, {
      channel: channel.key,
      children: action === 'create' ? creatives.map((banner) => syncNode('banner', 'create', banner, { channel: channel.key, name: `${String(banner.name)} / ${channel.name}`.slice(0, 255) })) : [],
    }));
  }
  return nodes;
}

/** Starts publishing a pending booking; the job queue does the rest. */
export async function publishBooking(core: Core, ctx: RequestContext, id: string): Promise<void> {
  await core.sequelize.transaction(async (transaction) => {
    const booking = await lockBooking(core, ctx, id, transaction);
    if (booking.status !== 'pending') {
      const message = text('bookings.publish_pending_only', { status: statusLabel(booking.status) });
      throw new Invalid(message, [{ field: 'status', message }]);
    }
    const channels = asStrings(booking.channels).filter((key) => channelByKey[key]);
    if (!channels.length) throw new Invalid(text('bookings.no_channel'), [{ field: 'channels', message: text('bookings.no_channel') }]);
    const budgets = channelBudgets(booking, channels);
    const { prepaid } = await checkFirstDayCovered(core, transaction, booking.advertiser as string, budgets);

    const campaignValues = {
      name: booking.name, status: 'publishing', start: booking.start, end: booking.end, budget: booking.budget, dailyBudget: booking.dailyBudget,
      channels: budgets.map((budget) => ({ name: budget.channel, amount: budget.daily })), failedChannels: [],
    };
    const existing = booking.campaign
      ? ((await core.model('campaign').findOne({ where: { id: booking.campaign, advertiser: booking.advertiser }, raw: true, transaction })) as Row | null)
      : null;
    let campaign: Row;
    if (existing) {
      await core.model('campaign').update(campaignValues, { where: { id: existing.id }, transaction });
      campaign = { ...existing, ...campaignValues };
    } else {
      campaign = (await core.model('campaign').create({ ...campaignValues, advertiser: booking.advertiser, booking: booking.id }, { transaction })).get({ plain: true }) as Row;
    }
    const banners = await bookingBanners(core, transaction, booking, campaign.id as string);
    const lineitems = await setUpChannels(core, transaction, { booking, campaign, budgets, banners, prepaid });
    await core.model('booking').update({ status: 'publishing', campaign: campaign.id }, { where: { id: booking.id }, transaction });
    await recordActivity(core, ctx, core.resource('booking'), 'update', { ...booking, status: 'publishing', campaign: campaign.id }, transaction);
    await queueSyncTree(core, transaction, syncNode('campaign', 'create', campaign, { children: lineitems }), { campaign: campaign.id as string, booking: booking.id as string });
  });
}

/** Waits while the booking is `publishing` (SPEC: publishing takes up to two minutes); answers it as it then is. */
export async function waitWhilePublishing(core: Core, id: string, timeoutMs: number): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const booking = (await core.model('booking').findByPk(id, { raw: true })) as Row | null;
    if (!booking) throw new NotFound(text('bookings.not_found'));
    if (booking.status !== 'publishing' || Date.now() >= deadline) return booking;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
