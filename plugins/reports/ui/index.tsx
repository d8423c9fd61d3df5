/**
 * A campaign's statistics: the Instant Report (/campaign/stats/:id; viewers are refused by the route table)
 * and Expert Analytics (/campaign/:id, the systemoperator's alone: others read SPEC's refusal).
 */
import type { PluginUi } from '@adsuite/admin/kit';
import { ExpertAnalytics } from './expert/ExpertAnalytics.tsx';
import { InstantReport } from './instant/InstantReport.tsx';

const plugin: PluginUi = {
  name: 'reports',
  routes: [
    { path: '/campaign/stats/:id', title: 'app.instant_report.title', component: InstantReport, placeholder: true },
    { path: '/campaign/:id', title: 'app.expert_analytics.title', component: ExpertAnalytics, placeholder: true },
  ],
};

export default plugin;
