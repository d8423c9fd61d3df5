/** The Instant Report's texts (messages.ts) and channels; its numbers are the statistics screens' (shared/useFormat.ts). */
import { channelByKey } from '@adsuite/config';
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useReportText = () => usePluginText('instant_report', messages);
export type ReportText = ReturnType<typeof useReportText>;
export { useFormat, type Format } from '../shared/useFormat.ts';

/** A channel's name from the catalogue (the key when unknown). */
export const channelName = (key: string | null | undefined) => (key ? channelByKey[key]?.name ?? key : '');
export const channelColor = (key: string | null | undefined) => (key ? channelByKey[key]?.color ?? '#607d8b' : '#607d8b');
