/**
 * Money, counts and days as AdSuite writes them (SPEC section 9): EUR the German way in both languages
 * ('1.234,56 €', the currency maps to the German locale), counts the language's way ('26.294' / '26,294'),
 * DD-MM-YYYY in UTC for both. Server texts (serverText.ts) and the screens use the same helpers; this
 * module has no catalogue, so a screen may use it without loading the server's texts.
 */
export type Language = 'de' | 'en';

const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const pad = (value: number) => String(value).padStart(2, '0');

export const localeOf = (language: Language): string => LOCALES[language];

const EUR = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Cents as money, '1.234,56 €' in German and English alike: the one money format of screens, mails, PDFs and errors. */
export function formatEur(cents: number): string {
  return EUR.format(cents / 100 + 0);
}

/** Euros with cents (as the APIs answer them) as money: `formatEur` of their cents. */
export const formatEuros = (euros: number): string => formatEur(Math.round(euros * 100));

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

/** DD-MM-YYYY HH:mm in UTC (a moment, e.g. when the figures of a report are of); '' for none. */
export function formatMoment(value: unknown): string {
  const day = formatDay(value);
  if (!day || !/^\d/.test(day)) return day;
  const date = value instanceof Date ? value : new Date(value as string | number);
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/**
 * The change from a previous period's figure to the current one, in percent with 1 decimal; null when the previous
 * figure is 0 (no change can be named).
 */
export function periodChange(current: number, previous: number): number | null {
  if (!previous) return null;
  return Math.round(((current - previous) * 1000) / Math.abs(previous)) / 10;
}

/** A periodChange with its sign the language's way ('+12,5 %' / '+12.5%', '0,0 %'), '–' for none. */
export function formatChange(change: number | null, language: Language): string {
  if (change === null) return '–';
  return new Intl.NumberFormat(LOCALES[language], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change / 100);
}

/** 'image or video' / 'Bild oder Video'. */
export function formatEither(items: string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { type: 'disjunction' }).format(items);
}

/** A value that reads differently per language, as texts take them (serverText.ts `TextParam`, nested texts aside). */
export type FormatParam = string | number | boolean | null | undefined | { de: string; en: string } | { money: number } | { day: unknown } | { count: number };

/** A text's param in words of `language`: labels, money, counts and days the language's way. */
export function formatParam(value: FormatParam, language: Language): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return typeof value === 'boolean' ? String(value) : value;
  if ('de' in value && 'en' in value) return value[language];
  if ('money' in value) return formatEur(Number(value.money));
  if ('count' in value) return formatCount(Number(value.count), language);
  if ('day' in value) return formatDay(value.day);
  return '';
}
