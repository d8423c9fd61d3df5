/** The catalog screen's texts: `app.catalogs.<key>` from the admin's catalogue, else this plugin's own (messages.ts). */
import { useLocaleState } from 'react-admin';
import { usePluginText } from '@adsuite/admin/kit';
import { formatCount } from '@adsuite/config/i18n/format';
import { messages } from './messages.ts';

export const useText = () => usePluginText('catalogs', messages);

/** Counts in the reader's language ('26.294' / '26,294'). */
export function useCount() {
  const [locale] = useLocaleState();
  return (value: number) => formatCount(value, locale === 'en' ? 'en' : 'de');
}
