/**
 * Client-side navigation between the portal's own pages (history API, no router library). Links to the
 * member area (`/`, `/p`) leave the portal with a full page load, since the admin is a different app.
 */
import { useSyncExternalStore } from 'react';
import { resolveRoute } from './routes.ts';

const CHANGE = 'portal:navigate';

export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** Whether the portal itself shows this path (else the browser must load it). */
export function isPortalPath(href: string): boolean {
  const url = new URL(href, 'http://portal.invalid');
  if (url.origin !== 'http://portal.invalid' || url.pathname === '/' || url.pathname === '/p' || url.pathname.startsWith('/p/')) return false;
  return !resolveRoute(url.pathname).redirectTo;
}

let steps = 0;
/** Whether the previous history entry is a portal page this visit showed (so "back" stays on the site). */
export const canGoBack = () => steps > 0 || (document.referrer !== '' && new URL(document.referrer).origin === location.origin);

export function navigate(href: string, { replace = false } = {}) {
  if (!isPortalPath(href)) {
    window.location.assign(href);
    return;
  }
  if (replace) history.replaceState(null, '', href);
  else {
    history.pushState(null, '', href);
    steps += 1;
  }
  window.dispatchEvent(new Event(CHANGE));
  const hash = new URL(href, location.href).hash;
  if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  else window.scrollTo(0, 0);
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

let last: Place | undefined;
function snapshot(): Place {
  const { pathname, search, hash } = window.location;
  if (!last || last.pathname !== pathname || last.search !== search || last.hash !== hash) last = { pathname, search, hash };
  return last;
}

export const usePlace = () => useSyncExternalStore(subscribe, snapshot);
