/**
 * A campaign's statistics: the Instant Report (/campaign/stats/:id; viewers are refused by the route table)
 * and Expert Analytics (/campaign/:id, the systemoperator's alone: others read SPEC's refusal).
 */
import { useParams } from 'react-router';
import { Alert } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { PlannedScreen, useAbilityState, type PluginUi } from '@adsuite/admin/kit';

const campaigns = resourceByName.campaign.routes.list;

function InstantReport() {
  const { id } = useParams();
  return (
    <PlannedScreen
      title="app.instant_report.title"
      about="campaign"
      intro="app.instant_report.intro"
      links={[
        { to: `/campaign/conversions/${id}`, route: '/campaign/conversions/:id', label: 'app.conversion_approval.title' },
        { to: `/campaign/clicks/${id}`, route: '/campaign/clicks/:id', label: 'app.click_approval.title' },
        { to: campaigns, label: 'resources.campaign.name' },
      ]}
    />
  );
}

function ExpertAnalytics() {
  const { id } = useParams();
  const { user } = useAbilityState();
  const translate = useTranslate();
  // SPEC section 2: checked from the stored role; anyone else reads the refusal, not a 403.
  if (user?.role !== 'systemoperator') {
    return (
      <>
        <Title title={translate('app.expert_analytics.title')} />
        <Alert severity="error" sx={{ mt: 2 }}>{translate('app.expert_analytics.not_allowed')}</Alert>
      </>
    );
  }
  return (
    <PlannedScreen
      title="app.expert_analytics.title"
      about="campaign"
      intro="app.expert_analytics.intro"
      links={[{ to: `/campaign/stats/${id}`, route: '/campaign/stats/:id', label: 'app.instant_report.title' }, { to: campaigns, label: 'resources.campaign.name' }]}
    />
  );
}

const plugin: PluginUi = {
  name: 'reports',
  routes: [
    { path: '/campaign/stats/:id', title: 'app.instant_report.title', component: InstantReport, placeholder: true },
    { path: '/campaign/:id', title: 'app.expert_analytics.title', component: ExpertAnalytics, placeholder: true },
  ],
};

export default plugin;
