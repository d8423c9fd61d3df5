/**
 * Approved changes of a live booking reach its line items and channels (issue 14, SPEC section 2 "Creative
 * approval"). Two jobs, queued by a booking edit and by creative approval (plugins/approvals):
 *
 * - `booking.liveCreatives { bookingId }`: the booking's new creatives become banners of its campaign, which wait
 *   for review; each banner approved for a channel (or needing no review there) joins that channel's line item, so
 *   the ad server serves it from then on, and the channel gets it through the sync queue. So does a creative a line
 *   item holds since its content changed (bannerReview.ts), once approved again.
 * - `booking.lineitemApproved { lineitemId }`: a line item whose change staff approved is updated on its channel.
 */
import type { Transaction } from 'sequelize';
import { clearedFor, isLiveBooking, LINEITEM_APPROVED_JOB, LIVE_CREATIVES_JOB } from '@adsuite/config/approvals';
import { channelByKey } from '@adsuite/config';
import { type Core, isUuid, type JobHandlers, type Row } from '@adsuite/backend/kit';
import { creativesAsBanners } from '../creatives/prepare.ts';
import { bannersFor } from './publish.ts';
import { queueSyncTree, syncNode, type SyncNode } from './sync.ts';

const sameList = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
const idOf = (entry: unknown) => (isUuid(entry) ? entry : entry && typeof entry === 'object' && isUuid((entry as Row).id) ? (entry as Row).id as string : null);

async function lockedLiveBooking(core: Core, id: unknown, transaction: Transaction): Promise<{ booking: Row; campaign: Row } | null> {
  if (!isUuid(id)) return null;
  const booking = (await core.model('booking').findOne({ where: { id, archivedAt: null }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
  if (!booking || !isLiveBooking(booking.status) || !isUuid(booking.campaign)) return null;
  const campaign = (await core.model('campaign').findByPk(booking.campaign, { raw: true, transaction })) as Row | null;
  return campaign ? { booking, campaign } : null;
}

/** The live booking's creatives as banners, and the approved ones on the line items of their channels. */
export async function takeLiveCreatives(core: Core, bookingId: unknown): Promise<void> {
  await core.sequelize.transaction(async (transaction) => {
    const live = await lockedLiveBooking(core, bookingId, transaction);
    if (!live) return;
    const { booking, campaign } = live;
    const creatives = await creativesAsBanners(core, booking, transaction);
    if (!sameList(creatives, booking.creatives)) await core.model('booking').update({ creatives }, { where: { id: booking.id }, transaction });
    const ids = creatives.map(idOf).filter((id): id is string => !!id);
    const lineitems = (await core.model('lineitem').findAll({ where: { booking: booking.id, archivedAt: null }, raw: true, transaction })) as Row[];
    const heldOf = (lineitem: Row) => (lineitem.heldCreatives as string[] | null) ?? [];
    const read = [...new Set([...ids, ...lineitems.flatMap(heldOf)])];
    const banners = read.length
      ? ((await core.model('banner').findAll({ where: { id: read, advertiser: booking.advertiser, archivedAt: null }, raw: true, transaction })) as Row[])
      : [];
    const booked = banners.filter((banner) => ids.includes(banner.id as string));
    const nodes: SyncNode[] = [];
    for (const lineitem of lineitems) {
      const channel = String(lineitem.channel);
      const current = (lineitem.creatives as string[] | null) ?? [];
      // The booking's creatives, and those the line item holds since their content changed (bannerReview.ts).
      const candidates = [...new Set([...bannersFor(booked, channel), ...banners.filter((banner) => heldOf(lineitem).includes(banner.id as string))])];
      const added = candidates.filter((banner) => clearedFor(banner, channel) && !current.includes(banner.id as string));
      if (!added.length) continue;
      const addedIds = added.map((banner) => banner.id as string);
      await core.model('lineitem').update({ creatives: [...current, ...addedIds], heldCreatives: heldOf(lineitem).filter((id) => !addedIds.includes(id)) }, { where: { id: lineitem.id }, transaction });
      if (!lineitem.externalId) continue;
      const name = (banner: Row) => `${String(banner.name)} / ${channelByKey[channel]?.name ?? channel}`.slice(0, 255);
      nodes.push(syncNode('lineitem', 'update', lineitem, { channel, children: added.map((banner) => syncNode('banner', 'create', banner, { channel, name: name(banner) })) }));
    }
    if (nodes.length) await queueSyncTree(core, transaction, syncNode('campaign', 'update', campaign, { children: nodes }), { campaign: campaign.id as string, booking: booking.id as string });
  });
}

/** Tells the channel of a live line item (a stored row) its change, with the transaction of that change. */
export async function tellLineItemChange(core: Core, transaction: Transaction, lineitem: Row): Promise<void> {
  if (!lineitem.externalId || lineitem.archivedAt) return;
  const live = await lockedLiveBooking(core, lineitem.booking, transaction);
  if (!live) return;
  const node = syncNode('lineitem', 'update', lineitem, { channel: lineitem.channel as string });
  await queueSyncTree(core, transaction, syncNode('campaign', 'update', live.campaign, { children: [node] }), { campaign: live.campaign.id as string, booking: live.booking.id as string });
}

/** The bid shown as current (`currentBid`) is the one the ad server bills (`bidPrice`), once a new one applies. */
export async function followBid(core: Core, transaction: Transaction, lineitem: Row): Promise<void> {
  if (lineitem.bidPrice === null || lineitem.bidPrice === undefined || String(lineitem.currentBid) === String(lineitem.bidPrice)) return;
  await core.model('lineitem').update({ currentBid: lineitem.bidPrice }, { where: { id: lineitem.id }, transaction });
}

/** Tells the channel of a live line item its approved change; an approved bid is the current one from then on. */
export async function tellApprovedLineItem(core: Core, lineitemId: unknown): Promise<void> {
  if (!isUuid(lineitemId)) return;
  await core.sequelize.transaction(async (transaction) => {
    const lineitem = (await core.model('lineitem').findOne({ where: { id: lineitemId, archivedAt: null }, raw: true, transaction })) as Row | null;
    if (!lineitem) return;
    await followBid(core, transaction, lineitem);
    await tellLineItemChange(core, transaction, lineitem);
  });
}

export const liveChangeJobs = (core: Core): JobHandlers => ({
  [LIVE_CREATIVES_JOB]: (payload) => takeLiveCreatives(core, payload.bookingId),
  [LINEITEM_APPROVED_JOB]: (payload) => tellApprovedLineItem(core, payload.lineitemId),
});
