/**
 * The dashboard's status groups of bookings (SPEC section 4 "Dashboard grouping"), from the booking, its line
 * items and the chosen date range. No React here: the bookings table, its badges and the CSV read it.
 *
 * - interrupted, or the end date passed: finished;
 * - published (published, upcoming, active, paused) and starting tomorrow or later: upcoming;
 * - published and running over a period that overlaps the range: active when a line item is active; else paused
 *   when an inactive line item is user-paused; else active when one is auto-paused (the budget or balance holds it);
 *   without line items that say so, the booking's own status decides (paused stays paused);
 * - generating creatives, waiting for approval, pending (and publishing, on its way there): pending;
 * - rejected: rejected (hidden by default); canceling and canceled: canceled.
 */

export const GROUPS = ['active', 'paused', 'upcoming', 'pending', 'finished', 'canceled', 'rejected'] as const;
export type Group = (typeof GROUPS)[number];
/** Groups whose bookings the table hides until their badge is clicked. */
export const HIDDEN_BY_DEFAULT: readonly Group[] = ['rejected'];

export const GROUP_COLOR: Record<Group, 'success' | 'warning' | 'primary' | 'info' | 'default' | 'error'> = {
  active: 'success', paused: 'warning', upcoming: 'primary', pending: 'info', finished: 'default', canceled: 'default', rejected: 'error',
};

export interface GroupedLineItem {
  active?: boolean | null;
  autopaused?: boolean | null;
  userpaused?: boolean | null;
}

export interface GroupedBooking {
  status?: string | null;
  start?: string | null;
  end?: string | null;
  continously?: boolean | null;
}

/** A day range, YYYY-MM-DD, both ends included. */
export interface Range {
  start: string;
  end: string;
}

const PUBLISHED = ['published', 'upcoming', 'active', 'paused'];
const PREPARING = ['generating creatives', 'waiting for approval', 'pending', 'publishing'];
const CANCELED = ['canceling', 'cancelling', 'canceled'];

export const dayOf = (value: string | Date) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toISOString().slice(0, 10));

/** A line item counts as running when it is active and nobody paused it (SPEC section 4: user-paused reads inactive). */
export const lineItemRuns = (item: GroupedLineItem) => Boolean(item.active) && !item.userpaused;

export function groupOf(booking: GroupedBooking, lineitems: readonly GroupedLineItem[], range: Range, today: string): Group {
  const status = booking.status ?? 'pending';
  const start = booking.start ? dayOf(booking.start) : null;
  const end = booking.continously || !booking.end ? null : dayOf(booking.end);
  if (status === 'interrupted' || status === 'finished' || (end !== null && end < today)) return 'finished';
  if (status === 'rejected') return 'rejected';
  if (CANCELED.includes(status)) return 'canceled';
  if (PREPARING.includes(status)) return 'pending';
  if (!PUBLISHED.includes(status)) return 'pending';
  if (start !== null && start > today) return 'upcoming';
  const overlaps = (start === null || start <= range.end) && (end === null || end >= range.start);
  if (overlaps && lineitems.length) {
    if (lineitems.some(lineItemRuns)) return 'active';
    if (lineitems.some((item) => item.userpaused)) return 'paused';
    if (lineitems.some((item) => item.autopaused)) return 'active';
  }
  return status === 'paused' ? 'paused' : 'active';
}
