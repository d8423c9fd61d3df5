/** The wizard's pages: a new booking and the change of an existing one (SPEC section 2). */
import type { PluginRoute } from '@adsuite/admin/kit';
import { BookingWizard } from './BookingWizard.tsx';

export const bookingWizardRoutes: PluginRoute[] = [
  { path: '/booking/create', title: 'app.booking_wizard.title_create', component: BookingWizard },
  { path: '/booking/update/:id', title: 'app.booking_wizard.title_update', component: BookingWizard },
];
