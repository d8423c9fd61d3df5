/**
 * Creative approval (/approvals: creatives and line item changes reviewed per channel, CreativeApproval.tsx), and
 * the places of the conversion and click approval of a campaign (SPEC section 2).
 */
import ApprovalIcon from '@mui/icons-material/Approval';
import { useParams } from 'react-router';
import { onDemand, PlannedScreen, type PluginUi } from '@adsuite/admin/kit';

function CampaignApproval({ kind }: { kind: 'conversion' | 'click' }) {
  const { id } = useParams();
  return (
    <PlannedScreen
      title={`app.${kind}_approval.title`}
      about="campaign"
      intro={`app.${kind}_approval.intro`}
      links={[{ to: `/campaign/stats/${id}`, route: '/campaign/stats/:id', label: 'app.instant_report.title' }]}
    />
  );
}

const ConversionApproval = () => <CampaignApproval kind="conversion" />;
const ClickApproval = () => <CampaignApproval kind="click" />;

const plugin: PluginUi = {
  name: 'approvals',
  routes: [
    { path: '/campaign/conversions/:id', title: 'app.conversion_approval.title', component: ConversionApproval, placeholder: true },
    { path: '/campaign/clicks/:id', title: 'app.click_approval.title', component: ClickApproval, placeholder: true },
    { path: '/approvals', title: 'app.approvals.title', component: onDemand(() => import('./CreativeApproval.tsx'), 'CreativeApproval') },
  ],
  menu: [{ to: '/approvals', label: 'app.approvals.title', section: 'main', icon: ApprovalIcon, rank: 70, roles: ['administrator', 'systemoperator'] }],
};

export default plugin;
