/** Business constants of the booking wizard (SPEC sections 4, 5 and 9) that server and wizard share. */
import { BOOKING_STATUSES, DEFAULT_DAILY_BUDGET, PACING } from '../constants.ts';

export { PACING, DEFAULT_DAILY_BUDGET };

export const SPECIAL_CATEGORIES = ['none', 'credit', 'employment', 'housing', 'election'] as const;
export const CALL_TO_ACTIONS = [
  'NONE', 'APPLY_NOW', 'BOOK_NOW', 'CONTACT_US', 'DOWNLOAD', 'LEARN_MORE', 'GET_QUOTE', 'BUY_NOW', 'WATCH_MORE',
  'LISTEN_NOW', 'SUBSCRIBE', 'REGISTER', 'ORDER_NOW',
] as const;

export type SpecialCategory = (typeof SPECIAL_CATEGORIES)[number];
export type CallToAction = (typeof CALL_TO_ACTIONS)[number];
export type Pacing = (typeof PACING)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The wizard's four steps: general conditions, target group and advertised item, creatives, review. */
export const BOOKING_STEPS = [1, 2, 3, 4] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/** Estimated clicks = budget / 2.5 (SPEC section 9). */
export const ESTIMATED_COST_PER_CLICK = 2.5;
/** A booking without an end date runs until stopped; otherwise the end defaults to 30 days after the start. */
export const DEFAULT_RUNTIME_DAYS = 30;
/** The earliest date the date pickers offer: 6 months and 1 day before today (SPEC section 9). */
export const EARLIEST_DATE_MONTHS_BACK = 6;

/** Search ads (SPEC sections 5 and 9). */
export const SEARCH_AD_MIN_HEADLINES = 3;
export const SEARCH_AD_MIN_DESCRIPTIONS = 3;
export const SEARCH_AD_MIN_KEYWORDS = 5;
/** Google Ads serves at most three responsive search ads per ad group, i.e. per line item. */
export const MAX_SEARCH_ADS_PER_LINEITEM = 3;
export const KEYWORD_MAX_LENGTH = 80;
export const BLACKLIST_KEYWORD_MAX_LENGTH = 80;

/** Completed, interrupted or canceled bookings cannot be edited (SPEC section 4). */
export const LOCKED_STATUSES: readonly BookingStatus[] = ['finished', 'interrupted', 'canceled'];
/** Published bookings whose start date has come: their start date cannot change any more. */
export const RUNNING_STATUSES: readonly BookingStatus[] = ['published', 'active', 'paused', 'canceling', 'cancelling'];

/** The creative service renders banners from these; logo and product image must be PNG or JPG. */
export const CREATIVE_SERVICE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** The bulk import and the CSV exports (SPEC section 9). */
export const CSV_EXPORT_MAX_ROWS = 500;
/** Bookings one import file may hold: each is created in its own transaction within one request. */
export const IMPORT_MAX_LINES = 1000;
