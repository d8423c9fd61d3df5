/**
 * The publisher area (SPEC section 2, issue 35): the publisher's home (/p), its campaigns and invitations with the
 * ad codes that earn (/p/campaigns), its websites (/websites), and staff's invitations of publishers to a campaign
 * (/campaign/invitations/:id, also from a campaign's edit screen). The campaign statistics for the publisher
 * (/p/campaign/stats/:id) are the reports plugin's.
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { onDemand, PlannedScreen, type PluginUi } from '@adsuite/admin/kit';
import { InvitationsButton } from './InvitationsButton.tsx';

const PublisherCampaignStats = () => (
  <PlannedScreen
    title="app.publisher_campaign_stats.title"
    about="campaign"
    intro="app.publisher_campaign_stats.intro"
    links={[{ to: '/p/campaigns', label: 'app.publisher_campaigns.title' }]}
  />
);

const CampaignInvitations = onDemand(() => import('./CampaignInvitations.tsx'), 'CampaignInvitations');

const plugin: PluginUi = {
  name: 'publisher-area',
  routes: [
    { path: '/p', title: 'app.publisher_area.title', component: onDemand(() => import('./PublisherHome.tsx'), 'PublisherHome') },
    { path: '/p/campaigns', title: 'app.publisher_campaigns.title', component: onDemand(() => import('./PublisherCampaigns.tsx'), 'PublisherCampaigns') },
    { path: '/p/campaign/stats/:id', title: 'app.publisher_campaign_stats.title', component: PublisherCampaignStats, placeholder: true },
    { path: '/websites', title: 'resources.website.name', component: onDemand(() => import('./Websites.tsx'), 'Websites') },
    { path: '/campaign/invitations', title: 'resources.invitation.name', component: CampaignInvitations },
    { path: '/campaign/invitations/:id', title: 'resources.invitation.name', component: CampaignInvitations },
  ],
  menu: [
    { to: '/p', label: 'app.publisher_area.title', section: 'main', icon: StorefrontIcon, rank: 1, roles: ['publisher', 'systemoperator'] },
    { to: '/p/campaigns', label: 'app.publisher_campaigns.title', section: 'main', icon: CampaignIcon, rank: 11, roles: ['publisher'] },
    { to: '/campaign/invitations', label: 'resources.invitation.name', section: 'main', icon: GroupAddIcon, rank: 84, roles: ['affiliatemanager'] },
    { to: '/campaign/invitations', label: 'resources.invitation.name', section: 'management', roles: ['administrator', 'systemoperator'] },
  ],
  widgets: { recordActions: { campaign: [InvitationsButton] } },
};

export default plugin;
