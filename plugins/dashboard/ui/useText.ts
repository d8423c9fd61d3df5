/** The dashboard's texts: `app.dashboard.<key>` from the admin's catalogue where it has it, else messages.ts. */
import { useLocaleState } from 'react-admin';
import { formatChange, formatEuros, formatMoment, localeOf } from '@adsuite/config/i18n/format';
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useText = () => usePluginText('dashboard', messages);

/** Numbers and percentages the way the reader's language writes them, money the German way in both (config/i18n/format.ts). */
export function useFormat() {
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'de';
  const tag = localeOf(language);
  const count = new Intl.NumberFormat(tag);
  const decimals = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compact = new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    count: (value: number) => count.format(value),
    /** Numbers above 1000 abbreviated (SPEC section 9), for chart axes. */
    compact: (value: number) => (Math.abs(value) >= 1000 ? compact.format(value) : count.format(value)),
    /** Euros (the report APIs answer euros with cents). */
    money: formatEuros,
    percent: (value: number) => `${decimals.format(value)} %`,
    /** A change from the previous period with its sign ('+12,5 %'), '–' for none. */
    change: (value: number | null) => formatChange(value, language),
    /** DD-MM-YYYY HH:mm (UTC). */
    moment: formatMoment,
  };
}
