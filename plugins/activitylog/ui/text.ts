/** The activity log's texts (config/i18n/staffScreens.ts) in the reader's language. */
import { usePluginText } from '@adsuite/admin/kit';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';

const messages = { de: staffScreenMessages.de.activity_log, en: staffScreenMessages.en.activity_log };
export const useLogText = () => usePluginText('staff_activity', messages);
