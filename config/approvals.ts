/**
 * The review of creatives per channel (SPEC sections 3 and 4), shared by the approval screen, the approvals
 * API and the booking flow that waits for it. A review is stored per channel on the banner (or the line item):
 * `{ facebook: { status, reason, comment, date, user } }`, legacy true/false/null read approved/rejected/not
 * reviewed. Template ads are rendered by AdSuite from staff-maintained banner templates, so they need no review.
 */
import { reviewRows, type ReviewStatus } from './resources/jsonShapes.ts';

export { reviewRows, type ReviewStatus };

/** What the approval screen chooses between (SPEC section 2 "Creative approval"). */
export const APPROVAL_TYPES = ['banner', 'lineitem'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

/** SPEC section 9: approval pages of 10. */
export const APPROVAL_PAGE_SIZE = 10;

/** Lengths of what staff write into a review. */
export const REVIEW_REASON_MAX = 500;
export const REVIEW_COMMENT_MAX = 2000;

/** A channel's review as the approval API answers it. */
export interface ChannelReview {
  channel: string;
  status: ReviewStatus;
  reason?: string;
  comment?: string;
}

/** An item waiting for review as GET /api/approval answers it. */
export interface ApprovalItem {
  id: string;
  type: ApprovalType;
  name: string;
  advertiser: { id: string; name: string } | null;
  campaign: { id: string; name: string } | null;
  bookings: { id: string; name: string; status: string }[];
  /** The channels reviewed, each with its stored review. */
  reviews: ChannelReview[];
  /** Banners: what the preview shows. */
  creative?: {
    bannerType: string; width: number | null; height: number | null; downloadLink: string | null;
    thumbnail: { downloadLink?: string }; video: { downloadLink?: string }; adCode: string | null;
    headlines: string[]; descriptions: string[]; keywords: string | null;
  };
  /** Line items: the changed fields, old and new (money in euros). */
  changes?: { field: string; old: unknown; new: unknown }[];
  updated: string;
  /** Answered by a review: the item as saved. */
  saved?: boolean;
}

/** The channel review cycle on click (SPEC section 4): not_reviewed -> approved, rejected -> approved, approved -> rejected. */
export function nextReviewStatus(status: ReviewStatus): ReviewStatus {
  return status === 'approved' ? 'rejected' : 'approved';
}

/** The stored status of one channel's review. */
export function reviewStatus(reviews: unknown, channel: string): ReviewStatus {
  return reviewRows(reviews).find((row) => row.channel === channel)?.status ?? 'not_reviewed';
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The channels a creative is reviewed for: the channels it serves (none for template ads). */
export function reviewedChannels(banner: { bannerType?: unknown; channels?: unknown }): string[] {
  return banner.bannerType === 'template_ad' ? [] : [...new Set(strings(banner.channels))];
}

/** The channels of a creative whose review is still open. */
export function unreviewedChannels(banner: { bannerType?: unknown; channels?: unknown; reviews?: unknown }): string[] {
  return reviewedChannels(banner).filter((channel) => reviewStatus(banner.reviews, channel) === 'not_reviewed');
}

/** Whether a creative may run on a channel: not when staff rejected it there. */
export function mayServe(banner: { reviews?: unknown }, channel: string): boolean {
  return reviewStatus(banner.reviews, channel) !== 'rejected';
}
