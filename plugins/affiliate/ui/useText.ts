/** The affiliate wizard's texts: `app.affiliate_wizard.<key>` from the admin's catalogue where it has it, else messages.ts. */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('affiliate_wizard', messages);
