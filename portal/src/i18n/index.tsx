/**
 * Language state of the portal: German by default, English on request, kept in localStorage (`language`,
 * shared with the admin). Only the messages of the shown language are loaded; each file is its own chunk.
 */
import { createContext, useContext } from 'react';
import { setStoredLanguage, storedLanguage, type Language } from '@adsuite/config/session';
import { translator, type Translate } from './translate.ts';
import type { Messages } from './de.ts';

export type { Language };
export { translator, fill, messageKey, type Translate, type MessageKey } from './translate.ts';

export const LANGUAGES: readonly Language[] = ['de', 'en'];

export async function loadMessages(language: Language): Promise<Messages> {
  return language === 'en' ? (await import('./en.ts')).en : (await import('./de.ts')).de;
}

export interface I18n {
  language: Language;
  t: Translate;
  switchLanguage: (language: Language) => void;
}

export const I18nContext = createContext<I18n>({
  language: 'de',
  t: (key) => key,
  switchLanguage: () => undefined,
});

export const useI18n = () => useContext(I18nContext);

export { storedLanguage, setStoredLanguage };
