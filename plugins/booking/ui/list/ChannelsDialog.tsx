/** Add or remove channels of a booking at any time (`PUT /api/booking/:id/channels`). */
import { useState } from 'react';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { BookingRow } from './bookingRules.ts';
import { ChannelPicker } from './ChannelPicker.tsx';

interface ChannelsDialogProps {
  booking: BookingRow;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: (channels: string[]) => Promise<boolean>;
}

export function ChannelsDialog({ booking, open, busy, onClose, onSave }: ChannelsDialogProps) {
  const translate = useTranslate();
  const [channels, setChannels] = useState<string[]>(booking.channels ?? []);
  const unchanged = [...channels].sort().join() === [...(booking.channels ?? [])].sort().join();
  const save = async () => {
    if (await onSave(channels)) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.bookings.channels.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }} color="text.secondary">{translate('app.bookings.channels.intro')}</Typography>
        <ChannelPicker value={channels} onChange={setChannels} disabled={busy} />
        {channels.length === 0 && <Alert severity="warning" sx={{ mt: 2 }}>{translate('app.bookings.channels.none')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button label="app.action.forget_it" onClick={onClose} />
        <Button label="app.bookings.channels.save" variant="contained" disabled={busy || unchanged || channels.length === 0} onClick={save} />
      </DialogActions>
    </Dialog>
  );
}
