/** The bookings list replaces the generated one at /bookings. */
import type { PluginRoute } from '@adsuite/admin/kit';
import { BookingList } from './BookingList.tsx';

export const bookingListRoutes: PluginRoute[] = [{ path: '/bookings', title: 'app.bookings.title', component: BookingList }];
