/**
 * The lifecycle actions of one booking for users who may change it (SPEC section 4): pause or resume, and in a
 * menu extend, channels and cancel (after a confirmation). 'Click to publish' stands by the status (PublishButton).
 */
import { useState, type MouseEvent } from 'react';
import EventIcon from '@mui/icons-material/Event';
import HubIcon from '@mui/icons-material/Hub';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Confirm, useTranslate } from 'react-admin';
import { lifecycleActions, type BookingRow, type LifecycleAction } from './bookingRules.ts';
import { ChannelsDialog } from './ChannelsDialog.tsx';
import { ExtendEndDialog } from './ExtendEndDialog.tsx';
import { useLifecycle } from './useLifecycle.ts';

type Dialog = 'extend' | 'channels' | 'cancel' | null;

const MENU: { action: LifecycleAction; icon: typeof EventIcon }[] = [
  { action: 'extend', icon: EventIcon },
  { action: 'channels', icon: HubIcon },
  { action: 'cancel', icon: StopCircleIcon },
];

export function LifecycleControls({ booking }: { booking: BookingRow }) {
  const translate = useTranslate();
  const lifecycle = useLifecycle(booking.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const actions = lifecycleActions(booking);
  const inMenu = MENU.filter((entry) => actions.includes(entry.action));
  const label = (action: string) => translate(`app.bookings.action.${action}`);
  const choose = (action: LifecycleAction) => {
    setMenuAnchor(null);
    setDialog(action as Dialog);
  };

  return (
    <>
      {actions.includes('pause') && (
        <Tooltip title={label('pause')}>
          <span><IconButton size="small" aria-label={label('pause')} disabled={lifecycle.busy} onClick={lifecycle.pause} data-action="pause"><PauseIcon fontSize="small" /></IconButton></span>
        </Tooltip>
      )}
      {actions.includes('resume') && (
        <Tooltip title={label('resume')}>
          <span><IconButton size="small" color="success" aria-label={label('resume')} disabled={lifecycle.busy} onClick={lifecycle.resume} data-action="resume"><PlayArrowIcon fontSize="small" /></IconButton></span>
        </Tooltip>
      )}
      {inMenu.length > 0 && (
        <>
          <Tooltip title={label('more')}>
            <IconButton size="small" aria-label={label('more')} onClick={(event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget)} data-action="more">
              <MoreVertIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
            {inMenu.map(({ action, icon: Icon }) => (
              <MenuItem key={action} onClick={() => choose(action)} data-action={action} sx={action === 'cancel' ? { color: 'error.main' } : undefined}>
                <ListItemIcon sx={action === 'cancel' ? { color: 'error.main' } : undefined}><Icon fontSize="small" /></ListItemIcon>
                <ListItemText>{label(action)}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {dialog === 'extend' && <ExtendEndDialog booking={booking} open busy={lifecycle.busy} onClose={() => setDialog(null)} onSave={lifecycle.extend} />}
      {dialog === 'channels' && <ChannelsDialog booking={booking} open busy={lifecycle.busy} onClose={() => setDialog(null)} onSave={lifecycle.channels} />}
      <Confirm
        isOpen={dialog === 'cancel'}
        loading={lifecycle.busy}
        title="app.bookings.cancel_confirm.title"
        content="app.bookings.cancel_confirm.content"
        translateOptions={{ name: booking.name ?? '' }}
        confirm="app.bookings.cancel_confirm.confirm"
        cancel="app.action.forget_it"
        confirmColor="warning"
        onConfirm={async () => {
          await lifecycle.cancel();
          setDialog(null);
        }}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
