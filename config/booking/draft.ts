/**
 * The booking draft (the body of create, update and validate; plugins/booking/API.md) and the readings of
 * its free-text fields that rules, costs and the server share. A draft comes from the browser or a CSV line,
 * so every reader here accepts any value and never throws.
 */
import { defaultEndDate, toDay } from './dates.ts';
import { toBookingMarker } from './markers.ts';

export interface AllocationEntry {
  channel: string;
  weight: number;
}

export interface CreativeDraft {
  id?: string | null;
  bannerType?: string;
  name?: string;
  width?: number | null;
  height?: number | null;
  /** File id from the upload endpoint. */
  file?: string | null;
  /** Seconds, for video ads (known after the upload). */
  duration?: number | null;
  headlines?: string[];
  descriptions?: string[];
  /** One keyword per line, or a list. */
  keywords?: string | string[];
  adCode?: string | null;
  displayUrl?: string | null;
  channels?: string[];
}

export interface CreativeServiceDraft {
  logo?: string | null;
  productImage?: string | null;
  slogan?: string;
  productName?: string;
}

/** Money in euros (the API's form). */
export interface BookingDraft {
  name?: string;
  goal?: string;
  goalValue?: number | null;
  budget?: number | null;
  dailyBudget?: number | null;
  start?: string | null;
  end?: string | null;
  continously?: boolean;
  channels?: string[];
  allocation?: AllocationEntry[];
  splitBudget?: boolean;
  pacing?: string;
  specialCategory?: string;
  callToAction?: string;
  bookingtemplate?: string | null;
  target?: string | null;
  displayUrl?: string | null;
  gender?: string;
  age?: string[];
  income?: string[];
  markers?: unknown[];
  countries?: string[];
  /** One domain per line. */
  domains?: string | null;
  /** One keyword per line. */
  blacklist?: string | null;
  creativeService?: CreativeServiceDraft | null;
  creatives?: CreativeDraft[];
  [field: string]: unknown;
}

export const isText = (value: unknown): value is string => typeof value === 'string';
export const isFilled = (value: unknown): boolean => isText(value) ? value.trim() !== '' : value !== null && value !== undefined;
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A number given as number or numeric text; undefined when absent or empty, NaN when not a number. */
export function asNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' ? n : Number.NaN;
}

/** The booked channel keys, without repeats or non-texts. */
export function channelsOf(draft: BookingDraft): string[] {
  return [...new Set(asList(draft.channels).filter(isText))];
}

/** Non-empty lines of a text, trimmed, with their 1-based line numbers. */
export function linesOf(value: unknown): { line: number; text: string }[] {
  if (!isText(value)) return [];
  return value.split(/\r?\n/).map((text, index) => ({ line: index + 1, text: text.trim() })).filter((entry) => entry.text !== '');
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** Blacklist keywords are stored with umlauts written out (ä -> ae, ß -> ss). */
export function convertUmlauts(text: string): string {
  return text.replace(/[äöüÄÖÜß]/g, (c) => UMLAUTS[c]);
}

/** The blacklist keywords, one per line, umlauts converted and inner spaces collapsed. */
export function blacklistKeywords(value: unknown): { line: number; text: string }[] {
  return linesOf(value).map(({ line, text }) => ({ line, text: convertUmlauts(text).replace(/\s+/g, ' ') }));
}

/** A domain line as stored: a pasted address loses its scheme, path and a leading "www.". */
export function domainOf(line: string): string {
  return line.replace(/^[a-z]+:\/\//i, '').replace(/[/?#].*$/, '').replace(/^www\./i, '').toLowerCase();
}

export function domainLines(value: unknown): { line: number; text: string }[] {
  return linesOf(value).map(({ line, text }) => ({ line, text: domainOf(text) }));
}

/** Search-ad keywords: a list, or one per line (commas also separate). */
export function keywordList(value: unknown): string[] {
  const raw = Array.isArray(value) ? value.filter(isText) : isText(value) ? value.split(/[\r\n,]+/) : [];
  return raw.map((k) => k.trim()).filter(Boolean);
}

/** What the server stores of a draft: the default end, free texts and places in their stored form. */
export function normalizeDraft(draft: BookingDraft): BookingDraft {
  const out: BookingDraft = { ...draft };
  const start = toDay(out.start);
  if (out.continously === true) out.end = null;
  else if (!isFilled(out.end) && start) out.end = defaultEndDate(start);
  if (isText(out.blacklist)) out.blacklist = blacklistKeywords(out.blacklist).map((k) => k.text).join('\n');
  if (isText(out.domains) && domainLines(out.domains).length) out.domains = domainLines(out.domains).map((d) => d.text).join('\n');
  if (Array.isArray(out.countries)) out.countries = out.countries.map((c) => (isText(c) ? c.trim().toUpperCase() : c)) as string[];
  if (Array.isArray(out.channels)) out.channels = channelsOf(out);
  // Places of the earlier wizard's flat shape are stored in SPEC's (markers.ts).
  if (Array.isArray(out.markers)) out.markers = out.markers.map(toBookingMarker);
  return out;
}
