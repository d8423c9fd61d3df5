/** react-admin's layout with AdSuite's top bar and menu, inside the user's ability. */
import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useNotify } from 'react-admin';
import { AbilityProvider } from '../abilities/AbilityProvider.tsx';
import { takeNotice } from '../notice.ts';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';

/** Says what happened just before a reload ("Access changed."). */
function NoticeAfterReload() {
  const notify = useNotify();
  useEffect(() => {
    const notice = takeNotice();
    if (notice) notify(notice, { type: 'warning' });
  }, [notify]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <AbilityProvider>
      <NoticeAfterReload />
      <RaLayout appBar={AppBar} menu={Menu}>
        {children}
      </RaLayout>
    </AbilityProvider>
  );
}
