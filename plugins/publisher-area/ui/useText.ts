/** The publisher area's texts (`app.publisher_area.<key>` from the admin's catalogue where it has it, else messages.ts) and formats. */
import { useLocaleState, useTranslate } from 'react-admin';
import { formatEuros, localeOf } from '@adsuite/config/i18n/format';
import { formatDay, usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('publisher_area', messages);

/** Numbers, money (euros as the API answers them) and days the way the reader's language writes them. */
export function useFormat() {
  const [locale] = useLocaleState();
  const tag = localeOf(locale === 'en' ? 'en' : 'de');
  const count = new Intl.NumberFormat(tag);
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    count: (value: number) => count.format(value),
    /** Numbers above 1000 abbreviated (SPEC section 9), for chart axes. */
    compact: (value: number) => (Math.abs(value) >= 1000 ? compact.format(value) : count.format(value)),
    money: formatEuros,
    day: (value: string | null | undefined) => (value ? formatDay(value) : ''),
  };
}

/** An invitation status as the shared value labels name it (config/i18n/values.ts). */
export function useStatusLabel() {
  const translate = useTranslate();
  return (status: string) => translate(`resources.invitation.values.invitationStatus.${status}`, { _: status });
}
