/** The publisher area (SPEC section 2): /p, /p/campaigns and a campaign's statistics for the publisher. */
import CampaignIcon from '@mui/icons-material/Campaign';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

const PublisherArea = () => (
  <PlannedScreen
    title="app.publisher_area.title"
    intro="app.publisher_area.intro"
    links={[{ to: '/p/campaigns', label: 'app.publisher_campaigns.title' }, { to: '/publishers', label: 'resources.publisher.name' }, { to: '/websites', label: 'resources.website.name' }]}
  />
);
const PublisherCampaigns = () => <PlannedScreen title="app.publisher_campaigns.title" intro="app.publisher_campaigns.intro" links={[{ to: '/p', label: 'app.publisher_area.title' }]} />;

const PublisherCampaignStats = () => (
  <PlannedScreen
    title="app.publisher_campaign_stats.title"
    about="campaign"
    intro="app.publisher_campaign_stats.intro"
    links={[{ to: '/p/campaigns', label: 'app.publisher_campaigns.title' }]}
  />
);

const plugin: PluginUi = {
  name: 'publisher-area',
  routes: [
    { path: '/p', title: 'app.publisher_area.title', component: PublisherArea, placeholder: true },
    { path: '/p/campaigns', title: 'app.publisher_campaigns.title', component: PublisherCampaigns, placeholder: true },
    { path: '/p/campaign/stats/:id', title: 'app.publisher_campaign_stats.title', component: PublisherCampaignStats, placeholder: true },
  ],
  menu: [
    { to: '/p', label: 'app.publisher_area.title', section: 'main', icon: StorefrontIcon, rank: 1, roles: ['publisher', 'systemoperator'] },
    { to: '/p/campaigns', label: 'app.publisher_campaigns.title', section: 'main', icon: CampaignIcon, rank: 11, roles: ['publisher'] },
  ],
};

export default plugin;
