/** The container code for a booking's advertiser, with the campaign it measures: the top bar's dialog. */
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { containerScript, ContainerCodeDialog as ScriptDialog } from '@adsuite/admin/kit';

interface ContainerCodeDialogProps {
  booking: { advertiser?: string; campaign?: string | null };
  open: boolean;
  onClose: () => void;
}

export function ContainerCodeDialog({ booking, open, onClose }: ContainerCodeDialogProps) {
  const translate = useTranslate();
  return (
    <ScriptDialog
      script={containerScript(globalThis.location.origin, String(booking.advertiser ?? ''))} open={open} onClose={onClose}
      title="app.bookings.container.title" intro="app.bookings.container.intro" testId="booking-container-script"
    >
      {booking.campaign && (
        <Typography variant="body2" color="text.secondary">{translate('app.bookings.container.campaign', { id: booking.campaign })}</Typography>
      )}
    </ScriptDialog>
  );
}
