/** The dashboard at `/`; accounting and the publisher area are sent on by the route table. */
import DashboardIcon from '@mui/icons-material/Dashboard';
import { ROLES } from '@adsuite/config';
import type { PluginUi } from '@adsuite/admin/kit';
import { Dashboard } from './Dashboard.tsx';

const plugin: PluginUi = {
  name: 'dashboard',
  routes: [{ path: '/', title: 'app.dashboard.title', component: Dashboard }],
  // SPEC section 6: the dashboard for all but administrator and accounting; the publisher has /p.
  menu: [{
    to: '/', label: 'app.dashboard.title', section: 'main', icon: DashboardIcon, rank: 0,
    roles: ROLES.filter((role) => !['administrator', 'accounting', 'publisher'].includes(role)),
  }],
};

export default plugin;
