/**
 * The dashboard's queries, named once for the screen and for the route, which starts them while the screen's code
 * is still loading (index.tsx): the analytics of the opening selection (the last 7 days, every booking) and the
 * advertiser's bookings, templates and line items. The analytics follow the batches committed while the screen is open.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lastDays } from '@adsuite/admin/kit';
import { fetchAnalytics, fetchBookings, fetchLineItems, fetchTemplates, type Booking, type Selection } from './dashboardApi.ts';

/** An answer this fresh is shown as it is: the screen does not ask again for what the route just fetched. */
const staleTime = 10_000;

export const openingSelection = (): Selection => ({ range: lastDays(7), bookings: [], bookingtemplates: [], compare: false });

/**
 * How often the open dashboard reads its analytics again: event batches commit all the time, so its figures and
 * its "Daten vom" move on while it stays open. react-query pauses the interval while the tab is hidden.
 */
export const FIGURES_REFRESH_MS = 30_000;

export const analyticsQuery = (advertiser: string | null, selection: Selection) => ({
  queryKey: ['dashboard', advertiser, 'analytics', selection],
  queryFn: () => fetchAnalytics(selection),
  staleTime,
  refetchInterval: FIGURES_REFRESH_MS,
});

/** Statuses that change on their own soon: while a booking has one, its list is read again (SPEC sections 4 and 9). */
const CHANGING = ['generating creatives', 'waiting for approval', 'publishing'];
export const REFRESH_MS = 5000;

/** Every 5 seconds while a booking is being prepared or published, until a refresh fails (then silently no more). */
export const refreshWhileChanging = (query: { state: { status: string; data?: Booking[] } }) =>
  query.state.status !== 'error' && query.state.data?.some((booking) => CHANGING.includes(booking.status ?? '')) ? REFRESH_MS : false;

/** The lists beside the analytics, by the resource the user must be allowed to read. */
export const listQueries = (advertiser: string | null) => ({
  // Read anew whenever the dashboard opens: a booking made or approved meanwhile (in the wizard, by staff) shows at once.
  booking: { queryKey: ['dashboard', advertiser, 'bookings'], queryFn: () => fetchBookings(advertiser!), staleTime, refetchOnMount: 'always' as const },
  bookingtemplate: { queryKey: ['dashboard', advertiser, 'templates'], queryFn: () => fetchTemplates(advertiser!), staleTime },
  lineitem: { queryKey: ['dashboard', advertiser, 'lineitems'], queryFn: () => fetchLineItems(advertiser!), staleTime },
});

/** Starts the opening page's queries: the analytics, and the lists among `readable` (resources the user may read). */
export function prefetchDashboard(client: QueryClient, advertiser: string | null, readable: (resource: string) => boolean) {
  if (!advertiser) return;
  void client.prefetchQuery(analyticsQuery(advertiser, openingSelection()));
  for (const [resource, query] of Object.entries(listQueries(advertiser))) if (readable(resource)) void client.prefetchQuery(query);
}
