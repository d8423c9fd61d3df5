/**
 * react-admin's layout with AdSuite's top bar, menu and footer, inside the user's ability. Full-width routes
 * render without the side panel; every page change checks the session (SPEC section 4 "Session").
 */
import { useEffect, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Layout as RaLayout, useCheckAuth, useNotify } from 'react-admin';
import { AbilityProvider } from '../abilities/AbilityProvider.tsx';
import { takeNotice } from '../notice.ts';
import { ROUTES } from '../routes/appRoutes.tsx';
import { Footer } from './Footer.tsx';
import { Menu } from './Menu.tsx';
import { TopBar } from './TopBar.tsx';

const FULL_WIDTH = ROUTES.filter((route) => route.fullWidth).map((route) => route.path);
const NoSidebar = () => null;
/**
 * react-admin lets its layout grow to the widest content (`min-width: fit-content`), so one wide table widens
 * the whole page; the layout keeps the window's width instead and wide content scrolls inside its card.
 */
const WINDOW_WIDE = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } };

/** Says what happened just before a reload ("Access changed."). */
function NoticeAfterReload() {
  const notify = useNotify();
  useEffect(() => {
    const notice = takeNotice();
    if (notice) notify(notice, { type: 'warning' });
  }, [notify]);
  return null;
}

/** A page change in a session idle for over an hour signs out; otherwise it counts as activity. */
function SessionWatch({ pathname }: { pathname: string }) {
  const checkAuth = useCheckAuth();
  useEffect(() => {
    checkAuth().catch(() => undefined);
  }, [pathname, checkAuth]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const fullWidth = FULL_WIDTH.some((path) => matchPath(path, pathname));
  return (
    <AbilityProvider>
      <NoticeAfterReload />
      <SessionWatch pathname={pathname} />
      <RaLayout appBar={TopBar} menu={Menu} sidebar={fullWidth ? NoSidebar : undefined} sx={WINDOW_WIDE}>
        {children}
        <Footer />
      </RaLayout>
    </AbilityProvider>
  );
}
