/** The activity log (SPEC section 2 "/campaignlogsnew", administrator and above). */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'activitylog',
  routes: [{ path: '/campaignlogsnew', title: 'app.activity_log.title', component: onDemand(() => import('./ActivityLog.tsx'), 'ActivityLog') }],
  menu: [{ to: '/campaignlogsnew', label: 'app.activity_log.title', section: 'admin', roles: ['systemoperator'] }],
};

export default plugin;
