/** The optimization dashboards of SPEC section 2 (systemoperator, wizard, affiliatemanager). */
import InsightsIcon from '@mui/icons-material/Insights';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'optimizer',
  routes: [
    { path: '/affiliate', title: 'app.affiliate.title', component: onDemand(() => import('./AffiliateDashboard.tsx'), 'AffiliateDashboard'), fullWidth: true },
    { path: '/affiliateold', title: 'app.affiliateold.title', component: onDemand(() => import('./FirstDashboard.tsx'), 'FirstDashboard') },
  ],
  menu: [
    { to: '/affiliate', label: 'app.menu.affiliate_dashboard', section: 'main', icon: InsightsIcon, rank: 81, roles: ['affiliatemanager'] },
    { to: '/affiliate', label: 'app.affiliate.title', section: 'admin', roles: ['systemoperator'] },
    { to: '/affiliateold', label: 'app.affiliateold.title', section: 'admin', roles: ['systemoperator'] },
  ],
};

export default plugin;
