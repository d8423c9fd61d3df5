/** Business constants of SPEC section 9 and the code lists of section 3. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const COUNT_LIMIT = 10000;
export const SESSION_IDLE_MS = 3_600_000;
export const REQUEST_TIMEOUT_MS = 120_000;
/** How often the browser asks whether a new build of the admin is out (SPEC section 9: service worker check 30 s). */
export const UPDATE_CHECK_MS = 30_000;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const BANNER_TYPES = ['template_ad', 'html_ad', 'image_ad', 'video_ad', 'search_ad'] as const;
export const BOOKING_STATUSES = [
  'waiting for approval', 'generating creatives', 'rejected', 'pending', 'publishing', 'published', 'upcoming',
  'active', 'paused', 'canceling', 'cancelling', 'canceled', 'interrupted', 'finished',
] as const;
export const GOALS = ['orders', 'clicks', 'impressions'] as const;
export const BID_TYPES = ['CPM', 'CPC', 'CTR', 'CPO'] as const;
export const PACING = ['no adjustment', 'reach hourly goal', 'evenly', 'as soon as possible'] as const;
export const GENDERS = ['all', 'female', 'male'] as const;
export const AGE_CODES = ['1', '18', '25', '35', '45', '55', '65', '99'] as const;
export const INCOME_CODES = ['1', '10', '20', '30', '40', '50', '100'] as const;
export const SYNC_JOB_TYPES = ['lineitem', 'campaign', 'banner'] as const;
export const SYNC_JOB_STATUSES = ['not run', 'failed', 'partial', 'successful'] as const;
export const CATALOG_SOURCES = ['automatic', 'manual'] as const;
export const BILLING_TYPES = ['prepaid', 'postpaid'] as const;
export const HEALTH = ['OK', 'WARNING', 'ERROR'] as const;
export const LANGUAGES = ['de', 'en'] as const;
/** How often a campaign's report e-mail goes out (SPEC section 9 "Subscription frequencies"). */
export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
/** One of a user's report subscriptions (SPEC section 3 "Subscription (per user): campaign, daily, weekly, monthly"). */
export interface Subscription { campaign: string; daily: boolean; weekly: boolean; monthly: boolean }
/** At most this many campaigns a user subscribes to. */
export const MAX_SUBSCRIPTIONS = 500;
export const SELECTED_TYPES = ['advertiser', 'publisher'] as const;

export const WIZARD_DATATYPES = ['csv', 'xml'] as const;
export const WIZARD_COMPRESSIONS = ['none', 'zip', 'gz', 'tar', 'tar.gz'] as const;
export const WIZARD_CHANNELS = ['platform161', 'affiliate_cpc', 'cyrl'] as const;
/** Affiliate network codes (revenue sources) of the affiliate wizard. */
export const AFFILIATE_NETWORKS = [
  'awin', 'cj', 'impact', 'direct', 'effiliation', 'adtraction', 'belboon', 'kwanko', 'tradedoubler', 'webgains',
  'rakuten', 'partnerize', 'tradetracker', 'daisycon', 'admitad', 'financeads', 'shareasale', 'flexoffers',
  'avantlink', 'pepperjam', 'clickbank', 'digistore24', 'adcell', 'netaffiliation', 'timeone', 'sovrn', 'skimlinks',
  'everflow', 'tune', 'cake', 'commissionfactory', 'involveasia', 'optimise', 'accesstrade',
] as const;
/** Industry codes 100..6100 (labels live in the i18n messages). */
export const INDUSTRY_CODES = Array.from({ length: 61 }, (_, i) => String((i + 1) * 100));

/** The eight channel groups of SPEC section 1 (a channel's `category`). */
export const CHANNEL_GROUPS = [
  'Banner Ads', 'Native Ads', 'Social Media Video', 'Out-of-home', 'E-Mail Marketing', 'Search Ads', 'Affiliate', 'Metaverse & Gaming',
] as const;
/** The targeting options a channel may offer (SPEC section 3, channel targeting flags). */
export const TARGETING_FLAGS = [
  'gender', 'age', 'income', 'audience', 'domainlist', 'countries', 'geotargeting', 'timeslots', 'education', 'geosplitting',
  'requireLocation', 'area', 'nft', 'wearable', 'ethbalance', 'dealId', 'cdpSegments',
] as const;
export const DEFAULT_PROGRAMMATIC_FEE = 0.5;
/** EUR; SPEC section 9: 1 EUR daily minimum per channel (TikTok 20), default daily budget 5 EUR. */
export const DEFAULT_CHANNEL_MIN_BUDGET = 1;
export const DEFAULT_DAILY_BUDGET = 5;
/**
 * Upper limits of money a person types, EUR: far above any real booking or payment, far below what the number
 * types hold, so a slip of the finger (99,999,999,999) is refused with a message instead of charged or booked.
 */
export const MAX_DAILY_BUDGET = 100_000;
export const MAX_BUDGET = 10_000_000;
/** The largest single card top-up (and refund or manual spend). */
export const MAX_TOP_UP = 100_000;
/** German VAT on card top-ups, added or deducted as the advertiser chooses (SPEC section 9). */
export const VAT_PERCENT = 19;

/**
 * The seller a German invoice must name (address and VAT id, UStG section 14): the systemoperator's setting
 * `invoice.seller` (a JSON object with these keys) overrides these local defaults, field by field.
 */
export const SELLER_SETTING = 'invoice.seller';
export const SELLER_DEFAULTS = {
  name: 'AdSuite GmbH',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'Deutschland',
  vatId: 'DE000000000',
  email: 'billing@adsuite.local',
} as const;
export type Seller = { -readonly [K in keyof typeof SELLER_DEFAULTS]: string };
export const VAT_HANDLES = ['add', 'deduct'] as const;
/** Onsite event classes of the container script. */
export const EVENT_CLASSES = ['cart', 'catalog', 'checkout', 'front', 'generic', 'order', 'product', 'search', 'wishlist'] as const;
/**
 * What a raw tracking event records (plugins/tracking): an ad view, a click through the splitter, an onsite event
 * of the container script, a conversion (an order attributed to a click or a view), or an hour of an external
 * network's delivery report (impressions, clicks and cost in one row).
 */
export const TRACKING_EVENT_KINDS = ['view', 'click', 'event', 'conversion', 'delivery'] as const;
/** Who delivered: AdSuite's own ad server, an external network's sandbox connector, or the demo history. */
export const TRACKING_SOURCES = ['house', 'sandbox'] as const;
export const ATTRIBUTIONS = ['post_click', 'post_view'] as const;
export const AUTOPAUSE_REASONS = ['daily_budget', 'budget', 'balance'] as const;
/** How long raw events are kept (SPEC section 9), and the access logs. */
export const TRACKING_RETENTION_DAYS = 120;
export const ACCESSLOG_RETENTION_DAYS = 7;
/** A click id is remembered by the container script this long; a conversion after a view counts within the view window. */
export const CLICK_WINDOW_DAYS = 30;
export const VIEW_WINDOW_DAYS = 7;
/** Largest body of a tracking request (POST /t/e). */
export const TRACKING_BODY_MAX_BYTES = 16 * 1024;
/** Publisher invitation statuses (SPEC section 4). */
export const INVITATION_STATUSES = [
  'not_invited', 'to_invite', 'invited', 'invitation_received', 'rejected', 'accepted', 'to_retract', 'retracted',
  'invited_outdated', 'accepted_finished', 'accepted_upcoming', 'active',
] as const;
/** Ledger entry types; an advertiser's balance is their sum. `manual`: a credit or debit a systemoperator books by hand. */
export const TRANSACTION_TYPES = ['topup', 'coupon', 'spend', 'refund', 'vat', 'manual'] as const;
/** A publisher's ledger: what campaigns earned it, and what was paid out. */
export const EARNING_TYPES = ['earning', 'payout'] as const;
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'canceled'] as const;
export const DOMAINLIST_TYPES = ['whitelist', 'blacklist'] as const;
/** Tracking-code modal: one universal container or individual snippets. */
export const TRACKINGCODE_TYPES = ['universal', 'individual'] as const;
export const ASSIGNMENT_STATUSES = ['open', 'pushed', 'failed'] as const;

/** The standard banner sizes (IAB) the creative service and the banner generator render (of the accepted ones, channels.ts). */
export const RENDERED_BANNER_SIZES: readonly { width: number; height: number }[] = [
  { width: 300, height: 250 },
  { width: 728, height: 90 },
  { width: 160, height: 600 },
  { width: 300, height: 600 },
  { width: 320, height: 50 },
  { width: 970, height: 250 },
];
