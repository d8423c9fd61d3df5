import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

/** The shared parts' texts (messages.ts). */
export const useToolText = () => usePluginText('report_tools', messages);
