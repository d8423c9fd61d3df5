/** Expert Analytics' texts (messages.ts) and its numbers in the reader's language (config/i18n/format.ts). */
import { useLocaleState } from 'react-admin';
import { formatCount, formatMoney, localeOf, type Language } from '@adsuite/config/i18n/format';
import { usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

export const useExpertText = () => usePluginText('expert_analytics', messages);

export function useFormat() {
  const [locale] = useLocaleState();
  const language: Language = locale === 'en' ? 'en' : 'de';
  const decimals = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const seconds = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(localeOf(language), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compact = new Intl.NumberFormat(localeOf(language), { notation: 'compact', maximumFractionDigits: 1 });
  return {
    language,
    count: (value: number) => formatCount(value, language),
    /** Euros (the API's unit) as the language writes money. */
    euros: (value: number) => formatMoney(Math.round(value * 100), language),
    /** A share the API gives in percent (12.5 -> 12,50 % / 12.50%). */
    percent: (value: number) => percent.format(value / 100),
    decimal: (value: number) => decimals.format(value),
    seconds: (value: number) => seconds.format(value),
    /** Axis ticks: 1.2K / 1,2 Tsd. (SPEC section 9: numbers above 1000 abbreviated). */
    compact: (value: number) => compact.format(value),
  };
}
export type Format = ReturnType<typeof useFormat>;
