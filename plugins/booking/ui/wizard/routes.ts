/** The wizard's pages: a new booking and the change of an existing one (SPEC section 2). */
import { onDemand, type PluginRoute } from '@adsuite/admin/kit';

export const bookingWizardRoutes: PluginRoute[] = [
  { path: '/booking/create', title: 'app.booking_wizard.title_create', component: onDemand(() => import('./BookingWizard.tsx'), 'BookingWizard') },
  { path: '/booking/update/:id', title: 'app.booking_wizard.title_update', component: onDemand(() => import('./BookingWizard.tsx'), 'BookingWizard') },
];
