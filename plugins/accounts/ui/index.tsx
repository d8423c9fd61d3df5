/** The accounts plugin in the admin: the staff's activation of agencies on the user edit screen. */
import type { PluginUi } from '@adsuite/admin/kit';
import { ActivateAgencyButton } from './ActivateAgencyButton.tsx';

const plugin: PluginUi = {
  name: 'accounts',
  widgets: { recordActions: { login: [ActivateAgencyButton] } },
};

export default plugin;
