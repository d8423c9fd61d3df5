/**
 * Texts the server writes (errors, validation, mails, PDFs, ledger entry names) in the request's language.
 * The catalogue is `serverMessages` (serverMessages.ts), shared with the browser; a thrown error carries a
 * `ServerText` (key + params) and is put into words once the language is known (the error middleware).
 *
 * Params may be plain values or values that read differently per language:
 *   { de, en }            a translated label (FieldDef.label)
 *   { money: cents }      '5,00 €' in both languages (SPEC section 9: EUR maps to the German locale)
 *   { day: date }         '07-03-2025' (SPEC section 9: DD-MM-YYYY, UTC) in both languages
 *   { count: n }          '26.294' / '26,294'
 *   { key, params }       another text of the catalogue (a connector's refusal inside a log line)
 *   { either: [...] }     params joined as alternatives: 'image or video' / 'Bild oder Video'
 */
import Polyglot from 'node-polyglot';
import { serverMessages } from './serverMessages.ts';
import { formatEither, formatParam, type FormatParam, type Language } from './format.ts';

export { formatCount, formatDay, formatEur, formatEuros, type Language } from './format.ts';
export const DEFAULT_LANGUAGE: Language = 'de';

/** The `Language` header or a stored choice: English when it says so, else German (SPEC section 9). */
export function languageOf(value: unknown): Language {
  return typeof value === 'string' && value.trim().toLowerCase().startsWith('en') ? 'en' : DEFAULT_LANGUAGE;
}

export type TextParam = FormatParam | ServerText | { either: TextParam[] };

export interface ServerText {
  key: string;
  params?: Record<string, TextParam>;
}

/** Whether a stored value is a text of the catalogue (`{ key, params }`). */
export const isServerText = (value: unknown): value is ServerText =>
  typeof value === 'object' && value !== null && typeof (value as ServerText).key === 'string';

/** A text to be put into words later, in the language of whoever reads it. */
export const text = (key: string, params?: Record<string, TextParam>): ServerText => ({ key, params });

/** A label inside an English sentence ('Please enter the budget.'); German nouns keep their capital. */
export const inSentence = (label: { de: string; en: string }): { de: string; en: string } => ({ de: label.de, en: label.en.toLowerCase() });

function paramText(value: TextParam, language: Language): string | number {
  if (isServerText(value)) return translate(language, value.key, value.params);
  if (value && typeof value === 'object' && 'either' in value) return formatEither(value.either.map((item) => String(paramText(item, language))), language);
  return formatParam(value, language);
}

const polyglots = new Map<Language, Polyglot>();
function polyglotOf(language: Language): Polyglot {
  let polyglot = polyglots.get(language);
  if (!polyglot) {
    polyglot = new Polyglot({ locale: language, phrases: serverMessages[language], allowMissing: false, onMissingKey: (key: string) => key });
    polyglots.set(language, polyglot);
  }
  return polyglot;
}

/** The text in `language`; an unknown key reads as the key itself (a test keeps the catalogue complete). */
export function translate(language: Language, key: string, params: Record<string, TextParam> = {}): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) values[name] = paramText(value, language);
  return polyglotOf(language).t(key, values);
}

export const say = (language: Language, item: ServerText): string => translate(language, item.key, item.params);

/** A catalogue text in both languages: the param of another text ('a PNG image' in 'expected %{expected}'). */
export const inBoth = (key: string, params?: Record<string, TextParam>): { de: string; en: string } => ({
  de: translate('de', key, params),
  en: translate('en', key, params),
});
