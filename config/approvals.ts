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

/*
 * Changes of a live booking (issue 14): a new creative, a new bid. They go through the same review before the ad
 * server or a channel uses them; until then the line item delivers and bills as it was.
 */

/** A booking whose line items deliver (or are about to): published and not over. */
export const LIVE_BOOKING_STATUSES = ['published', 'active', 'upcoming', 'paused'] as const;
export const isLiveBooking = (status: unknown) => (LIVE_BOOKING_STATUSES as readonly unknown[]).includes(status);

/**
 * The fields of a live line item whose change waits for review, what it is billed and delivered by (SPEC section 3
 * "bid options"); an approved change sets them. Its name, a pause and fewer creatives apply at once.
 */
export const LINEITEM_REVIEWED_FIELDS = ['bidType', 'bidPrice', 'currentBid', 'pacing', 'dailyBudget', 'budget', 'landingDomain', 'creatives'] as const;

/**
 * The fields of a creative that say what the ad shows or where it links (SPEC section 3 "Creative/banner"): the image,
 * video or graphic and their sizes, the HTML or ad code (which holds its link), a search ad's headlines, descriptions
 * and keywords, a template ad's template and values (its click URL among them). A change of one by someone who does
 * not review sends a creative that a live line item runs back to review; its name, advertiser, campaign and
 * channels are not what the ad shows.
 */
export const BANNER_REVIEWED_FIELDS = [
  'bannerType', 'width', 'height', 'downloadLink', 'thumbnail', 'video', 'graphic', 'headlines', 'descriptions', 'keywords', 'adCode', 'placeholder', 'template',
] as const;

/** A value as the ad shows it: object keys in order (jsonb keeps its own), empty text, list or object as none. */
function shown(value: unknown): unknown {
  if (value === '' || value === undefined || (Array.isArray(value) && !value.length)) return null;
  if (Array.isArray(value)) return value.map(shown);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => shown(v) !== null).sort(([a], [b]) => (a < b ? -1 : 1));
    return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, shown(v)])) : null;
  }
  return value;
}

/** The reviewed fields of a creative that `values` change (compared as stored). */
export function changedBannerFields(stored: Record<string, unknown>, values: Record<string, unknown>): string[] {
  return BANNER_REVIEWED_FIELDS.filter((field) => field in values && JSON.stringify(shown(values[field])) !== JSON.stringify(shown(stored[field])));
}

/** The booking flow's jobs that take approved live changes to the line items and their channels (plugins/booking). */
export const LIVE_CREATIVES_JOB = 'booking.liveCreatives';
export const LINEITEM_APPROVED_JOB = 'booking.lineitemApproved';

/** A line item change waiting for review, per field, in stored units (money in cents). */
export type HeldChanges = Record<string, { old: unknown; new: unknown }>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const idList = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * Splits a change of a live line item: what applies at once, and the reviewed fields that wait (merged with those
 * waiting already, each keeping the value it had before the first change; a field changed back waits no more).
 * Creatives wait only when some are added.
 */
export function holdLineItemChange(stored: Record<string, unknown>, values: Record<string, unknown>, waiting: HeldChanges): { apply: Record<string, unknown>; changes: HeldChanges } {
  const apply: Record<string, unknown> = {};
  const changes: HeldChanges = { ...waiting };
  for (const [field, value] of Object.entries(values)) {
    const reviewed = (LINEITEM_REVIEWED_FIELDS as readonly string[]).includes(field);
    const fewerCreatives = field === 'creatives' && idList(value).every((id) => idList(stored.creatives).includes(id));
    if (!reviewed) {
      apply[field] = value;
      continue;
    }
    // The latest wish replaces one that waits: back to the stored value, or fewer creatives, wait no more.
    delete changes[field];
    if (fewerCreatives && !sameValue(value, stored[field])) apply[field] = value;
    else if (!sameValue(value, stored[field])) changes[field] = { old: waiting[field]?.old ?? stored[field] ?? null, new: value };
  }
  return { apply, changes };
}

/** Whether a creative may start to run on a channel of a live line item: approved there, or needing no review there. */
export function clearedFor(banner: { bannerType?: unknown; channels?: unknown; reviews?: unknown }, channel: string): boolean {
  return !reviewedChannels(banner).includes(channel) || reviewStatus(banner.reviews, channel) === 'approved';
}

/*
 * Conversion and click approval (SPEC sections 2, 3, 4, 5 and 9): a campaign's advertiser (or staff) approves or
 * rejects its tracked conversions and clicks. Shared by the API (plugins/approvals/server/events*.ts) and the screen.
 */

/** What is approved: a conversion (/campaign/conversions/{id}) or a click (/campaign/clicks/{id}). */
export const EVENT_APPROVAL_KINDS = ['conversion', 'click'] as const;
export type EventApprovalKind = (typeof EVENT_APPROVAL_KINDS)[number];

/** The status filter (SPEC section 9: NULL = pending, approved, rejected); '' in a row is pending. */
export const EVENT_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type EventApprovalStatus = (typeof EVENT_APPROVAL_STATUSES)[number];

/** Rows a page may hold: the table's sizes, and the CSV download's 500 (SPEC section 9). */
/**
 * The list filter of conversion and click approval (SPEC section 3 "list filter") as server and browser share it;
 * `status` is the server's (null: any) or the browser's ('' : any) way of saying none.
 */
export interface EventListFilter<Status = EventApprovalStatus | null> {
  page: number;
  size: number;
  sort: string;
  direction: 'ASC' | 'DESC';
  q: string;
  lineitemIds: string[];
  creativeIds: string[];
  /** YYYY-MM-DD, both included. */
  start: string;
  end: string;
  status: Status;
}

export const EVENT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const EVENT_DOWNLOAD_SIZE = 500;
/** How many rows one bulk decision may name. */
export const EVENT_BULK_MAX = 500;
/** Largest cart value and provision an update may set, in euros. */
export const EVENT_MONEY_MAX = 1_000_000;

/** The sortable columns of each list, as the API names them. */
export const CONVERSION_SORTS = ['timestamp', 'orderId', 'channel', 'location', 'cartValue', 'commission', 'cost', 'approvalStatus', 'approvalDate'] as const;
export const CLICK_SORTS = ['timestamp', 'channel', 'location', 'cost', 'approvalStatus', 'approvalDate'] as const;

/** What a conversion and a click row both say: where it came from and its decision, money in euros. */
interface TrackedApprovalRow {
  timestamp: string;
  timestampView: string | null;
  channel: string | null;
  lineitem: string | null;
  creative: string | null;
  creativeName: string | null;
  publisher: string | null;
  publisherName: string | null;
  location: string | null;
  /** approved, rejected, or '' while pending. */
  approvalStatus: 'approved' | 'rejected' | '';
  approvalDate: string | null;
  /** What the event costs the advertiser: charged when tracked, or reserved until it is decided (`reserved`). */
  cost: number;
  /** The cost is authorized, not charged: the campaign approves its events first (authorize, then capture). */
  reserved: boolean;
  /** What staff refunded of a charged event, in euros (invalid traffic). */
  refunded: number;
  currency: 'EUR';
}

/** One conversion as GET /api/campaign/{id}/conversions answers it (SPEC section 3 "Conversion"). */
export interface ConversionApprovalRow extends TrackedApprovalRow {
  conversionId: string;
  orderId: string | null;
  type: 'post_click' | 'post_view';
  timestampClick: string | null;
  clickId: string | null;
  cartValue: number;
  basketValue: number;
  /** The cart value the decision took (an update may adjust it); null while pending. */
  adjustedCartValue: number | null;
  /** The provision: the publisher's earning once approved, proposed while pending, 0 once rejected. */
  commission: number;
  /** The program's commission in percent of the cart value, or null when it pays a fixed amount. */
  commissionPercent: number | null;
  commissionFixed: number | null;
  /** The platform's fee in the event's cost, in euros. */
  fee: number;
}

/** One click as GET /api/campaign/{id}/clicks answers it (SPEC section 3 "Click"). */
export interface ClickApprovalRow extends TrackedApprovalRow {
  clickId: string;
  /** The publisher's provision: earned once approved, proposed while pending, 0 once rejected. */
  provision: number;
}

export interface EventApprovalPage<T> {
  campaignName: string;
  count: number;
  items: T[];
}

/** A decision as the screen sends it (SPEC section 3 "Conversion change payload", "Click change"). */
export interface ConversionChange {
  conversionId: string;
  approved: boolean;
  /** Staff's reason to refund a conversion that was charged when tracked (required for that). */
  reason?: string;
  adjustedCartValue?: number;
  commissionPercent?: number | null;
  provision?: number;
}
export interface ClickChange {
  clickId: string;
  approved: boolean;
  /** Staff's reason to refund a click that was charged when tracked (required for that). */
  reason?: string;
  provision?: number;
}

/**
 * Who decides pending conversions and clicks (issue 33 "Who decides"): the campaign's advertiser side, viewers aside,
 * and staff from administrator up. Refunding an event that was charged when tracked is staff's alone.
 */
export const EVENT_DECIDERS = ['advertiser', 'agency', 'co_worker', 'administrator', 'affiliatemanager', 'systemoperator'] as const;
export const EVENT_REFUNDERS = ['administrator', 'affiliatemanager', 'systemoperator'] as const;
export const REFUND_REASON_MAX = 500;
/** Days after which a pending event of an approval campaign is approved by the platform (the campaign's default). */
export const DEFAULT_VALIDATION_DAYS = 30;

/** Whole cents of an amount in euros (2 decimals, half away from zero). */
export const centsOf = (euros: number) => Math.round(euros * 100 + Math.sign(euros) * 1e-7);

/**
 * The final provision of SPEC section 5, in euros with two decimals: with a percentage commission the adjusted
 * cart value / 100 x percent, otherwise the amount in euros as given.
 */
export function finalProvision(adjustedCartValue: number, percent: number | null, euros: number): number {
  if (percent === null) return centsOf(euros) / 100;
  return Math.round((centsOf(adjustedCartValue) * percent) / 100) / 100;
}
