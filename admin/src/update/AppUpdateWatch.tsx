/**
 * Asks every 30 seconds whether a new build is out (appUpdate.ts); when one is, shows the warning toast and
 * signs the user out after it could be read (SPEC section 4: after an app update the user must log in again).
 */
import { useEffect, useRef } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { UPDATE_CHECK_MS } from '@adsuite/config';
import { isNewBuild, OWN_BUILD, servedBuild } from './appUpdate.ts';

/** How long the toast stands before the sign-out takes the user to the login page. */
const READ_MS = 5000;

export function AppUpdateWatch() {
  const notify = useNotify();
  const logout = useLogout();
  const noticed = useRef(false);
  useEffect(() => {
    if (!OWN_BUILD) return undefined;
    let leaving: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      if (noticed.current || !isNewBuild(OWN_BUILD, await servedBuild())) return;
      noticed.current = true;
      notify('app.update.available', { type: 'warning', autoHideDuration: READ_MS + 1000 });
      leaving = setTimeout(() => void logout(), READ_MS);
    };
    const timer = setInterval(() => void check(), UPDATE_CHECK_MS);
    return () => {
      clearInterval(timer);
      if (leaving) clearTimeout(leaving);
    };
  }, [notify, logout]);
  return null;
}
