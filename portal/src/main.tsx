/** Entry: the stored language's messages and the addressed page load together, then the portal renders. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadMessages, storedLanguage } from './i18n/index.tsx';
import { loadPage } from './pages/index.ts';
import { resolveRoute } from './routes.ts';
import './styles.css';

const route = resolveRoute(location.pathname, location.search);
if (route.redirectTo) history.replaceState(null, '', route.redirectTo);
const language = storedLanguage();

void Promise.all([loadMessages(language), loadPage(route.page)]).then(([messages]) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App initialLanguage={language} initialMessages={messages} />
    </StrictMode>,
  );
});
