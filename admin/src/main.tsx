import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { isMemberAreaPath } from './routes/appRoutes.tsx';

// An unknown path is the portal's /404 whether or not anyone is signed in (the sign-in check would send it to /login).
if (!isMemberAreaPath(location.pathname)) {
  location.replace('/404');
} else {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
