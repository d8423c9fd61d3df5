/**
 * The booking lifecycle after publishing (SPEC sections 1 and 4): pause and resume, cancel, a new end date,
 * channels added or removed at any time. Each is one transaction: AdSuite's rows change at once, and a sync
 * tree tells the channels (a cancel is complete when that tree is).
 */
import type { Transaction } from 'sequelize';
import { channelByKey } from '@adsuite/config';
import { isLiveBooking } from '@adsuite/config/approvals';
import { type Core, type FieldError, Invalid, invalidFields, recordActivity, type RequestContext, type Row, type ServerText, text } from '@adsuite/backend/kit';
import { lockBooking, refuseLocked, statusLabel } from './access.ts';
import { today } from './budget.ts';
import { applyLiveChange, campaignOf, liftSpentPauses, lineItemsOf } from './liveBooking.ts';
import { queueSyncTree, runningStatus, syncNode, type SyncNode } from './sync.ts';

type Change = (core: Core, transaction: Transaction, booking: Row) => Promise<Partial<Row>>;

/** Locks the booking, applies `change` (which answers the booking's new values) and logs it. */
async function changeBooking(core: Core, ctx: RequestContext, id: string, change: Change): Promise<Row> {
  return core.sequelize.transaction(async (transaction) => {
    const booking = await lockBooking(core, ctx, id, transaction);
    refuseLocked(booking);
    const values = await change(core, transaction, booking);
    await core.model('booking').update(values, { where: { id: booking.id }, transaction });
    const after = { ...booking, ...values };
    await recordActivity(core, ctx, core.resource('booking'), 'update', after, transaction);
    return after;
  });
}

const refuse = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

/** A campaign-level tree over the line items the channels know (those with an external id). */
async function tellChannels(core: Core, transaction: Transaction, booking: Row, campaign: Row, action: 'pause' | 'resume' | 'cancel' | 'update', lineitems: Row[], extra: SyncNode[] = []) {
  const known = lineitems.filter((lineitem) => lineitem.externalId).map((lineitem) => syncNode('lineitem', action, lineitem, { channel: lineitem.channel as string }));
  await queueSyncTree(core, transaction, syncNode('campaign', action, campaign, { children: [...known, ...extra] }), { campaign: campaign.id as string, booking: booking.id as string });
}

/**
 * A pause holds every line item by `userpaused` (the ad server and the sandbox delivery stop at once) and leaves
 * `active` as it is: that is what the resume reads to know where the booking delivered before.
 */
export function pauseBooking(core: Core, ctx: RequestContext, id: string): Promise<Row> {
  return changeBooking(core, ctx, id, async (_core, transaction, booking) => {
    if (!['active', 'upcoming', 'published'].includes(String(booking.status))) throw refuse('status', text('bookings.pause_active_only', { status: statusLabel(booking.status) }));
    const campaign = await campaignOf(core, transaction, booking);
    const lineitems = await lineItemsOf(core, transaction, booking);
    await core.model('lineitem').update({ userpaused: true, userpause: true }, { where: { booking: booking.id, archivedAt: null }, transaction });
    if (campaign) {
      await core.model('campaign').update({ status: 'paused', pauseType: 'user', pauseDate: new Date() }, { where: { id: campaign.id }, transaction });
      await tellChannels(core, transaction, booking, campaign, 'pause', lineitems);
    }
    return { status: 'paused' };
  });
}

/** The banners a line item runs, as banner sync nodes of its channel. */
async function bannerNodes(core: Core, transaction: Transaction, lineitem: Row): Promise<SyncNode[]> {
  const ids = ((lineitem.creatives as string[] | null) ?? []).filter((id) => typeof id === 'string');
  if (!ids.length) return [];
  const banners = (await core.model('banner').findAll({ where: { id: ids, archivedAt: null }, raw: true, transaction })) as Row[];
  const channel = String(lineitem.channel);
  return banners.map((banner) => syncNode('banner', 'create', banner, { channel, name: `${String(banner.name)} / ${channelByKey[channel]?.name ?? channel}`.slice(0, 255) }));
}

/**
 * A resumed booking delivers again on every line item that was switched on when it was paused: the channels that
 * know it resume it, a channel that never got it (a line item of the demo data, say) creates it with its banners.
 * A line item switched off stays off; one the pipeline paused for its budget stays paused while that is used up.
 */
export function resumeBooking(core: Core, ctx: RequestContext, id: string): Promise<Row> {
  return changeBooking(core, ctx, id, async (_core, transaction, booking) => {
    if (booking.status !== 'paused') throw refuse('status', text('bookings.resume_paused_only', { status: statusLabel(booking.status) }));
    const campaign = await campaignOf(core, transaction, booking);
    const lineitems = await lineItemsOf(core, transaction, booking);
    const status = runningStatus(booking);
    await core.model('lineitem').update({ userpaused: false, userpause: false }, { where: { booking: booking.id, archivedAt: null }, transaction });
    await liftSpentPauses(core, transaction, booking.id);
    if (campaign) {
      await core.model('campaign').update({ status, pauseType: null, pauseDate: null }, { where: { id: campaign.id }, transaction });
      // A pause used to switch every line item off as well (the demo data's paused bookings still are so): a booking
      // none of whose line items is switched on resumes them all.
      const legacy = lineitems.length > 0 && lineitems.every((lineitem) => lineitem.active !== true && lineitem.userpaused === true);
      const switchedOn = legacy ? lineitems : lineitems.filter((lineitem) => lineitem.active === true);
      if (legacy) await core.model('lineitem').update({ active: true }, { where: { id: switchedOn.map((lineitem) => lineitem.id) }, transaction });
      const unknown: SyncNode[] = [];
      for (const lineitem of switchedOn.filter((item) => !item.externalId)) {
        unknown.push(syncNode('lineitem', 'create', lineitem, { channel: lineitem.channel as string, children: await bannerNodes(core, transaction, lineitem) }));
      }
      await tellChannels(core, transaction, booking, campaign, 'resume', switchedOn, unknown);
    }
    return { status };
  });
}

/** Cancels: a published booking is `canceling` until its channels confirm, one never published is canceled at once. */
export function cancelBooking(core: Core, ctx: RequestContext, id: string): Promise<Row> {
  return changeBooking(core, ctx, id, async (_core, transaction, booking) => {
    if (booking.status === 'publishing') throw refuse('status', text('bookings.cancel_while_publishing'));
    const campaign = await campaignOf(core, transaction, booking);
    const lineitems = await lineItemsOf(core, transaction, booking);
    await core.model('lineitem').update({ active: false }, { where: { booking: booking.id, archivedAt: null }, transaction });
    const published = isLiveBooking(booking.status) && campaign && lineitems.some((lineitem) => lineitem.externalId);
    const status = published ? 'canceling' : 'canceled';
    if (campaign) await core.model('campaign').update({ status }, { where: { id: campaign.id }, transaction });
    if (published) await tellChannels(core, transaction, booking, campaign, 'cancel', lineitems);
    return { status };
  });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A new end date (extend or shorten); not before the start, nor in the past. */
export function changeEnd(core: Core, ctx: RequestContext, id: string, body: unknown): Promise<Row> {
  const end = (body && typeof body === 'object' ? (body as Row).end : undefined);
  if (!isDay(end)) throw refuse('end', text('bookings.end_format'));
  return changeBooking(core, ctx, id, async (_core, transaction, booking) => {
    if (typeof booking.start === 'string' && end < booking.start) throw refuse('end', text('bookings.end_before_start'));
    if (end < today()) throw refuse('end', text('bookings.end_in_past'));
    const values = { end, continously: false };
    if (isLiveBooking(booking.status)) {
      // A total budget is spread over the days anew: the daily budgets change with the end.
      await applyLiveChange(core, transaction, booking, { ...booking, ...values });
    } else {
      const campaign = await campaignOf(core, transaction, booking);
      if (campaign) {
        await core.model('campaign').update({ end }, { where: { id: campaign.id }, transaction });
        await core.model('contract').update({ end }, { where: { campaign: campaign.id }, transaction });
      }
    }
    return values;
  });
}

interface ChannelChange {
  channels: string[];
  allocation: { channel: string; weight: number }[] | undefined;
}

function parseChannelChange(body: unknown, current: string[]): ChannelChange {
  const input = (body && typeof body === 'object' ? body : {}) as Row;
  const errors: FieldError[] = [];
  const channels = Array.isArray(input.channels) ? [...new Set(input.channels)] : null;
  if (!channels || channels.length === 0) errors.push({ field: 'channels', message: text('booking.channels_required') });
  for (const key of channels ?? []) {
    const known = typeof key === 'string' ? channelByKey[key] : undefined;
    // Channels no longer offered may stay on a booking that has them; they are not added anew.
    if (!known || (!known.active && !current.includes(key as string))) errors.push({ field: 'channels', message: text('bookings.channel_not_bookable', { channel: String(key) }) });
  }
  let allocation: ChannelChange['allocation'];
  if (input.allocation !== undefined && input.allocation !== null) {
    const entries = Array.isArray(input.allocation) ? input.allocation : null;
    const valid = entries?.every((entry) => entry && typeof entry === 'object' && channels?.includes((entry as Row).channel)
      && typeof (entry as Row).weight === 'number' && Number.isFinite((entry as Row).weight) && ((entry as Row).weight as number) >= 0 && ((entry as Row).weight as number) <= 1000);
    if (!valid) errors.push({ field: 'allocation', message: text('bookings.allocation') });
    else allocation = entries as ChannelChange['allocation'];
  }
  if (errors.length) throw invalidFields(errors);
  return { channels: channels as string[], allocation };
}

/** Channels added or removed: new line items (after the balance check for their first day) and archived ones. */
export function changeChannels(core: Core, ctx: RequestContext, id: string, body: unknown): Promise<Row> {
  return changeBooking(core, ctx, id, async (_core, transaction, booking) => {
    if (booking.status === 'publishing') throw refuse('status', text('bookings.channels_while_publishing'));
    const current = (booking.channels as string[] | null) ?? [];
    const { channels, allocation } = parseChannelChange(body, current);
    const values: Partial<Row> = { channels };
    if (allocation) Object.assign(values, { allocation, splitBudget: channels.length > 1 });
    await applyLiveChange(core, transaction, booking, { ...booking, ...values });
    return values;
  });
}
