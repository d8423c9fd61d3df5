/**
 * The booking flow's wait for creative approval (SPEC section 4, issue 14): a booking's creatives are reviewed
 * per channel by staff (plugins/approvals); until every channel of every creative is decided the booking stays
 * `waiting for approval`. Then the background check gets the creatives as staff left them: a channel rejected
 * is taken off its creative, a creative rejected on all its channels is left out; when none is left the booking
 * is rejected with the reviewers' reasons.
 */
import { channelByKey } from '@adsuite/config';
import { reviewedChannels, reviewRows, reviewStatus } from '@adsuite/config/approvals';
import { type Core, isUuid, type Row, type ServerText, text } from '@adsuite/backend/kit';

export interface CreativeReviews {
  /** Some channel of some creative is not reviewed yet. */
  waiting: boolean;
  /** The booking's creative entries without their rejected channels (and without creatives rejected everywhere). */
  creatives: unknown[];
  /** One text per rejected channel, with the reviewer's reason. */
  rejections: ServerText[];
  /** Every reviewed creative was rejected on all its channels: nothing is left to publish. */
  allRejected: boolean;
}

const idOf = (entry: unknown): unknown => (isUuid(entry) ? entry : entry && typeof entry === 'object' ? (entry as Row).id : undefined);

export async function creativeReviews(core: Core, booking: Row): Promise<CreativeReviews> {
  const entries: unknown[] = Array.isArray(booking.creatives) ? booking.creatives : [];
  const ids = entries.map(idOf).filter(isUuid);
  const banners = ids.length ? ((await core.model('banner').findAll({ where: { id: ids }, raw: true })) as Row[]) : [];
  const byId = new Map(banners.map((banner) => [banner.id as string, banner]));
  const result: CreativeReviews = { waiting: false, creatives: [], rejections: [], allRejected: false };
  let reviewed = 0;
  for (const entry of entries) {
    const banner = byId.get(idOf(entry) as string);
    const channels = banner ? reviewedChannels(banner) : [];
    if (!banner || !channels.length) {
      result.creatives.push(entry);
      continue;
    }
    reviewed += 1;
    if (channels.some((channel) => reviewStatus(banner.reviews, channel) === 'not_reviewed')) result.waiting = true;
    const rejected = reviewRows(banner.reviews).filter((row) => row.status === 'rejected' && channels.includes(row.channel));
    for (const row of rejected) {
      result.rejections.push(text('approvals.creative_rejected', { creative: String(banner.name), channel: channelByKey[row.channel]?.name ?? row.channel, reason: row.reason ?? '' }));
    }
    const kept = channels.filter((channel) => !rejected.some((row) => row.channel === channel));
    if (kept.length === channels.length) result.creatives.push(entry);
    else if (kept.length) result.creatives.push({ ...(typeof entry === 'object' ? entry : { id: banner.id }), channels: kept });
  }
  result.allRejected = reviewed > 0 && result.rejections.length > 0 && !result.creatives.some((entry) => byId.has(idOf(entry) as string));
  return result;
}
