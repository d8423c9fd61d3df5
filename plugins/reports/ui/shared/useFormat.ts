/** Numbers and days of the statistics screens in the reader's language, money the German way (config/i18n/format.ts). */
import { useLocaleState } from 'react-admin';
import { formatChange, formatCount, formatDay, formatEuros, localeOf, type Language } from '@adsuite/config/i18n/format';

export function useFormat() {
  const [locale] = useLocaleState();
  const language: Language = locale === 'en' ? 'en' : 'de';
  const numbers = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(localeOf(language), options);
  const decimals = numbers({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const seconds = numbers({ minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const percent = numbers({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compact = numbers({ notation: 'compact', maximumFractionDigits: 1 });
  const time = new Intl.DateTimeFormat(localeOf(language), { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return {
    language,
    count: (value: number) => formatCount(value, language),
    /** Euros (the API's unit) as money, the German way in both languages (SPEC section 9). */
    euros: formatEuros,
    /** A share the API gives in percent (12.5 -> 12,50 % / 12.50%). */
    percent: (value: number) => percent.format(value / 100),
    decimal: (value: number) => decimals.format(value),
    seconds: (value: number) => seconds.format(value),
    /** Axis ticks: numbers above 1000 abbreviated (SPEC section 9). */
    compact: (value: number) => compact.format(value),
    /** DD-MM-YYYY (UTC). */
    day: (value: string) => formatDay(`${value.slice(0, 10)}T00:00:00Z`),
    /** A change from the previous period in percent with its sign ('+12,5 %'), '–' for none (config/i18n/format.ts). */
    change: (value: number | null) => formatChange(value, language),
    /** DD-MM-YYYY HH:MM (UTC). */
    moment: (value: string) => `${formatDay(value)} ${time.format(new Date(value))}`,
  };
}
export type Format = ReturnType<typeof useFormat>;
