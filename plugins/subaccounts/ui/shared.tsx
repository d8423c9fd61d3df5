/** Small pieces the sub-account screens share: the format of dates and the guard for who manages sub-accounts. */
import type { ReactNode } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useAbilityState, type Identity } from '@adsuite/admin/kit';
import { managesSubaccounts } from './subaccountsApi.ts';
import { useText } from './useText.ts';

/** `2026-03-07T14:05:00Z` -> `07-03-2026 14:05` (UTC, SPEC section 9). */
export function formatMoment(value: string): string {
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 10).split('-').reverse().join('-')} ${iso.slice(11, 16)}`;
}

/**
 * Renders `children(user)` for users who manage sub-accounts; others (an administrator passes the route's
 * minimum but owns none) read why, and no request is made that the server would refuse.
 */
export function ForManagers({ title, children }: { title: string; children: (user: Identity) => ReactNode }) {
  const translate = useTranslate();
  const text = useText();
  const { user } = useAbilityState();
  const heading = <Title title={translate(title)} />;
  if (!user) return <>{heading}<LinearProgress sx={{ mt: 2 }} /></>;
  if (!managesSubaccounts(user)) return <>{heading}<Alert severity="info" sx={{ mt: 2 }}>{text('not_managing')}</Alert></>;
  return <>{heading}{children(user)}</>;
}
