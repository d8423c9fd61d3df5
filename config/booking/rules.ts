/**
 * The rules of a booking draft (SPEC section 5 "Bookings and creatives"), step by step as the wizard asks:
 * 1 general conditions, 2 target group and advertised item, 3 creatives or creative service, 4 review (all).
 * The server enforces exactly these; the wizard shows them at the field before the server is asked.
 */
import { BANNER_TYPES, GOALS, MAX_BUDGET, MAX_DAILY_BUDGET } from '../constants.ts';
import { channelByKey, type ChannelDef } from '../channels.ts';
import {
  BLACKLIST_KEYWORD_MAX_LENGTH, CALL_TO_ACTIONS, KEYWORD_MAX_LENGTH, LOCKED_STATUSES, MAX_SEARCH_ADS_PER_LINEITEM, PACING,
  RUNNING_STATUSES, SEARCH_AD_MIN_DESCRIPTIONS, SEARCH_AD_MIN_HEADLINES, SEARCH_AD_MIN_KEYWORDS, SPECIAL_CATEGORIES,
  type BookingStep,
} from './constants.ts';
import { bookingCosts } from './costs.ts';
import { daysBetween, earliestStartDate, today as todayUtc, toDay } from './dates.ts';
import {
  asList, asNumber, blacklistKeywords, channelsOf, domainLines, isFilled, isText, keywordList,
  type BookingDraft, type CreativeDraft,
} from './draft.ts';
import { bookingMessage, type BookingMessageKey, type MessageValues } from './messages.ts';
import { isValidMarker, MARKER_RADIUS_MAX_KM } from './markers.ts';

export interface BookingError {
  field: string;
  /** English text (SPEC section 5); the wizard translates `key` with `values` instead. */
  message: string;
  key: BookingMessageKey;
  values?: MessageValues;
}

/** What the rules need besides the draft. */
export interface BookingRuleContext {
  /** Check the rules of steps 1..step; default 4 (everything). */
  step?: BookingStep;
  /** `YYYY-MM-DD` (UTC); default today. */
  today?: string;
  /** The chosen booking template's daily budget range, EUR. */
  template?: { minDailyBudget?: number | null; maxDailyBudget?: number | null } | null;
  /** The stored booking on an update. */
  before?: { status?: unknown; start?: unknown; channels?: unknown } | null;
  /** A client sub-account edits bookings but not their channels (SPEC section 6). */
  channelsLocked?: boolean;
  /** Creatives the booking has outside the draft (its campaign's banners): they cover their channels too. */
  storedCreatives?: CreativeDraft[];
}

function error(field: string, key: BookingMessageKey, values?: MessageValues): BookingError {
  return { field, message: bookingMessage(key, values), key, ...(values ? { values } : {}) };
}

const money = (n: number) => n.toFixed(2);
const URL_PREFIX = /^https?:\/\/\S+$/i;
const DOMAIN = /^(\*\.)?([\p{L}\p{N}-]+\.)+[\p{L}]{2,}$/u;
const COUNTRY = /^[A-Za-z]{2}$/;
const BLACKLIST_KEYWORD = /^[A-Za-z0-9 ]+$/;

function enumError(draft: BookingDraft, field: string, options: readonly string[], key: BookingMessageKey): BookingError[] {
  const value = draft[field];
  if (value === undefined || value === null || (isText(value) && options.includes(value))) return [];
  return [error(field, key, { options: options.join(', ') })];
}

/** Budget and daily budget, when given, are amounts of at least 0 and at most their maximum (config/constants.ts). */
function amountErrors(draft: BookingDraft): BookingError[] {
  const check = (field: 'budget' | 'dailyBudget', max: number, invalid: BookingMessageKey, tooLarge: BookingMessageKey): BookingError[] => {
    const n = asNumber(draft[field]);
    if (n === undefined) return [];
    if (!Number.isFinite(n) || n < 0) return [error(field, invalid)];
    return n > max ? [error(field, tooLarge, { max: money(max) })] : [];
  };
  return [
    ...check('budget', MAX_BUDGET, 'budget_invalid', 'budget_too_large'),
    ...check('dailyBudget', MAX_DAILY_BUDGET, 'daily_budget_invalid', 'daily_budget_too_large'),
  ];
}

/** Known channel definitions of the draft; unknown or (newly chosen) inactive channels are errors. */
function channelErrors(draft: BookingDraft, context: BookingRuleContext): BookingError[] {
  const channels = channelsOf(draft);
  if (!Array.isArray(draft.channels) || channels.length === 0) return [error('channels', 'channels_required')];
  const kept = new Set(asList(context.before?.channels).filter(isText));
  return channels.flatMap((key) => {
    const def = channelByKey[key];
    if (!def) return [error('channels', 'channel_unknown', { channel: key })];
    if (!def.active && !kept.has(key)) return [error('channels', 'channel_inactive', { channel: def.name })];
    return [];
  });
}

const bookedChannels = (draft: BookingDraft): ChannelDef[] => channelsOf(draft).map((key) => channelByKey[key]).filter(Boolean);

function allocationErrors(draft: BookingDraft): BookingError[] {
  if (draft.splitBudget !== true) return [];
  if (channelsOf(draft).length < 2) return [error('splitBudget', 'split_needs_two_channels')];
  const allocation = asList(draft.allocation);
  if (allocation.length === 0) return [];
  const weights = allocation.map((a) => asNumber(a && typeof a === 'object' ? (a as { weight?: unknown }).weight : undefined));
  const valid = weights.every((w) => w !== undefined && Number.isFinite(w) && w >= 0) && weights.some((w) => (w ?? 0) > 0);
  return valid ? [] : [error('allocation', 'allocation_invalid')];
}

function budgetErrors(draft: BookingDraft, context: BookingRuleContext): BookingError[] {
  const malformed = amountErrors(draft);
  if (malformed.length) return malformed;
  const budget = asNumber(draft.budget) ?? 0;
  const daily = asNumber(draft.dailyBudget) ?? 0;
  if (budget <= 0 && daily <= 0) return [error('budget', 'budget_required')];
  if (draft.continously === true && daily <= 0) return [error('dailyBudget', 'continuous_needs_daily_budget')];
  const errors: BookingError[] = [];
  const min = asNumber(context.template?.minDailyBudget);
  const max = asNumber(context.template?.maxDailyBudget);
  const costs = bookingCosts(draft);
  const perDay = daily > 0 ? daily : costs.days ? budget / costs.days : null;
  const field = daily > 0 ? 'dailyBudget' : 'budget';
  if (perDay !== null && min !== undefined && Number.isFinite(min) && perDay < min) errors.push(error(field, 'daily_budget_below_template', { min: money(min) }));
  if (perDay !== null && max !== undefined && Number.isFinite(max) && max > 0 && perDay > max) errors.push(error(field, 'daily_budget_above_template', { max: money(max) }));
  for (const cost of costs.channels) {
    if (cost.covered || !channelByKey[cost.channel]) continue;
    const minimum = channelByKey[cost.channel].minBudget;
    if (daily > 0) {
      errors.push(error('dailyBudget', 'daily_budget_below_channel_minimum', { channel: cost.name, amount: money(cost.dailyBudget ?? 0), minimum: money(minimum) }));
    } else {
      errors.push(error('budget', 'budget_below_channel_minimum', {
        channel: cost.name, amount: money(cost.budget), minimum: money(minimum), days: costs.days ?? 1, required: money(cost.minimum),
      }));
    }
  }
  return errors;
}

function dateErrors(draft: BookingDraft, context: BookingRuleContext, day: string): BookingError[] {
  const errors: BookingError[] = [];
  if (!isFilled(draft.start)) return [error('start', 'start_required')];
  const start = toDay(draft.start);
  if (!start) return [error('start', 'date_invalid')];
  const beforeStart = toDay(context.before?.start);
  const unchanged = beforeStart === start;
  if (!unchanged && start < earliestStartDate(day)) errors.push(error('start', 'start_too_early', { date: earliestStartDate(day) }));
  if (draft.continously !== true && isFilled(draft.end)) {
    const end = toDay(draft.end);
    if (!end) errors.push(error('end', 'date_invalid'));
    else if (daysBetween(start, end) <= 0) errors.push(error('end', 'end_before_start'));
  }
  return errors;
}

const sameChannels = (a: unknown, b: unknown) => {
  const left = asList(a).filter(isText).sort().join();
  return left === asList(b).filter(isText).sort().join();
};

/**
 * Edits refused by the booking's state (SPEC section 4): locked statuses; the start once running; and by the
 * editor: a client may not change the channels.
 */
export function editErrors(draft: BookingDraft, before: BookingRuleContext['before'], day: string = todayUtc(), channelsLocked = false): BookingError[] {
  if (!before) return [];
  const status = isText(before.status) ? before.status : '';
  if ((LOCKED_STATUSES as readonly string[]).includes(status)) return [error('status', 'booking_locked', { status })];
  if (channelsLocked && draft.channels !== undefined && !sameChannels(draft.channels, before.channels)) return [error('channels', 'channels_locked')];
  const stored = toDay(before.start);
  const running = (RUNNING_STATUSES as readonly string[]).includes(status) && stored !== null && stored <= day;
  if (running && draft.start !== undefined && toDay(draft.start) !== stored) return [error('start', 'start_locked')];
  return [];
}

/** Step 1: name, goal, pacing, special category, call-to-action, channels and split, budget, dates. */
export function generalErrors(draft: BookingDraft, context: BookingRuleContext = {}): BookingError[] {
  const day = context.today ?? todayUtc();
  const errors: BookingError[] = [...editErrors(draft, context.before, day, context.channelsLocked)];
  if (!isText(draft.name) || draft.name.trim() === '') errors.push(error('name', 'name_required'));
  else if (draft.name.length > 200) errors.push(error('name', 'name_too_long', { max: 200 }));
  errors.push(
    ...enumError(draft, 'goal', GOALS, 'goal_invalid'),
    ...enumError(draft, 'pacing', PACING, 'pacing_invalid'),
    ...enumError(draft, 'specialCategory', SPECIAL_CATEGORIES, 'special_category_invalid'),
    ...enumError(draft, 'callToAction', CALL_TO_ACTIONS, 'call_to_action_invalid'),
  );
  const goalValue = asNumber(draft.goalValue);
  if (goalValue !== undefined && (!Number.isFinite(goalValue) || goalValue < 0)) errors.push(error('goalValue', 'goal_value_invalid'));
  const channelProblems = channelErrors(draft, context);
  errors.push(...channelProblems, ...allocationErrors(draft), ...dateErrors(draft, context, day));
  // Budget minimums only mean something for known channels and readable dates.
  if (!channelProblems.length && !errors.some((e) => e.field === 'start' || e.field === 'end')) errors.push(...budgetErrors(draft, context));
  else errors.push(...amountErrors(draft));
  return errors;
}

function urlError(value: unknown, field: string, key: BookingMessageKey): BookingError[] {
  return isFilled(value) && !(isText(value) && URL_PREFIX.test(value.trim())) ? [error(field, key)] : [];
}

function domainErrors(draft: BookingDraft): BookingError[] {
  if (draft.domains === undefined || draft.domains === null || draft.domains === '') return [];
  const domains = domainLines(draft.domains);
  if (!domains.length) return [error('domains', 'domains_required')];
  const bad = domains.find((d) => !DOMAIN.test(d.text));
  if (bad) return [error('domains', 'domain_invalid', { line: bad.line, domain: bad.text })];
  return bookedChannels(draft)
    .filter((c) => c.maxDomains !== null && domains.length > c.maxDomains)
    .map((c) => error('domains', 'domains_too_many', { channel: c.name, max: c.maxDomains!, count: domains.length }));
}

function blacklistErrors(draft: BookingDraft): BookingError[] {
  for (const { line, text } of blacklistKeywords(draft.blacklist)) {
    if (!BLACKLIST_KEYWORD.test(text)) return [error('blacklist', 'blacklist_invalid', { line })];
    if (text.length > BLACKLIST_KEYWORD_MAX_LENGTH) return [error('blacklist', 'blacklist_too_long', { line, max: BLACKLIST_KEYWORD_MAX_LENGTH })];
  }
  return [];
}

/** Step 2: target and display URL, domains, blacklist, countries, locations. */
export function targetingErrors(draft: BookingDraft): BookingError[] {
  const channels = bookedChannels(draft);
  const errors: BookingError[] = [];
  if (!isFilled(draft.target) && channels.some((c) => c.targetUrlNeeded)) errors.push(error('target', 'target_url_required'));
  errors.push(...urlError(draft.target, 'target', 'target_url_invalid'), ...urlError(draft.displayUrl, 'displayUrl', 'display_url_invalid'));
  errors.push(...domainErrors(draft), ...blacklistErrors(draft));
  if (draft.countries !== undefined && draft.countries !== null && !(Array.isArray(draft.countries) && draft.countries.every((c) => isText(c) && COUNTRY.test(c.trim())))) {
    errors.push(error('countries', 'countries_invalid'));
  }
  if (draft.markers !== undefined && draft.markers !== null && !(Array.isArray(draft.markers) && draft.markers.every(isValidMarker))) {
    errors.push(error('markers', 'markers_invalid', { max: MARKER_RADIUS_MAX_KM }));
  }
  const locations = asList(draft.markers).length;
  for (const channel of channels) {
    const min = Math.max(channel.minLocations, channel.targeting.includes('requireLocation') ? 1 : 0);
    if (locations < min) errors.push(error('markers', 'locations_required', { min, channel: channel.name }));
  }
  return errors;
}

const RATIO_TOLERANCE = 0.02;

/** Whether a creative of this type and size suits the channel (SPEC section 5 per-channel requirements). */
function creativeFitErrors(creative: CreativeDraft, field: string, channel: ChannelDef): BookingError[] {
  const req = channel.creativeRequirements;
  const type = creative.bannerType as (typeof BANNER_TYPES)[number];
  if (!req.bannerTypes.includes(type)) return [error(`${field}.bannerType`, 'creative_type_not_accepted', { channel: channel.name, type })];
  const width = asNumber(creative.width);
  const height = asNumber(creative.height);
  const errors: BookingError[] = [];
  if (type !== 'search_ad' && width && height && width > 0 && height > 0) {
    if (req.sizes.length && (type === 'image_ad' || type === 'html_ad') && !req.sizes.some(([w, h]) => w === width && h === height)) {
      errors.push(error(`${field}.width`, 'creative_size_not_accepted', { channel: channel.name, width, height }));
    }
    if (req.ratios.length && !req.ratios.some(([w, h]) => Math.abs(width / height - w / h) <= (w / h) * RATIO_TOLERANCE)) {
      errors.push(error(`${field}.width`, 'creative_ratio_not_accepted', { channel: channel.name, ratios: req.ratios.map(([w, h]) => `${w}:${h}`).join(' / ') }));
    }
  }
  const duration = asNumber(creative.duration);
  if (type === 'video_ad' && req.videoSeconds && duration !== undefined && !(duration >= req.videoSeconds.min && duration <= req.videoSeconds.max)) {
    errors.push(error(`${field}.duration`, 'creative_video_duration', { channel: channel.name, ...req.videoSeconds }));
  }
  return errors;
}

function creativeErrors(creative: CreativeDraft, index: number, booked: string[]): BookingError[] {
  const field = `creatives.${index}`;
  if (!creative || typeof creative !== 'object') return [error(field, 'creatives_invalid')];
  const errors: BookingError[] = [];
  const name = isText(creative.name) ? creative.name : '';
  if (!name.trim()) errors.push(error(`${field}.name`, 'creative_name_required'));
  if (!isText(creative.bannerType) || !(BANNER_TYPES as readonly string[]).includes(creative.bannerType)) {
    return [...errors, error(`${field}.bannerType`, 'creative_type_invalid', { options: BANNER_TYPES.join(', ') })];
  }
  const type = creative.bannerType;
  // A creative given by id is a stored banner, checked when it was made: only whether its channels take it counts here.
  if (isFilled(creative.id)) return [...errors, ...fitErrors(creative, field, booked)];
  if ((type === 'image_ad' || type === 'video_ad') && !isFilled(creative.file) && !isFilled(creative.id)) {
    errors.push(error(`${field}.file`, 'creative_file_required', { name }));
  }
  if (type === 'search_ad') {
    const count = (value: unknown) => asList(value).filter((v) => isText(v) && v.trim() !== '').length;
    if (count(creative.headlines) < SEARCH_AD_MIN_HEADLINES) errors.push(error(`${field}.headlines`, 'search_ad_headlines', { min: SEARCH_AD_MIN_HEADLINES }));
    if (count(creative.descriptions) < SEARCH_AD_MIN_DESCRIPTIONS) errors.push(error(`${field}.descriptions`, 'search_ad_descriptions', { min: SEARCH_AD_MIN_DESCRIPTIONS }));
    const keywords = keywordList(creative.keywords);
    if (keywords.length < SEARCH_AD_MIN_KEYWORDS) errors.push(error(`${field}.keywords`, 'search_ad_keywords', { min: SEARCH_AD_MIN_KEYWORDS }));
    else if (keywords.some((k) => k.length > KEYWORD_MAX_LENGTH)) errors.push(error(`${field}.keywords`, 'search_ad_keyword_too_long', { max: KEYWORD_MAX_LENGTH }));
    errors.push(...urlError(creative.displayUrl, `${field}.displayUrl`, 'display_url_invalid'));
  }
  if (type === 'html_ad') {
    if (!(asNumber(creative.width)! > 0)) errors.push(error(`${field}.width`, 'ad_code_width'));
    if (!(asNumber(creative.height)! > 0)) errors.push(error(`${field}.height`, 'ad_code_height'));
    // An uploaded HTML5 page or zip is the code; an ad code typed in needs its text.
    const typedCode = isText(creative.adCode) && creative.adCode.trim() !== '';
    if (!typedCode && !isFilled(creative.file)) errors.push(error(`${field}.adCode`, 'ad_code_code'));
  }
  return [...errors, ...fitErrors(creative, field, booked)];
}

/** A channel the booking no longer includes is left out (the wizard keeps creatives when channels change). */
function fitErrors(creative: CreativeDraft, field: string, booked: string[]): BookingError[] {
  return asList(creative.channels).filter(isText)
    .filter((key) => booked.includes(key) && channelByKey[key])
    .flatMap((key) => creativeFitErrors(creative, field, channelByKey[key]));
}

function creativeServiceErrors(draft: BookingDraft): BookingError[] {
  const service = draft.creativeService as Record<string, unknown>;
  const errors: BookingError[] = [];
  if (!isText(service.slogan) || !service.slogan.trim()) errors.push(error('creativeService.slogan', 'slogan_required'));
  if (!isText(service.productName) || !service.productName.trim()) errors.push(error('creativeService.productName', 'product_name_required'));
  if (!isFilled(service.logo)) errors.push(error('creativeService.logo', 'logo_required'));
  if (!isFilled(service.productImage)) errors.push(error('creativeService.productImage', 'product_image_required'));
  return errors;
}

/** Step 3: the creative service's inputs, or creatives; every booked channel needs a creative it accepts. */
export function creativesErrors(draft: BookingDraft, context: BookingRuleContext = {}): BookingError[] {
  if (draft.creatives !== undefined && draft.creatives !== null && !Array.isArray(draft.creatives)) return [error('creatives', 'creatives_invalid')];
  const booked = channelsOf(draft);
  const creatives = asList(draft.creatives) as CreativeDraft[];
  const service = !!draft.creativeService && typeof draft.creativeService === 'object';
  const errors = [...(service ? creativeServiceErrors(draft) : []), ...creatives.flatMap((c, i) => creativeErrors(c, i, booked))];
  for (const channel of bookedChannels(draft)) {
    const own = creatives.filter((c) => c && asList(c.channels).includes(channel.key));
    const stored = asList(context.storedCreatives).some((c) => asList((c as CreativeDraft).channels).includes(channel.key));
    // The creative service renders template ads for every channel that takes them.
    const covered = own.length > 0 || stored || (service && channel.creativeRequirements.bannerTypes.includes('template_ad'));
    if (!covered) errors.push(error('creatives', 'creative_required', { channel: channel.name }));
    if (own.filter((c) => c.bannerType === 'search_ad').length > MAX_SEARCH_ADS_PER_LINEITEM) {
      errors.push(error('creatives', 'search_ads_too_many', { channel: channel.name, max: MAX_SEARCH_ADS_PER_LINEITEM }));
    }
  }
  return errors;
}

const STEP_RULES: Record<1 | 2 | 3, (draft: BookingDraft, context: BookingRuleContext) => BookingError[]> = {
  1: generalErrors,
  2: targetingErrors,
  3: creativesErrors,
};

/** The rules of one step only (step 4, the review, has none of its own). */
export function validateStep(step: BookingStep, draft: BookingDraft, context: BookingRuleContext = {}): BookingError[] {
  return step === 4 ? [] : STEP_RULES[step](draft ?? {}, context);
}

/** The rules of steps 1..`context.step` (default: all); an empty list means the draft may be saved. */
export function validateBooking(draft: BookingDraft, context: BookingRuleContext = {}): BookingError[] {
  const last = context.step ?? 4;
  const body = draft && typeof draft === 'object' && !Array.isArray(draft) ? draft : {};
  return ([1, 2, 3, 4] as const).filter((step) => step <= last).flatMap((step) => validateStep(step, body, context));
}

/**
 * Rules a stored booking keeps through any write, whatever route makes it (the declaration's
 * hooks.validate): dates in order, a split over two channels, URL, domain and blacklist formats.
 */
export function recordErrors(record: BookingDraft): BookingError[] {
  const errors: BookingError[] = [...allocationErrors(record), ...domainErrors(record), ...blacklistErrors(record), ...urlError(record.target, 'target', 'target_url_invalid')];
  const start = toDay(record.start);
  const end = toDay(record.end);
  if (record.continously !== true && start && end && daysBetween(start, end) <= 0) errors.push(error('end', 'end_before_start'));
  return errors;
}
