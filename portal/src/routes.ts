/**
 * Which public page a path shows (SPEC section 2 "Public"). The backend serves the portal for exactly
 * these paths; anything else that reaches the portal is unknown and goes to /404.
 */
export type PageName =
  | 'landing' | 'login' | 'register' | 'faq' | 'privacy' | 'terms'
  | 'resetpassword' | 'confirm' | 'notfound' | 'forbidden';

export interface Route {
  page: PageName;
  /** Token carried by the path (`/resetpassword/<token>`, `/confirm/<token>`), else from the query. */
  token?: string;
  /** Set when the path is unknown: the address bar should show this path instead. */
  redirectTo?: string;
}

const EXACT: Record<string, PageName> = {
  '/landing': 'landing',
  '/login': 'login',
  '/register': 'register',
  '/faq': 'faq',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/404': 'notfound',
  '/403': 'forbidden',
};

/** The path segment after `marker`, e.g. `/resetpassword/abc` -> `abc`. */
function tokenAfter(pathname: string, marker: string): string | undefined {
  const rest = pathname.slice(pathname.toLowerCase().indexOf(marker) + marker.length).replace(/^\/+/, '');
  const segment = rest.split('/')[0];
  return segment ? decodeURIComponent(segment) : undefined;
}

export function resolveRoute(pathname: string, search = ''): Route {
  // The portal may also be opened at its asset base (`/portal/...`), e.g. by the dev server.
  const path = (pathname.replace(/^\/portal(?=\/|$)/, '') || '/').replace(/\/+$/, '') || '/';
  const queryToken = new URLSearchParams(search).get('token') ?? undefined;

  if (path === '/') return { page: 'landing' };
  const exact = EXACT[path.toLowerCase()];
  if (exact) return { page: exact };
  for (const page of ['resetpassword', 'confirm'] as const) {
    if (path.toLowerCase().includes(`/${page}`)) return { page, token: tokenAfter(path, `/${page}`) ?? queryToken };
  }
  return { page: 'notfound', redirectTo: '/404' };
}

/** Where the portal's pages live; links use these so a page can be found by name. */
export const PATHS = {
  landing: '/landing',
  login: '/login',
  register: '/register',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  memberArea: '/',
  publisherArea: '/p',
} as const;
