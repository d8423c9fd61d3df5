/**
 * Saving the review of one item (SPEC sections 4 and 5): every channel the item is reviewed for approved or
 * rejected ('Channel {x} was not reviewed' otherwise), a rejection with its reason, an optional comment. Written
 * under the item's row lock with the activity log entry (who and when) in one transaction. Effects:
 * - a banner: the bookings waiting for approval that name it are checked again (the booking flow's job
 *   `booking.prepare`, which goes on once every creative of the booking is reviewed); live bookings that name it
 *   (or whose line items hold it since its content changed) get it on the line items of its approved channels (job
 *   booking.liveCreatives);
 * - a line item: approved changes are applied to it and its channel is told (job booking.lineitemApproved),
 *   rejected ones dropped; either way none wait any more;
 * - a rejection of a live booking's change mails its advertiser's owner the reasons (liveRejection.ts).
 */
import type { Transaction } from 'sequelize';
import {
  type ApprovalType, LINEITEM_APPROVED_JOB, LINEITEM_REVIEWED_FIELDS, LIVE_BOOKING_STATUSES, LIVE_CREATIVES_JOB, REVIEW_COMMENT_MAX, REVIEW_REASON_MAX,
} from '@adsuite/config/approvals';
import { type Core, type FieldError, Invalid, isUuid, NotFound, recordActivity, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { mailLiveRejection } from './liveRejection.ts';
import { approvalItems, type ApprovalItem, itemChannels } from './queue.ts';

/** The booking flow's job that checks a booking's creatives (plugins/booking/server/creatives/prepare.ts). */
const PREPARE_JOB = 'booking.prepare';


interface ChannelDecision {
  channel: string;
  status: 'approved' | 'rejected';
  reason?: string;
  comment?: string;
}

const isObject = (value: unknown): value is Row => !!value && typeof value === 'object' && !Array.isArray(value);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The decisions of the body for the item's channels; 400 with every problem at once. */
export function channelDecisions(channels: string[], body: unknown): ChannelDecision[] {
  const given = isObject(body) ? body.reviews : undefined;
  if (!Array.isArray(given) || !given.every(isObject)) throw new Invalid(text('approvals.bad_reviews'), [{ field: 'reviews', message: text('approvals.bad_reviews') }]);
  if (!channels.length) throw new Invalid(text('approvals.nothing_to_review'), [{ field: 'reviews', message: text('approvals.nothing_to_review') }]);
  const errors: FieldError[] = [];
  const decisions: ChannelDecision[] = [];
  for (const [index, entry] of (given as Row[]).entries()) {
    const channel = String(entry.channel ?? '');
    if (!channels.includes(channel)) errors.push({ field: `reviews.${index}.channel`, message: text('approvals.unknown_channel', { channel: channel.slice(0, 60) }) });
  }
  for (const channel of channels) {
    const entry = (given as Row[]).find((e) => e.channel === channel);
    const status = entry?.status ?? 'not_reviewed';
    if (status === 'not_reviewed') {
      errors.push({ field: `reviews.${channel}`, message: text('approvals.not_reviewed', { channel }) });
      continue;
    }
    if (status !== 'approved' && status !== 'rejected') {
      errors.push({ field: `reviews.${channel}.status`, message: text('approvals.bad_status', { channel }) });
      continue;
    }
    const reason = trimmed(entry!.reason);
    const comment = trimmed(entry!.comment);
    if (entry!.reason !== undefined && entry!.reason !== null && typeof entry!.reason !== 'string') errors.push({ field: `reviews.${channel}.reason`, message: text('approvals.bad_reviews') });
    if (entry!.comment !== undefined && entry!.comment !== null && typeof entry!.comment !== 'string') errors.push({ field: `reviews.${channel}.comment`, message: text('approvals.bad_reviews') });
    if (status === 'rejected' && !reason) errors.push({ field: `reviews.${channel}.reason`, message: text('approvals.reason_required', { channel }) });
    if (reason.length > REVIEW_REASON_MAX) errors.push({ field: `reviews.${channel}.reason`, message: text('approvals.reason_too_long', { max: REVIEW_REASON_MAX }) });
    if (comment.length > REVIEW_COMMENT_MAX) errors.push({ field: `reviews.${channel}.comment`, message: text('approvals.comment_too_long', { max: REVIEW_COMMENT_MAX }) });
    decisions.push({ channel, status, ...(status === 'rejected' ? { reason } : {}), ...(comment ? { comment } : {}) });
  }
  if (errors.length) throw new Invalid(errors[0].message, errors);
  return decisions;
}

/** The line item's approved changes as its new values (as stored: money in cents). */
function appliedChanges(changes: unknown): Row {
  const values: Row = {};
  const rows = Array.isArray(changes) ? changes.filter(isObject).map((c) => [c.field, c] as const) : isObject(changes) ? Object.entries(changes) : [];
  for (const [field, change] of rows) {
    if (typeof field === 'string' && (LINEITEM_REVIEWED_FIELDS as readonly string[]).includes(field) && isObject(change) && 'new' in change) values[field] = change.new;
  }
  return values;
}

async function recheckBookings(core: Core, bannerId: string, transaction: Transaction) {
  const [bookings] = await core.sequelize.query(
    `SELECT id, status FROM bookings WHERE archived_at IS NULL AND status IN (:statuses) AND (creatives @> CAST(:objects AS jsonb) OR creatives @> CAST(:ids AS jsonb)
       OR (status IN (:live) AND id IN (SELECT booking_id FROM lineitems WHERE archived_at IS NULL AND CAST(:id AS uuid) = ANY(held_creatives_ids))))`,
    {
      replacements: { statuses: ['waiting for approval', ...LIVE_BOOKING_STATUSES], live: [...LIVE_BOOKING_STATUSES], id: bannerId, objects: JSON.stringify([{ id: bannerId }]), ids: JSON.stringify([bannerId]) },
      transaction,
    },
  );
  for (const booking of bookings as { id: string; status: string }[]) {
    await core.jobs.enqueue(booking.status === 'waiting for approval' ? PREPARE_JOB : LIVE_CREATIVES_JOB, { bookingId: booking.id }, { transaction });
  }
}

export async function saveReview(core: Core, ctx: RequestContext, type: ApprovalType, id: string, body: unknown): Promise<ApprovalItem & { saved: true }> {
  if (!isUuid(id)) throw new NotFound();
  const resource = core.resource(type);
  const model = core.model(type);
  await core.sequelize.transaction(async (transaction) => {
    const row = (await model.findOne({ where: { id, archivedAt: null }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
    if (!row) throw new NotFound();
    const decisions = channelDecisions(itemChannels(type, row), body);
    const date = new Date().toISOString();
    const reviews: Row = { ...(isObject(row.reviews) ? row.reviews : {}) };
    for (const { channel, ...decision } of decisions) reviews[channel] = { ...decision, date, user: ctx.user.id };
    const values: Row = { reviews };
    const approvedChanges = type === 'lineitem' && decisions.every((d) => d.status === 'approved') ? appliedChanges(row.changes) : {};
    if (type === 'lineitem') Object.assign(values, approvedChanges, { changes: {} });
    await model.update(values, { where: { id }, transaction });
    await mailLiveRejection(core, type, row, decisions, transaction);
    const updated = (await model.findOne({ where: { id }, raw: true, transaction })) as Row;
    await recordActivity(core, ctx, resource, 'update', updated, transaction);
    if (type === 'banner') await recheckBookings(core, id, transaction);
    if (Object.keys(approvedChanges).length) await core.jobs.enqueue(LINEITEM_APPROVED_JOB, { lineitemId: id }, { transaction });
  });
  const [item] = await approvalItems(core, type, { ids: [id] });
  return { ...item, saved: true };
}
