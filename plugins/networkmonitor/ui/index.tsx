/** Network monitoring (SPEC section 2 "Other routes" /network-monitoring): administrator and above, wizard. */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'networkmonitor',
  routes: [{ path: '/network-monitoring', title: 'app.network_monitoring.title', component: onDemand(() => import('./NetworkMonitoring.tsx'), 'NetworkMonitoring') }],
  menu: [{ to: '/network-monitoring', label: 'app.network_monitoring.title', section: 'admin', roles: ['systemoperator', 'wizard'] }],
};

export default plugin;
