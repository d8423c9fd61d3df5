/**
 * Money, counts and days the way a language writes them (SPEC section 9): '5,00 €' / '€5.00', '26.294' /
 * '26,294', DD-MM-YYYY in UTC for both. Server texts (serverText.ts) and the screens use the same helpers; this
 * module has no catalogue, so a screen may use it without loading the server's texts.
 */
export type Language = 'de' | 'en';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const pad = (value: number) => String(value).padStart(2, '0');

export const localeOf = (language: Language): string => LOCALES[language];

export function formatMoney(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}

/** DD-MM-YYYY in UTC; '' for no date. */
export function formatDay(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/** 'image or video' / 'Bild oder Video'. */
export function formatEither(items: string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { type: 'disjunction' }).format(items);
}
