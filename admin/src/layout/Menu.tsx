/**
 * The side menu (SPEC section 6 "Navigation visibility"): the main entries, then the 'panel' sub menu with
 * its sections Management, Ad Tech, Admin and Sysop. An entry shows when the user's role is among its roles
 * and its route opens for the user.
 */
import { useState } from 'react';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ListIcon from '@mui/icons-material/ViewList';
import TuneIcon from '@mui/icons-material/Tune';
import { Collapse, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { pluginMenu, type MenuEntry } from '../plugins/index.ts';
import { useMayOpen } from '../routes/useRouteAccess.ts';
import { RESOURCE_MENU } from './menuEntries.ts';
import { PANEL_SECTIONS, visibleMenu } from './visibleMenu.ts';

const ENTRIES: MenuEntry[] = [...RESOURCE_MENU, ...pluginMenu()];

function Entry({ entry, label }: { entry: MenuEntry; label: string }) {
  const Icon = entry.icon ?? ListIcon;
  return <RaMenu.Item to={entry.to} primaryText={label} leftIcon={<Icon />} />;
}

export function Menu() {
  const { user } = useAbilityState();
  const mayOpen = useMayOpen();
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const labelOf = (entry: MenuEntry) => translate(entry.label, { smart_count: 2 });
  const { main, panel } = visibleMenu(ENTRIES, user?.role, mayOpen, labelOf);
  const inPanel = panel.some(({ entries }) => entries.some((entry) => entry.to.split('?')[0] === pathname));
  const [panelOpen, setPanelOpen] = useState(inPanel);
  const panelLabel = translate('app.menu.panel');

  return (
    <RaMenu>
      {main.map((entry) => <Entry key={entry.to} entry={entry} label={labelOf(entry)} />)}
      {panel.length > 0 && (
        <>
          <ListItemButton onClick={() => setPanelOpen(!panelOpen)} aria-expanded={panelOpen} data-testid="menu-panel">
            <ListItemIcon sx={{ minWidth: 40 }}><TuneIcon /></ListItemIcon>
            <ListItemText primary={panelLabel} />
            {panelOpen ? <ExpandLess /> : <ExpandMore />}
          </ListItemButton>
          <Collapse in={panelOpen} unmountOnExit>
            {panel.map(({ section, entries }) => (
              <div key={section} data-section={section}>
                {sidebarOpen && <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{translate(PANEL_SECTIONS[section])}</ListSubheader>}
                {entries.map((entry) => <Entry key={entry.to} entry={entry} label={labelOf(entry)} />)}
              </div>
            ))}
          </Collapse>
        </>
      )}
    </RaMenu>
  );
}
