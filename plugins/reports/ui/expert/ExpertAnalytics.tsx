/** Expert Analytics of a campaign (/campaign/:id), the systemoperator's alone. */
import { useParams } from 'react-router';
import { Alert } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { PlannedScreen, useAbilityState } from '@adsuite/admin/kit';

const campaigns = resourceByName.campaign.routes.list;

export function ExpertAnalytics() {
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
