/** The container code for a booking's advertiser, with the campaign it measures. */
import { Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { containerScript, CopyButton } from '@adsuite/admin/kit';

interface ContainerCodeDialogProps {
  booking: { advertiser?: string; campaign?: string | null };
  open: boolean;
  onClose: () => void;
}

export function ContainerCodeDialog({ booking, open, onClose }: ContainerCodeDialogProps) {
  const translate = useTranslate();
  const script = containerScript(globalThis.location.origin, String(booking.advertiser ?? ''));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.bookings.container.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate('app.bookings.container.intro')}</Typography>
        <Typography component="pre" data-testid="booking-container-script" sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
          {script}
        </Typography>
        {booking.campaign && (
          <Typography variant="body2" color="text.secondary">{translate('app.bookings.container.campaign', { id: booking.campaign })}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <CopyButton text={script} />
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
