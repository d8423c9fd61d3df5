/** The approval screens' texts: `app.approvals.<key>` from the admin's catalogue, else this plugin's own (messages.ts). */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('approvals', messages);
