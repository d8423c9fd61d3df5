/** The dashboard at `/`; accounting and the publisher area are sent on by the route table. */
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ROLES } from '@adsuite/config';
import type { PluginUi } from '@adsuite/admin/kit';
import { DashboardRoute, preloadDashboard } from './DashboardRoute.tsx';

const plugin: PluginUi = {
  name: 'dashboard',
  // The screen's code (and recharts, later still) stays out of the admin's first load; the route asks for the
  // figures while it loads, from the admin's start on when it starts here.
  routes: [{ path: '/', title: 'app.dashboard.title', component: DashboardRoute, preload: preloadDashboard }],
  // SPEC section 6: the dashboard for all but administrator and accounting; the publisher has /p.
  menu: [{
    to: '/', label: 'app.dashboard.title', section: 'main', icon: DashboardIcon, rank: 0,
    roles: ROLES.filter((role) => !['administrator', 'accounting', 'publisher'].includes(role)),
  }],
};

export default plugin;
