/** Euros as the reader's language writes them (EUR with two decimals, SPEC section 9). */
import { useLocaleState } from 'react-admin';

export function useMoney() {
  const [locale] = useLocaleState();
  const format = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' });
  return (euros: number) => format.format(euros);
}
