/** The Instant Report of a campaign (/campaign/stats/:id). */
import { useParams } from 'react-router';
import { resourceByName } from '@adsuite/config';
import { PlannedScreen } from '@adsuite/admin/kit';

const campaigns = resourceByName.campaign.routes.list;

export function InstantReport() {
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
