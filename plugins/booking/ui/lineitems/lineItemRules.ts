/** How a line item reads in lists (SPEC section 4) and what its bid options mean (section 3). */
import { CHANNELS } from '@adsuite/config';

/** A channel key as people read it (`facebook` -> Facebook). */
export const channelName = new Map(CHANNELS.map((channel) => [channel.key, channel.name]));
export type ReviewStatus = 'approved' | 'rejected' | 'not_reviewed';

export interface LineItemRow {
  id: string;
  channel?: string | null;
  active?: boolean;
  autopaused?: boolean;
  userpaused?: boolean;
  creatives?: string[];
}

export interface CreativeReviews {
  id: string;
  reviews?: unknown;
}

/** A review per channel; legacy true/false/null read approved/rejected/not_reviewed (SPEC section 3). */
export function reviewStatus(review: unknown): ReviewStatus {
  const value = review && typeof review === 'object' && 'status' in review ? (review as { status: unknown }).status : review;
  if (value === true || value === 'approved') return 'approved';
  if (value === false || value === 'rejected') return 'rejected';
  return 'not_reviewed';
}

/** Inactive when inactive and not auto-paused, or paused by the user. */
export const showsInactive = (item: LineItemRow) => (!item.active && !item.autopaused) || Boolean(item.userpaused);

/** A creative's reviews that concern the line item: its channel's, else all it has. */
function reviewsFor(creative: CreativeReviews, channel: string | null | undefined): unknown[] {
  const reviews = creative.reviews;
  if (!reviews || typeof reviews !== 'object') return [];
  if (Array.isArray(reviews)) return reviews;
  const byChannel = reviews as Record<string, unknown>;
  return channel && channel in byChannel ? [byChannel[channel]] : Object.values(byChannel);
}

/** 'No active banner': every creative has reviews, and all of them are rejected. Unknown creatives decide nothing. */
export function hasNoActiveBanner(item: LineItemRow, creatives: readonly CreativeReviews[]): boolean {
  const ids = item.creatives ?? [];
  if (!ids.length) return false;
  const byId = new Map(creatives.map((creative) => [String(creative.id), creative]));
  return ids.every((id) => {
    const creative = byId.get(String(id));
    const reviews = creative ? reviewsFor(creative, item.channel) : [];
    return reviews.length > 0 && reviews.every((review) => reviewStatus(review) === 'rejected');
  });
}

/** The bid price is the target of the chosen bid type; CTR is a percentage, the others are euros. */
export const bidIsPercent = (bidType: unknown) => bidType === 'CTR';

/** Where the optimizer's ranges live until the declaration has fields of their own. */
export const BIDDING_PATH = 'specifics.bidding';

/** A refused save the user may force: the server answered with a reason, not with a lost connection or missing rights. */
export const mayForceSave = (status: number | undefined) => status === 400 || status === 409 || status === 422;

/**
 * The field errors of a refused save that belong at their inputs (react-admin's `{ field: message }`), or null: the
 * channel's refusal names `active` alone (the line item cannot deliver as it is), which saving anyway switched off settles.
 */
export function inputErrors(errors: unknown): Record<string, string> | null {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const entries = Object.entries(errors as Record<string, unknown>).filter(([field, message]) => field !== 'active' && field !== '' && typeof message === 'string');
  return entries.length ? Object.fromEntries(entries) as Record<string, string> : null;
}
