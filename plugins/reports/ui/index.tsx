/**
 * A campaign's statistics: the Instant Report (/campaign/stats/:id; viewers are refused by the route table)
 * and Expert Analytics (/campaign/:id, the systemoperator's alone: others read SPEC's refusal); the publisher's
 * view of a campaign (/p/campaign/stats/:id).
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'reports',
  routes: [
    { path: '/campaign/stats/:id', title: 'app.instant_report.title', component: onDemand(() => import('./instant/InstantReport.tsx'), 'InstantReport') },
    // The publisher's view of a campaign: its own rows only (replaces the publisher area's placeholder).
    { path: '/p/campaign/stats/:id', title: 'app.publisher_campaign_stats.title', component: onDemand(() => import('./instant/PublisherCampaignStats.tsx'), 'PublisherCampaignStats') },
    // On demand: recharts and the screen load when the page first opens.
    { path: '/campaign/:id', title: 'app.expert_analytics.title', component: onDemand(() => import('./expert/ExpertAnalytics.tsx'), 'ExpertAnalytics') },
  ],
};

export default plugin;
