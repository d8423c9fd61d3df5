/** Expert Analytics' texts (messages.ts); its numbers are the statistics screens' (shared/useFormat.ts). */
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useExpertText = () => usePluginText('expert_analytics', messages);
export { useFormat, type Format } from '../shared/useFormat.ts';
