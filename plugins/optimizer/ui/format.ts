/** The optimizer screens' texts and number formats in the reader's language (SPEC section 9: EUR the German way in both). */
import { useLocaleState } from 'react-admin';
import { usePluginText } from '@adsuite/admin/kit';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';
import { formatEuros } from '@adsuite/config/i18n/format';
import { valueLabels } from '@adsuite/config/i18n/index';

const messages = { de: staffScreenMessages.de.optimizer, en: staffScreenMessages.en.optimizer };
export const useText = () => usePluginText('staff_optimizer', messages);

export function useFormats() {
  const [locale] = useLocaleState();
  const tag = locale === 'en' ? 'en-GB' : 'de-DE';
  const count = new Intl.NumberFormat(tag);
  const decimal = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const labels = valueLabels[locale === 'en' ? 'en' : 'de'];
  return {
    /** A stored code by its name ('awin' is Awin), as the shared value labels have it. */
    label: (value: string) => labels[value] ?? value,
    money: (euros: number | null | undefined) => (euros === null || euros === undefined ? '–' : formatEuros(euros)),
    count: (value: number) => count.format(value),
    percent: (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${decimal.format(value)} %`),
    decimal: (value: number | null | undefined) => (value === null || value === undefined ? '–' : decimal.format(value)),
  };
}
