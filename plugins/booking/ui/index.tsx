/** The booking plugin's screens: the wizard (wizard/), the bookings list, templates and line items. */
import AddCircleIcon from '@mui/icons-material/AddCircle';
import type { PluginUi } from '@adsuite/admin/kit';
import { bookingWizardRoutes } from './wizard/routes.ts';
import { bookingListRoutes } from './list/routes.ts';
import { bookingTemplateRoutes } from './templates/routes.ts';
import { lineItemRoutes } from './lineitems/routes.ts';
import { PublishUnderStatus } from './list/PublishButton.tsx';

const plugin: PluginUi = {
  name: 'booking',
  routes: [
    ...bookingWizardRoutes,
    ...bookingListRoutes, ...bookingTemplateRoutes, ...lineItemRoutes,
  ],
  // 'Click to publish' under a pending booking's status on the dashboard too.
  widgets: { bookingStatus: [PublishUnderStatus] },
  menu: [{
    to: '/booking/create', label: 'app.menu.new_booking', section: 'main', icon: AddCircleIcon, rank: 21,
    roles: ['administrator', 'advertiser', 'agency', 'co_worker'],
  }],
};

export default plugin;
