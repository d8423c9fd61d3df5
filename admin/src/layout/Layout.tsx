/**
 * react-admin's layout with AdSuite's top bar, menu and footer, inside the user's ability and with MUI's own
 * words in the reader's language (MuiTexts.tsx). Full-width routes render without the side panel; every page
 * change checks the session (SPEC section 4 "Session"), and a new build of the admin signs the user out
 * (update/AppUpdateWatch.tsx).
 */
import { useEffect, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useMediaQuery, type Theme } from '@mui/material';
import { Layout as RaLayout, useCheckAuth, useNotify, useSidebarState } from 'react-admin';
import { AbilityProvider } from '../abilities/AbilityProvider.tsx';
import { takeNotice } from '../notice.ts';
import { AppUpdateWatch } from '../update/AppUpdateWatch.tsx';
import { ROUTES } from '../routes/appRoutes.tsx';
import { atLeast, BREAKPOINTS } from './breakpoints.ts';
import { Footer } from './Footer.tsx';
import { Menu } from './Menu.tsx';
import { MuiTexts } from './MuiTexts.tsx';
import { TopBar } from './TopBar.tsx';

const FULL_WIDTH = ROUTES.filter((route) => route.fullWidth).map((route) => route.path);
const NoSidebar = () => null;
/**
 * react-admin lets its layout grow to the widest content (`min-width: fit-content`), and its edit and create
 * cards to their widest input or table, so one wide table widens the whole page (a booking template at phone
 * width); the layout keeps the window's width instead and wide content scrolls inside its card.
 */
const WINDOW_WIDE = {
  minWidth: 0,
  '& .RaLayout-content, & .RaEdit-main, & .RaEdit-card, & .RaCreate-main, & .RaCreate-card, & .RaShow-main, & .RaShow-card': { minWidth: 0 },
};

/**
 * Below 1400 px the side menu shows its icons only (the user may still open it), so that lists keep their
 * columns on a 1280 px screen; on a phone react-admin's drawer stays as it is.
 */
function MenuByWidth() {
  const wide = useMediaQuery(atLeast(BREAKPOINTS.wide), { noSsr: true });
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (!phone) setOpen(wide);
  }, [wide, phone, setOpen]);
  return null;
}

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
    <MuiTexts>
      <AbilityProvider>
        <NoticeAfterReload />
        <SessionWatch pathname={pathname} />
        <AppUpdateWatch />
        <MenuByWidth />
        <RaLayout appBar={TopBar} menu={Menu} sidebar={fullWidth ? NoSidebar : undefined} sx={WINDOW_WIDE}>
          {children}
          <Footer />
        </RaLayout>
      </AbilityProvider>
    </MuiTexts>
  );
}
