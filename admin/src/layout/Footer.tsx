/** Footer (SPEC section 2): copyright, privacy, FAQ and, for the systemoperator, the application clock in GMT. */
import { useEffect, useState } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { CLOCK_ROLES, gmtClock } from './visibility.ts';

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <Typography variant="body2" component="span" data-testid="app-clock" sx={{ fontVariantNumeric: 'tabular-nums' }}>{gmtClock(now)}</Typography>;
}

export function Footer() {
  const translate = useTranslate();
  const { user } = useAbilityState();
  // Privacy and FAQ are portal pages: plain links, the browser loads them.
  return (
    <Box component="footer" sx={{ mt: 4, py: 2, px: 1, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" component="span">{translate('app.footer.copyright', { year: new Date().getFullYear() })}</Typography>
      <Link href="/privacy" variant="body2" color="inherit">{translate('app.footer.privacy')}</Link>
      <Link href="/faq" variant="body2" color="inherit">{translate('app.footer.faq')}</Link>
      {user && CLOCK_ROLES.includes(user.role as never) && <Box sx={{ ml: 'auto' }}><Clock /></Box>}
    </Box>
  );
}
