/** The placements screen's texts (`app.delivery.<key>` from the admin's catalogue where it has it, else messages.ts). */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('delivery', messages);
