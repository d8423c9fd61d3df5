/** The profile page' texts: `app.profile.<key>` from the admin's catalogue, else this plugin's own (messages.ts). */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('profile', messages);
