/**
 * Top bar (SPEC section 2 "Top bar and footer"): logo, page title, advertiser/publisher selector, the plugins'
 * widgets (search box), container code, finances, profile, language, loading indicator and logout. Below
 * 1200 px the buttons fold into one menu; below the `sm` breakpoint a compact bar: logo, selector (names cut
 * to 7 characters) and that menu. A long title wraps onto a second line instead of running under the selector.
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
import { atLeast, below, BREAKPOINTS } from './breakpoints.ts';

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

/** The plugins' widgets (the search box) take less room below 1400 px. */
const WIDGETS_SX = { display: 'flex', alignItems: 'center', [below(BREAKPOINTS.wide)]: { '& .MuiAutocomplete-root': { width: 170 } } };

const wideToolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
    <TenantSelector />
    <Box sx={WIDGETS_SX}>{WIDGETS.map((Widget, index) => <Widget key={index} />)}</Box>
    <ContainerCodeButton />
    <FinanceLink />
    <TopLink to="/profile" label="app.topbar.profile" icon={<PersonIcon />} />
    <LocalesMenuButton />
    <LoadingIndicator />
    <LogoutButton />
  </Box>
);

/** Between the phone and 1200 px: the selector and the search box stay, the buttons fold into the menu. */
const mediumToolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
    <TenantSelector />
    <Box sx={WIDGETS_SX}>{WIDGETS.map((Widget, index) => <Widget key={index} />)}</Box>
    <LoadingIndicator />
    <TopBarMenu />
  </Box>
);

const compactToolbar = (
  <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
    <TenantSelector />
    <TopBarMenu />
  </Box>
);

/** The title may take two lines and gets smaller on narrow windows; the toolbar beside it keeps its size. */
const TITLE_SX = {
  minWidth: 0,
  whiteSpace: 'normal',
  lineHeight: 1.2,
  overflowWrap: 'break-word',
  // react-admin puts the title in an inline-block span: that span holds the two lines.
  '& > span': { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  [below(BREAKPOINTS.wide)]: { fontSize: '1.1rem' },
  [below(BREAKPOINTS.tablet)]: { fontSize: '1rem' },
  [below(600)]: { fontSize: '0.8rem' },
} as const;

export function TopBar() {
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const desktop = useMediaQuery(atLeast(BREAKPOINTS.desktop));
  const toolbar = compact ? compactToolbar : desktop ? wideToolbar : mediumToolbar;
  return (
    <RaAppBar toolbar={toolbar} userMenu={false}>
      <Logo />
      <TitlePortal sx={TITLE_SX} />
    </RaAppBar>
  );
}
