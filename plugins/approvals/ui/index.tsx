/**
 * Creative approval (/approvals: creatives and line item changes reviewed per channel, CreativeApproval.tsx), and
 * the conversion and click approval of a campaign (/campaign/conversions/:id, /campaign/clicks/:id, EventApproval.tsx).
 */
import ApprovalIcon from '@mui/icons-material/Approval';
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'approvals',
  routes: [
    { path: '/campaign/conversions/:id', title: 'app.conversion_approval.title', component: onDemand(() => import('./ConversionApproval.tsx'), 'ConversionApproval') },
    { path: '/campaign/clicks/:id', title: 'app.click_approval.title', component: onDemand(() => import('./ConversionApproval.tsx'), 'ClickApproval') },
    { path: '/approvals', title: 'app.approvals.title', component: onDemand(() => import('./CreativeApproval.tsx'), 'CreativeApproval') },
  ],
  menu: [{ to: '/approvals', label: 'app.approvals.title', section: 'main', icon: ApprovalIcon, rank: 70, roles: ['administrator', 'systemoperator'] }],
};

export default plugin;
