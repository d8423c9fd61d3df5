/** Extend a running campaign by a later end date (`PUT /api/booking/:id/end`). */
import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { BookingRow } from './bookingRules.ts';

interface ExtendEndDialogProps {
  booking: BookingRow;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: (end: string) => Promise<boolean>;
}

const day = (value: string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : '');
const nextDay = (value: string) => new Date(Date.parse(value) + 86_400_000).toISOString().slice(0, 10);

export function ExtendEndDialog({ booking, open, busy, onClose, onSave }: ExtendEndDialogProps) {
  const translate = useTranslate();
  const current = day(booking.end);
  const earliest = nextDay(current || new Date().toISOString().slice(0, 10));
  const [end, setEnd] = useState(earliest);
  const tooEarly = !end || end < earliest;
  const save = async () => {
    if (await onSave(end)) onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('app.bookings.extend.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }} color="text.secondary">{translate('app.bookings.extend.intro')}</Typography>
        <TextField
          type="date"
          name="end"
          fullWidth
          label={translate('app.bookings.extend.end')}
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          error={tooEarly}
          helperText={tooEarly ? translate('app.bookings.extend.too_early') : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliest } }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="app.action.forget_it" onClick={onClose} />
        <Button label="app.bookings.extend.save" variant="contained" disabled={tooEarly || busy} onClick={save} />
      </DialogActions>
    </Dialog>
  );
}
