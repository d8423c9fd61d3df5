/**
 * What the dashboard reads: the analytics and detail cards of plugins/reports (GET /api/dashboard/analytics,
 * /api/dashboard/details), and the selected advertiser's bookings, booking templates and line items from the
 * generic REST API. Every call goes through the admin's apiFetch (token, tenant and language headers).
 */
import { API, apiFetch } from '@adsuite/admin/kit';
import type { Range } from './grouping.ts';

export interface Figures {
  impressions: number;
  clicks: number;
  conversions: number;
  cost: number;
  ctr: number;
  /** Invalid views, clicks and conversions (a bot's, a click without a view, ...): in none of the figures above, never billed. */
  invalid: number;
  /** Their share of every event in percent, 2 decimals. */
  invalidShare: number;
}

export interface DayFigures extends Figures {
  date: string;
}

export interface TemplateRow extends Figures {
  id: string;
  name: string;
  bookings: number;
}

export interface BookingFigures extends Figures {
  id: string;
  name: string;
  status: string | null;
  campaign: string | null;
  bookingtemplate: string | null;
}

export interface WebsiteRow extends Figures {
  location: string;
  app: boolean;
}

/** The previous period of a comparison: the same number of days before the range. */
export interface PreviousPeriod {
  range: Range;
  totals: Figures;
  stats: DayFigures[];
}

export interface Analytics {
  range: Range;
  tracking: boolean;
  emptySelection: boolean;
  stats: DayFigures[];
  totals: Figures;
  templates: TemplateRow[];
  bookings: BookingFigures[];
  websites: WebsiteRow[];
  websitesTotal: number;
  /** With compare=previous. */
  previous: PreviousPeriod | null;
  /** When an event batch last added to the figures (ISO, UTC); null before the first. */
  dataAsOf: string | null;
}

export interface Details extends Figures {
  kind: 'booking' | 'bookingtemplate';
  id: string;
  name: string;
  bookings: number;
  statuses: Record<string, number>;
  lineitems: { active: number; inactive: number };
  creatives: number;
  budget: number | null;
  dailyBudget: number | null;
  spent: number;
  spentToday: number;
  remainingPercent: number | null;
  topCreatives: (Figures & { _id: string | null; name: string | null; width: number | null; height: number | null })[];
  topWebsites: WebsiteRow[];
  channels: (Figures & { channel: string | null; name: string | null; color: string | null; costShare: number; clickShare: number })[];
}

export interface Booking {
  id: string;
  name: string;
  status: string | null;
  campaign: string | null;
  bookingtemplate: string | null;
  budget: number | null;
  dailyBudget: number | null;
  start: string | null;
  end: string | null;
  continously: boolean;
  channels: string[];
  allocation: unknown;
  target: string | null;
  gender: string | null;
  age: string[];
  markers: unknown[];
  countries: string[];
  cdpSegments: unknown[];
  creatives: unknown[];
}

export interface LineItem {
  id: string;
  name: string;
  booking: string | null;
  campaign: string | null;
  channel: string | null;
  active: boolean;
  autopaused: boolean;
  userpaused: boolean;
}

export interface Template {
  id: string;
  name: string;
}

export interface Selection {
  range: Range;
  bookings: string[];
  bookingtemplates: string[];
  /** The previous period too. */
  compare: boolean;
}

const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else search.set(key, value);
  }
  return search.toString();
};

const read = async <T>(url: string): Promise<T> => (await apiFetch(url)).json as T;

export const fetchAnalytics = ({ range, bookings, bookingtemplates, compare }: Selection) =>
  read<Analytics>(`${API}/dashboard/analytics?${query({ start: range.start, end: range.end, bookings, bookingtemplates, ...(compare ? { compare: 'previous' } : {}) })}`);

export const fetchDetails = (kind: 'booking' | 'bookingtemplate', id: string, range: Range) =>
  read<Details>(`${API}/dashboard/details?${query({ [kind]: id, start: range.start, end: range.end })}`);

/**
 * Every record of a resource the selected advertiser has (the API's largest page: the dashboard lists them all).
 * Filtered by the advertiser: staff reach every advertiser's records, and the dashboard is the selected one's.
 */
const everything = <T>(resource: string, advertiser: string, sort: [string, string]) =>
  read<T[]>(`${API}/${resource}?${query({ range: '[0,999]', sort: JSON.stringify(sort), filter: JSON.stringify({ advertiser }) })}`);

export const fetchBookings = (advertiser: string) => everything<Booking>('booking', advertiser, ['created', 'DESC']);
export const fetchTemplates = (advertiser: string) => everything<Template>('bookingtemplate', advertiser, ['name', 'ASC']);
export const fetchLineItems = (advertiser: string) => everything<LineItem>('lineitem', advertiser, ['name', 'ASC']);
