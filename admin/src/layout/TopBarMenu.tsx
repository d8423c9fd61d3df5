/**
 * The phone's top bar has room for the logo, the selector and one button: this menu holds what the wide top
 * bar shows as buttons (profile, container code, finances, language, logout).
 */
import { useState } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import EuroIcon from '@mui/icons-material/Euro';
import LanguageIcon from '@mui/icons-material/Language';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonIcon from '@mui/icons-material/Person';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { Link } from 'react-router';
import { useLocales, useLocaleState, useLogout, useTranslate } from 'react-admin';
import { ContainerCodeDialog, useContainerScript } from './ContainerCodeButton.tsx';
import { useFinanceLink } from './useFinanceLink.ts';

export function TopBarMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const finances = useFinanceLink();
  const script = useContainerScript();
  const [locale, setLocale] = useLocaleState();
  const otherLanguage = useLocales().find((entry) => entry.locale !== locale);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [showScript, setShowScript] = useState(false);
  const close = () => setAnchor(null);
  const label = translate('app.topbar.menu');

  return (
    <>
      <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('app.topbar.profile')}</ListItemText>
        </MenuItem>
        {finances && (
          <MenuItem component={Link} to={finances} onClick={close}>
            <ListItemIcon><EuroIcon fontSize="small" /></ListItemIcon>
            <ListItemText>{translate('app.topbar.finances')}</ListItemText>
          </MenuItem>
        )}
        {script && (
          <MenuItem onClick={() => { close(); setShowScript(true); }}>
            <ListItemIcon><CodeIcon fontSize="small" /></ListItemIcon>
            <ListItemText>{translate('app.topbar.container_code')}</ListItemText>
          </MenuItem>
        )}
        {otherLanguage && (
          <MenuItem onClick={() => { close(); setLocale(otherLanguage.locale); }}>
            <ListItemIcon><LanguageIcon fontSize="small" /></ListItemIcon>
            <ListItemText>{otherLanguage.name}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => { close(); logout(); }}>
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          <ListItemText>{translate('ra.auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
      {script && <ContainerCodeDialog script={script} open={showScript} onClose={() => setShowScript(false)} />}
    </>
  );
}
