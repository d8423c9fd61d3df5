/** The finance screens' texts: `app.finances.<key>` from the admin's catalogue, else this plugin's own (messages.ts). */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('finances', messages);
