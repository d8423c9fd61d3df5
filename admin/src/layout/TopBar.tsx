/**
 * Top bar (SPEC section 2 "Top bar and footer"): logo, page title, advertiser/publisher selector, the plugins'
 * widgets (search box), container code, finances, profile, language, loading indicator and logout. Below the
 * `sm` breakpoint a compact bar: logo, selector (names cut to 7 characters) and one menu for the rest.
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import EuroIcon from '@mui/icons-material/Euro';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import { Box, IconButton, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, useLogout, useTranslate } from 'react-admin';
import { topBarWidgets } from '../plugins/index.ts';
import { ContainerCodeButton } from './ContainerCodeButton.tsx';
import { TenantSelector } from './TenantSelector.tsx';
import { TopBarMenu } from './TopBarMenu.tsx';
import { useFinanceLink } from './useFinanceLink.ts';

const WIDGETS = topBarWidgets();

function Logo() {
  const translate = useTranslate();
  return (
    <Box component={Link} to="/" aria-label={translate('app.name')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'inherit', textDecoration: 'none', mr: { xs: 1, sm: 2 } }}>
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
  const to = useFinanceLink();
  return to ? <TopLink to={to} label="app.topbar.finances" icon={<EuroIcon />} /> : null;
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

const wideToolbar = (
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

const compactToolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
    <TenantSelector />
    <TopBarMenu />
  </Box>
);

export function TopBar() {
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <RaAppBar toolbar={compact ? compactToolbar : wideToolbar} userMenu={false}>
      <Logo />
      <TitlePortal />
    </RaAppBar>
  );
}
