/**
 * The portal: resolves the page from the address, keeps the language and its messages, sets the title
 * (`<page title> | AdSuite`).
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { I18nContext, loadMessages, setStoredLanguage, translator, type I18n, type Language } from './i18n/index.tsx';
import type { Messages } from './i18n/de.ts';
import { navigate, usePlace } from './navigation.ts';
import { loadPage, loadedPage } from './pages/index.ts';
import { resolveRoute } from './routes.ts';

export function App({ initialLanguage, initialMessages }: { initialLanguage: Language; initialMessages: Messages }) {
  const place = usePlace();
  const route = useMemo(() => resolveRoute(place.pathname, place.search), [place]);
  const [{ language, messages }, setLanguageState] = useState({ language: initialLanguage, messages: initialMessages });
  const [, pageLoaded] = useReducer((count: number) => count + 1, 0);

  const switchLanguage = useCallback((next: Language) => {
    setStoredLanguage(next);
    void loadMessages(next).then((nextMessages) => setLanguageState({ language: next, messages: nextMessages }));
  }, []);
  const i18n = useMemo<I18n>(() => ({ language, t: translator(messages), switchLanguage }), [language, messages, switchLanguage]);

  useEffect(() => {
    if (route.redirectTo) navigate(route.redirectTo, { replace: true });
  }, [route.redirectTo]);

  const Page = loadedPage(route.page);
  useEffect(() => {
    if (!Page) void loadPage(route.page).then(pageLoaded);
  }, [Page, route.page]);

  useEffect(() => {
    document.documentElement.lang = language;
    document.title = `${i18n.t(`title.${route.page}`)} | ${i18n.t('app.name')}`;
  }, [i18n, language, route.page]);

  return (
    <I18nContext.Provider value={i18n}>
      {Page ? <Page key={route.page} route={route} place={place} /> : <div className="page-loading" aria-busy="true" />}
    </I18nContext.Provider>
  );
}
