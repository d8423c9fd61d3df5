/** The activity log (SPEC section 2 "/campaignlogsnew"); meanwhile the campaign log list holds the entries. */
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const ActivityLog = () => <PlannedScreen title="app.activity_log.title" intro="app.activity_log.intro" links={[{ to: '/campaignlogs', label: 'resources.campaignlog.name' }]} />;

const plugin: PluginUi = {
  name: 'activitylog',
  routes: [{ path: '/campaignlogsnew', title: 'app.activity_log.title', component: ActivityLog, placeholder: true }],
  menu: [{ to: '/campaignlogsnew', label: 'app.activity_log.title', section: 'admin', roles: ['systemoperator'] }],
};

export default plugin;
