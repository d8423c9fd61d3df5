/**
 * The booking the wizard edits (../../API.md "Booking draft"): its shape, the values a new booking starts
 * with (SPEC section 9: daily budget 5 EUR, end 30 days ahead), a stored booking read back into a draft, and
 * the body the server receives (the wizard's own bookkeeping, such as preview addresses, stays behind).
 */
import { BANNER_TYPES, DEFAULT_DAILY_BUDGET, GENDERS, GOALS, PACING } from '@adsuite/config';
import {
  CALL_TO_ACTIONS, LOCKED_STATUSES, RUNNING_STATUSES, SPECIAL_CATEGORIES, defaultEndDate, today as todayUtc, toBookingMarker, toDay,
  type BookingMarker,
} from '@adsuite/config/booking/index';
import { equalAllocation, type AllocationEntry } from './allocation.ts';

export type BannerType = (typeof BANNER_TYPES)[number];

/** A geo location in the shape the booking stores (SPEC section 3, config/booking/markers.ts). */
export type Marker = BookingMarker;

export interface WizardCreative {
  /** The wizard's own handle of a creative (stable across reloads); never sent. */
  key: string;
  id?: string;
  bannerType: BannerType;
  name: string;
  width?: number | null;
  height?: number | null;
  /** File id from POST /api/booking/files. */
  file?: string | null;
  /** Where the uploaded file is shown (the upload's answer); never sent. */
  url?: string;
  mime?: string;
  duration?: number | null;
  headlines?: string[];
  descriptions?: string[];
  keywords?: string[];
  adCode?: string;
  channels: string[];
}

export interface CreativeService {
  logo: string | null;
  productImage: string | null;
  slogan: string;
  productName: string;
  /** Previews of the two uploads; never sent. */
  logoUrl?: string;
  productImageUrl?: string;
}

/** The draft as the wizard's fields hold it (config/booking's BookingDraft is what any sender may send). */
export interface BookingDraft {
  name: string;
  goal: (typeof GOALS)[number];
  goalValue: number | null;
  /** Exactly one of budget (total) and dailyBudget is set; euros. */
  budget: number | null;
  dailyBudget: number | null;
  continously: boolean;
  /** YYYY-MM-DD */
  start: string;
  end: string | null;
  channels: string[];
  splitBudget: boolean;
  allocation: AllocationEntry[];
  pacing: (typeof PACING)[number];
  specialCategory: (typeof SPECIAL_CATEGORIES)[number];
  callToAction: (typeof CALL_TO_ACTIONS)[number];
  bookingtemplate: string | null;
  target: string;
  gender: (typeof GENDERS)[number];
  age: string[];
  income: string[];
  markers: Marker[];
  countries: string[];
  domains: string;
  blacklist: string;
  cdpSegments: string[];
  categories: string[];
  retargeting: boolean;
  creativeService: CreativeService | null;
  creatives: WizardCreative[];
}

export function emptyDraft(today: string = todayUtc()): BookingDraft {
  return {
    name: '',
    goal: 'clicks',
    goalValue: null,
    budget: null,
    dailyBudget: DEFAULT_DAILY_BUDGET,
    continously: false,
    start: today,
    end: defaultEndDate(today),
    channels: [],
    splitBudget: false,
    allocation: [],
    pacing: 'evenly',
    specialCategory: 'none',
    callToAction: 'NONE',
    bookingtemplate: null,
    target: '',
    gender: 'all',
    age: [],
    income: [],
    markers: [],
    countries: [],
    domains: '',
    blacklist: '',
    cdpSegments: [],
    categories: [],
    retargeting: false,
    creativeService: null,
    creatives: [],
  };
}

/** Fields where null says something (no daily budget = a total budget, no end = never ends, ...). */
const NULLABLE = new Set(['goalValue', 'budget', 'dailyBudget', 'end', 'bookingtemplate', 'creativeService']);

/**
 * A draft from storage or the server: every field the wizard knows, missing (or null) ones at their start value,
 * places kept by an earlier wizard in the flat shape read as the booking stores them.
 */
export function completeDraft(partial: Partial<BookingDraft> | Record<string, unknown>, today?: string): BookingDraft {
  const base = emptyDraft(today);
  const known = Object.fromEntries(Object.entries(partial).filter(([key, value]) => key in base && value !== undefined && (value !== null || NULLABLE.has(key))));
  const draft = { ...base, ...known } as BookingDraft;
  return { ...draft, markers: Array.isArray(draft.markers) ? (draft.markers.map(toBookingMarker) as Marker[]) : [] };
}

const money = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));
const lines = (value: unknown) => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');

let creativeCount = 0;
export const newCreativeKey = () => `c${Date.now().toString(36)}${(creativeCount += 1)}`;

/** A booking as GET /api/booking/:id answers it, as the wizard edits it. */
export function draftFromBooking(record: Record<string, unknown>): BookingDraft {
  const channels = Array.isArray(record.channels) ? (record.channels as string[]) : [];
  const allocation = Array.isArray(record.allocation) && record.allocation.length ? (record.allocation as AllocationEntry[]) : equalAllocation(channels);
  const creatives = (Array.isArray(record.creatives) ? record.creatives : []) as Omit<WizardCreative, 'key'>[];
  const dailyBudget = money(record.dailyBudget);
  return completeDraft({
    ...record,
    goalValue: money(record.goalValue),
    budget: dailyBudget === null ? money(record.budget) : null,
    dailyBudget,
    start: toDay(record.start) ?? undefined,
    end: record.continously ? null : toDay(record.end),
    channels,
    allocation,
    domains: lines(record.domains),
    blacklist: lines(record.blacklist),
    creatives: creatives.map((creative) => ({ ...creative, key: newCreativeKey(), channels: creative.channels ?? [] })),
  });
}

const CREATIVE_KEYS = ['id', 'bannerType', 'name', 'width', 'height', 'file', 'headlines', 'descriptions', 'keywords', 'adCode', 'channels'] as const;
const LIST_KEYS = new Set<string>(['headlines', 'descriptions', 'keywords']);

/** A creative as the server takes it: the contract's keys, lists without the empty lines the editors keep. */
function creativeBody(creative: WizardCreative) {
  return Object.fromEntries(CREATIVE_KEYS.filter((key) => creative[key] !== undefined).map((key) => {
    const value = creative[key];
    return [key, LIST_KEYS.has(key) && Array.isArray(value) ? value.map((line) => line.trim()).filter(Boolean) : value];
  }));
}

/** The body of validate, create and update. */
export function requestBody(draft: BookingDraft): Record<string, unknown> {
  const { creativeService, creatives, ...rest } = draft;
  return {
    ...rest,
    end: draft.continously ? null : draft.end,
    creativeService: creativeService && {
      logo: creativeService.logo, productImage: creativeService.productImage, slogan: creativeService.slogan, productName: creativeService.productName,
    },
    creatives: creativeService ? [] : creatives.map(creativeBody),
  };
}

/**
 * What may still change of a stored booking (SPEC section 4): nothing once completed, interrupted or
 * canceled; everything but the start once it runs.
 */
export function editState(record: { status?: unknown; start?: unknown }, today: string = todayUtc()) {
  const status = typeof record.status === 'string' ? record.status : '';
  const start = toDay(record.start);
  return {
    locked: (LOCKED_STATUSES as readonly string[]).includes(status),
    startLocked: (RUNNING_STATUSES as readonly string[]).includes(status) && start !== null && start <= today,
  };
}
