/** The booking wizard at /booking/create (SPEC sections 1 and 2); for now it says what it will do. */
import AddCircleIcon from '@mui/icons-material/AddCircle';
import { resourceByName } from '@adsuite/config';
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';
import { bookingListRoutes } from './list/routes.ts';
import { bookingTemplateRoutes } from './templates/routes.ts';
import { lineItemRoutes } from './lineitems/routes.ts';

const BookingWizard = () => (
  <PlannedScreen
    title="app.booking_create.title"
    intro="app.booking_create.intro"
    links={[{ to: resourceByName.booking.routes.list, label: 'resources.booking.name' }]}
  />
);

const plugin: PluginUi = {
  name: 'booking',
  routes: [
    { path: '/booking/create', title: 'app.booking_create.title', component: BookingWizard, placeholder: true },
    ...bookingListRoutes, ...bookingTemplateRoutes, ...lineItemRoutes,
  ],
  menu: [{
    to: '/booking/create', label: 'app.menu.new_booking', section: 'main', icon: AddCircleIcon, rank: 21,
    roles: ['administrator', 'advertiser', 'agency', 'co_worker'],
  }],
};

export default plugin;
