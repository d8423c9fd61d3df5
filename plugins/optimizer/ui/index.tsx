/** The optimization dashboards of SPEC section 2 (systemoperator, wizard, affiliatemanager). */
import InsightsIcon from '@mui/icons-material/Insights';
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const links = [{ to: '/optimizers', label: 'resources.optimizer.name' }, { to: '/accesslogs', label: 'resources.accesslog.name' }];

const NetworkMonitoring = () => <PlannedScreen title="app.network_monitoring.title" intro="app.network_monitoring.intro" links={links} />;
const AffiliateDashboard = () => <PlannedScreen title="app.affiliate.title" intro="app.affiliate.intro" links={[...links, { to: '/crrs', label: 'resources.crr.name' }]} />;
const AffiliateDashboardOld = () => <PlannedScreen title="app.affiliateold.title" intro="app.affiliateold.intro" links={links} />;

const plugin: PluginUi = {
  name: 'optimizer',
  routes: [
    { path: '/network-monitoring', title: 'app.network_monitoring.title', component: NetworkMonitoring, placeholder: true },
    { path: '/affiliate', title: 'app.affiliate.title', component: AffiliateDashboard, fullWidth: true, placeholder: true },
    { path: '/affiliateold', title: 'app.affiliateold.title', component: AffiliateDashboardOld, placeholder: true },
  ],
  menu: [
    { to: '/affiliate', label: 'app.menu.affiliate_dashboard', section: 'main', icon: InsightsIcon, rank: 81, roles: ['affiliatemanager'] },
    { to: '/network-monitoring', label: 'app.network_monitoring.title', section: 'admin', roles: ['systemoperator', 'wizard'] },
    { to: '/affiliate', label: 'app.affiliate.title', section: 'admin', roles: ['systemoperator'] },
    { to: '/affiliateold', label: 'app.affiliateold.title', section: 'admin', roles: ['systemoperator'] },
  ],
};

export default plugin;
