/**
 * What the bookings list decides from a booking alone (SPEC sections 2 and 4): its badge, which lifecycle
 * actions it offers, where its edit link goes and whether the list keeps refreshing. No React here.
 */
import { channelByKey, resourceByName } from '@adsuite/config';

export interface BookingRow {
  id: string;
  name?: string;
  status?: string;
  budget?: number | null;
  dailyBudget?: number | null;
  start?: string | null;
  end?: string | null;
  continously?: boolean;
  channels?: string[];
  campaign?: string | null;
  archivedAt?: string | null;
}

/** The badge groups and their colours: green for running, yellow for held, grey for over. */
export type BadgeGroup = 'pending' | 'publishing' | 'upcoming' | 'active' | 'paused' | 'finished' | 'canceled' | 'rejected';
export const BADGE_COLOR: Record<BadgeGroup, 'default' | 'info' | 'primary' | 'success' | 'warning' | 'error' | 'secondary'> = {
  pending: 'info',
  publishing: 'secondary',
  upcoming: 'primary',
  active: 'success',
  paused: 'warning',
  finished: 'default',
  canceled: 'default',
  rejected: 'error',
};

const PREPARING = ['generating creatives', 'waiting for approval', 'pending'];
const CANCELED = ['canceling', 'cancelling', 'canceled'];
/** Published and not over: pausing, extending and canceling apply. */
const LIVE = ['published', 'upcoming', 'active', 'paused'];
/** While a booking is in one of these, the list refreshes itself (SPEC sections 4 and 9). */
export const REFRESHING_STATUSES = ['generating creatives', 'waiting for approval', 'publishing'];
export const REFRESH_MS = 5000;

const dayOf = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/** Past its end date (a booking that never ends never is). */
export function hasEnded(booking: BookingRow, now = new Date()): boolean {
  if (booking.continously || !booking.end) return false;
  const end = new Date(booking.end);
  return !Number.isNaN(end.getTime()) && dayOf(end) < dayOf(now);
}

const startsLater = (booking: BookingRow, now: Date) => Boolean(booking.start) && dayOf(booking.start!) > dayOf(now);

/**
 * The dashboard's grouping (SPEC section 4) as far as the booking itself tells it: interrupted or past its end
 * is finished; published starting tomorrow or later is upcoming; generating, waiting and pending are pending.
 */
export function badgeGroup(booking: BookingRow, now = new Date()): BadgeGroup {
  const status = booking.status ?? 'pending';
  if (status === 'rejected') return 'rejected';
  if (CANCELED.includes(status)) return 'canceled';
  if (PREPARING.includes(status)) return 'pending';
  if (status === 'publishing') return 'publishing';
  if (status === 'finished' || status === 'interrupted' || hasEnded(booking, now)) return 'finished';
  if (status === 'paused') return 'paused';
  if (status === 'upcoming' || startsLater(booking, now)) return 'upcoming';
  return 'active';
}

/**
 * Which explanation of `app.bookings.info.explain` a booking's status gets: its group's, except for the two steps
 * before a booking is ready, which say who acts and what comes next.
 */
export function explanationOf(booking: BookingRow, now = new Date()): string {
  if (booking.status === 'waiting for approval') return 'waiting_for_approval';
  if (booking.status === 'generating creatives') return 'generating_creatives';
  return badgeGroup(booking, now);
}

export type LifecycleAction = 'publish' | 'pause' | 'resume' | 'cancel' | 'extend' | 'channels';

/** The lifecycle actions a booking offers someone who may change it (a viewer gets none). */
export function lifecycleActions(booking: BookingRow, now = new Date()): LifecycleAction[] {
  const status = booking.status ?? '';
  if (booking.archivedAt) return [];
  if (status === 'pending') return ['publish', 'channels'];
  if (!LIVE.includes(status) || hasEnded(booking, now)) return [];
  return [status === 'paused' ? 'resume' : 'pause', 'extend', 'channels', 'cancel'];
}

/** Completed, interrupted and canceled bookings cannot be edited (SPEC section 4). */
export function isEditable(booking: BookingRow, now = new Date()): boolean {
  return !['finished', 'interrupted', ...CANCELED].includes(booking.status ?? '') && !hasEnded(booking, now) && !booking.archivedAt;
}

/** Canceled bookings have no container code. */
export const hasContainerCode = (booking: BookingRow) => !CANCELED.includes(booking.status ?? '');

export const BOOKING_UPDATE_PATH = '/booking/update/:id';

/**
 * SPEC section 2: bookings with a daily budget open in the wizard's update route, the others at the booking's
 * declared edit route (today the same screen; the rule stays should the declaration move it).
 */
export const editRoute = (booking: BookingRow): string => (booking.dailyBudget ? BOOKING_UPDATE_PATH : resourceByName.booking.routes.edit);

export const editPath = (booking: BookingRow): string => editRoute(booking).replace(':id', encodeURIComponent(booking.id));

/** Whether the list should refresh again: while one of its bookings is still being prepared or published, until a refresh fails. */
export function nextRefresh(bookings: readonly Pick<BookingRow, 'status'>[] | undefined, failed: boolean): number | false {
  if (failed || !bookings) return false;
  return bookings.some((booking) => REFRESHING_STATUSES.includes(booking.status ?? '')) ? REFRESH_MS : false;
}

/** The host of the target URL, or null when it is no http(s) address (shown as N/A). */
export function targetHost(target: unknown): string | null {
  if (typeof target !== 'string' || !target) return null;
  try {
    const url = new URL(target);
    return ['http:', 'https:'].includes(url.protocol) && url.hostname ? url.hostname : null;
  } catch {
    return null;
  }
}

/** Equal weights when the booking names no allocation (SPEC section 9: no split means equal weights). */
export function allocationOf(booking: { channels?: string[]; allocation?: unknown }): { channel: string; weight: number }[] {
  const given = Array.isArray(booking.allocation)
    ? (booking.allocation as { channel?: unknown; weight?: unknown }[])
      .filter((entry) => typeof entry?.channel === 'string' && Number(entry.weight) > 0)
      .map((entry) => ({ channel: String(entry.channel), weight: Number(entry.weight) }))
    : [];
  if (given.length) return given;
  return (booking.channels ?? []).map((channel) => ({ channel, weight: 1 }));
}

/** The file name a download is saved under: the server's (Content-Disposition) or the given one. */
export function csvFilename(contentDisposition: string | null | undefined, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  const named = match ? decodeURIComponent(match[1].trim()) : '';
  const safe = named.replace(/[\\/]/g, '_');
  return safe && safe.toLowerCase().endsWith('.csv') ? safe : fallback;
}

/** `bookings-summer-templates.csv` for a template's bookings. */
export function templateCsvName(templateName: string | undefined): string {
  const slug = (templateName ?? '').toLowerCase().replace(/ß/g, 'ss').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return slug ? `bookings-${slug}.csv` : 'bookings.csv';
}

/**
 * The notice after 'Click to publish' (SPEC sections 4 and 8): still publishing past the server's wait, published,
 * or published with errors naming the channels that did not take it (the technicians are informed).
 */
export function publishNotice(answer: { booking?: { status?: unknown }; failedChannels?: unknown } | null | undefined): {
  message: string; type: 'info' | 'success' | 'warning'; messageArgs?: { channels: string };
} {
  if (answer?.booking?.status === 'publishing') return { message: 'app.bookings.notify.still_publishing', type: 'info' };
  const failed = Array.isArray(answer?.failedChannels) ? answer.failedChannels.filter((key): key is string => typeof key === 'string') : [];
  if (!failed.length) return { message: 'app.bookings.notify.published', type: 'success' };
  const channels = [...new Set(failed)].map((key) => channelByKey[key]?.name ?? key).join(', ');
  return { message: 'app.bookings.notify.published_with_errors', type: 'warning', messageArgs: { channels } };
}
