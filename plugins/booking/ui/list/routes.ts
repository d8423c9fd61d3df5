/** The bookings list replaces the generated one at /bookings. */
import { onDemand, type PluginRoute } from '@adsuite/admin/kit';

export const bookingListRoutes: PluginRoute[] = [{ path: '/bookings', title: 'app.bookings.title', component: onDemand(() => import('./BookingList.tsx'), 'BookingList') }];
