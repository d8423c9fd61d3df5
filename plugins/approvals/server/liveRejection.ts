/**
 * The mail of a rejected change of a live booking (issue 14): when staff reject a live booking's creative (a new
 * one, or one whose content changed) or a line item's waiting change for a channel, the advertiser's owner is told
 * the reasons in the language of their login, as the all-rejected booking is (bookingRejected). The mail is
 * written to the outbox with the decision, keyed by the item's version it decided on, so a decision mails once:
 * saving the same rejection again (the channel rejected already) or running the save twice mails nothing more.
 */
import type { Transaction } from 'sequelize';
import { channelByKey } from '@adsuite/config';
import { isLiveBooking, LIVE_BOOKING_STATUSES, reviewStatus, type ApprovalType } from '@adsuite/config/approvals';
import { changeRows } from '@adsuite/config/resources/jsonShapes';
import { type Core, inWords, queueMail, type Row, type ServerText, text } from '@adsuite/backend/kit';
import { MAIL_JOB } from '../../booking/server/kit.ts';

interface Rejection {
  channel: string;
  status: 'approved' | 'rejected';
  reason?: string;
}

/** The live booking of the item: the line item's, or for a creative one that names it or whose line item holds it. */
async function liveBookingOf(core: Core, type: ApprovalType, item: Row, transaction: Transaction): Promise<Row | null> {
  if (type === 'lineitem') {
    const booking = item.booking ? ((await core.model('booking').findByPk(item.booking as string, { raw: true, transaction })) as Row | null) : null;
    return booking && !booking.archivedAt && isLiveBooking(booking.status) ? booking : null;
  }
  const [bookings] = await core.sequelize.query(
    `SELECT id, name FROM bookings WHERE archived_at IS NULL AND status IN (:live) AND (creatives @> CAST(:objects AS jsonb) OR creatives @> CAST(:ids AS jsonb)
       OR id IN (SELECT booking_id FROM lineitems WHERE archived_at IS NULL AND CAST(:id AS uuid) = ANY(held_creatives_ids || creatives_ids)))
     ORDER BY created, id LIMIT 1`,
    { replacements: { live: [...LIVE_BOOKING_STATUSES], id: item.id, objects: JSON.stringify([{ id: item.id }]), ids: JSON.stringify([item.id]) }, transaction },
  );
  return ((bookings as Row[])[0] as Row | undefined) ?? null;
}

/** One text per rejected channel, with the reviewer's reason. */
function reasonsOf(core: Core, type: ApprovalType, item: Row, rejected: Rejection[]): ServerText[] {
  const channel = (key: string) => channelByKey[key]?.name ?? key;
  if (type === 'banner') return rejected.map((r) => text('approvals.creative_rejected', { creative: String(item.name), channel: channel(r.channel), reason: r.reason ?? '' }));
  const labels = (changeRows(item.changes) ?? []).map((row) => core.resource('lineitem').fields[row.field]?.label ?? { de: row.field, en: row.field });
  const fields = { de: labels.map((label) => label.de).join(', '), en: labels.map((label) => label.en).join(', ') };
  return rejected.map((r) => text('approvals.change_rejected', { lineitem: String(item.name), fields, channel: channel(r.channel), reason: r.reason ?? '' }));
}

/** Mails the owner of the item's advertiser the channels newly rejected by `decisions`, when the item is a live booking's change. */
export async function mailLiveRejection(core: Core, type: ApprovalType, before: Row, decisions: Rejection[], transaction: Transaction): Promise<void> {
  const rejected = decisions.filter((d) => d.status === 'rejected' && reviewStatus(before.reviews, d.channel) !== 'rejected');
  if (!rejected.length || (type === 'lineitem' && !(changeRows(before.changes) ?? []).length)) return;
  const booking = await liveBookingOf(core, type, before, transaction);
  if (!booking) return;
  const advertiser = (await core.model('advertiser').findByPk(before.advertiser as string, { raw: true, transaction })) as Row | null;
  const owner = advertiser?.owner ? ((await core.model('login').findOne({ where: { id: advertiser.owner, archivedAt: null }, raw: true, transaction })) as Row | null) : null;
  if (!owner || owner.loginAllowed === false) return;
  const reasons = reasonsOf(core, type, before, rejected);
  const joined = (language: 'de' | 'en') => reasons.map((reason) => inWords(reason, language)).join(' ');
  const version = new Date(before.updated as Date).getTime();
  const outboxId = await queueMail(core, {
    to: owner.email as string, template: 'liveChangeRejected', language: owner.language as string,
    data: { name: owner.name as string, booking: String(booking.name), bookingId: String(booking.id), reasons: { de: joined('de'), en: joined('en') } },
  }, { transaction, key: `liveChangeRejected:${type}:${String(before.id)}:${version}:${String(owner.id)}` });
  if (outboxId) await core.jobs.enqueue(MAIL_JOB, { outboxId }, { transaction });
}
