/** German by default, English on request; the choice is kept locally and, when signed in, on the user. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { updateCurrentUser } from '../api/http.ts';
import { session, type Language } from '../session.ts';
import { messagesFor } from './messages.ts';

const polyglot = polyglotI18nProvider(
  (language) => messagesFor(language as Language) as unknown as TranslationMessages,
  session.language(),
  [
    { locale: 'de', name: 'Deutsch' },
    { locale: 'en', name: 'English' },
  ],
  // Labels that are no message keys (plain texts) pass through without a warning.
  { allowMissing: true },
);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(language: string) {
    await polyglot.changeLocale(language);
    const changed = language !== session.language();
    session.setLanguage(language as Language);
    if (changed && session.token()) updateCurrentUser({ language }).catch(() => undefined);
  },
};
