/**
 * Top bar (SPEC section 2 "Top bar and footer"): logo, page title, advertiser/publisher selector, the plugins'
 * widgets (search box), container code, finances, profile, language, loading indicator and logout.
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import EuroIcon from '@mui/icons-material/Euro';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, useLogout, useTranslate } from 'react-admin';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { topBarWidgets } from '../plugins/index.ts';
import { useMayOpen } from '../routes/useRouteAccess.ts';
import { session } from '../session.ts';
import { ContainerCodeButton } from './ContainerCodeButton.tsx';
import { TenantSelector } from './TenantSelector.tsx';
import { FINANCE_HIDDEN_FOR } from './visibility.ts';

const WIDGETS = topBarWidgets();

function Logo() {
  const translate = useTranslate();
  return (
    <Box component={Link} to="/" aria-label={translate('app.name')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'inherit', textDecoration: 'none', mr: 2 }}>
      <CampaignIcon />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, display: { xs: 'none', md: 'inline' } }}>{translate('app.name')}</Typography>
    </Box>
  );
}

function TopLink({ to, label, icon }: { to: string; label: string; icon: ReactElement }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton color="inherit" component={Link} to={to} aria-label={translate(label)}>{icon}</IconButton>
    </Tooltip>
  );
}

function FinanceLink() {
  const { user } = useAbilityState();
  const mayOpen = useMayOpen();
  if (!user || FINANCE_HIDDEN_FOR.includes(user.role as never)) return null;
  const to = (session.selectedType() ?? user.selectedType) === 'publisher' ? '/p/finances' : '/advertiser/finances';
  return mayOpen(to) ? <TopLink to={to} label="app.topbar.finances" icon={<EuroIcon />} /> : null;
}

function LogoutButton() {
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <Tooltip title={translate('ra.auth.logout')}>
      <IconButton color="inherit" aria-label={translate('ra.auth.logout')} onClick={() => logout()}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}

const toolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <TenantSelector />
    {WIDGETS.map((Widget, index) => <Widget key={index} />)}
    <ContainerCodeButton />
    <FinanceLink />
    <TopLink to="/profile" label="app.topbar.profile" icon={<PersonIcon />} />
    <LocalesMenuButton />
    <LoadingIndicator />
    <LogoutButton />
  </Box>
);

export function TopBar() {
  return (
    <RaAppBar toolbar={toolbar} userMenu={false}>
      <Logo />
      <TitlePortal />
    </RaAppBar>
  );
}
