/** What a booking is and what happens next: its ids (to copy), creation date and its status explained. */
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { CopyButton, formatDay } from '@adsuite/admin/kit';
import { explanationOf, type BookingRow } from './bookingRules.ts';
import { StatusBadge } from './StatusBadge.tsx';

function Line({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>{label}</Typography>
      <Typography variant="body2" sx={{ fontFamily: copy ? 'monospace' : undefined }}>{value}</Typography>
      {copy && value && <CopyButton text={value} label="app.action.copy_id" compact />}
    </Stack>
  );
}

export function BookingInfoDialog({ booking, open, onClose }: { booking: BookingRow & { created?: string }; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.bookings.info.${key}`);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="p">{booking.name}</Typography>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>{t('status')}</Typography>
            <StatusBadge booking={booking} />
          </Stack>
          <Typography variant="body2">{translate(`app.bookings.info.explain.${explanationOf(booking)}`)}</Typography>
          <Line label={t('id')} value={booking.id} copy />
          {booking.campaign && <Line label={t('campaign')} value={String(booking.campaign)} copy />}
          <Line label={t('created')} value={formatDay(booking.created, true)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
