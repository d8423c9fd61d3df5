/**
 * The affiliate wizard (SPEC section 2 "Affiliate wizard" and "Modals"; issue 37): the create and edit screens of
 * /wizards with presets, pickers, the ad code's live preview and set-live; the tracking-code modal on a tracking
 * code's edit screen; the assignment push on an assignment's edit screen. The list /wizards is the generated one.
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';
import { AssignmentPushButton } from './AssignmentPushButton.tsx';
import { TrackingCodeButton } from './TrackingCodeDialog.tsx';

const plugin: PluginUi = {
  name: 'affiliate',
  routes: [
    { path: '/wizard/new', title: 'app.wizard_create.title', component: onDemand(() => import('./WizardScreens.tsx'), 'WizardCreate') },
    { path: '/wizard/edit/:id', title: 'app.wizard_edit.title', component: onDemand(() => import('./WizardScreens.tsx'), 'WizardEdit') },
  ],
  widgets: { recordActions: { trackingcode: [TrackingCodeButton], assignment: [AssignmentPushButton] } },
};

export default plugin;
