/** The dashboard at `/`; accounting and the publisher area are sent on by the route table. */
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ROLES } from '@adsuite/config';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'dashboard',
  // Loaded when the page opens: its code (and recharts, later still) stays out of the admin's first load.
  routes: [{ path: '/', title: 'app.dashboard.title', component: onDemand(() => import('./Dashboard.tsx'), 'Dashboard') }],
  // SPEC section 6: the dashboard for all but administrator and accounting; the publisher has /p.
  menu: [{
    to: '/', label: 'app.dashboard.title', section: 'main', icon: DashboardIcon, rank: 0,
    roles: ROLES.filter((role) => !['administrator', 'accounting', 'publisher'].includes(role)),
  }],
};

export default plugin;
