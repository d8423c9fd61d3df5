import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { isMemberAreaPath } from './routes/appRoutes.tsx';
import { startEarly } from './routes/startEarly.ts';

// An unknown path is the portal's /404 whether or not anyone is signed in (the sign-in check would send it to /login).
if (!isMemberAreaPath(location.pathname)) {
  location.replace('/404');
} else {
  startEarly(location.pathname);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
