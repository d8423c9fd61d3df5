/** The accounts plugin in the admin: the staff's activation of agencies on the user edit screen, the outbox notice. */
import type { PluginUi } from '@adsuite/admin/kit';
import { ActivateAgencyButton } from './ActivateAgencyButton.tsx';
import { OutboxNotice } from './OutboxNotice.tsx';

const plugin: PluginUi = {
  name: 'accounts',
  widgets: { recordActions: { login: [ActivateAgencyButton] }, listNotices: { outbox: [OutboxNotice] } },
};

export default plugin;
