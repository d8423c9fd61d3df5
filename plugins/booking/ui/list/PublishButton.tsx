/** 'Click to publish' on a pending booking, for users who may change it (SPEC section 4); publishing takes up to two minutes. */
import PublishIcon from '@mui/icons-material/Publish';
import { Button } from 'react-admin';
import { useCan, type BookingSummary } from '@adsuite/admin/kit';
import { lifecycleActions, type BookingRow } from './bookingRules.ts';
import { useLifecycle } from './useLifecycle.ts';

export function PublishButton({ booking }: { booking: BookingRow }) {
  const can = useCan();
  const lifecycle = useLifecycle(booking.id);
  if (!lifecycleActions(booking).includes('publish') || !can('update', 'booking', booking)) return null;
  return (
    <Button
      label="app.bookings.action.publish"
      variant="contained"
      size="small"
      disabled={lifecycle.busy}
      onClick={(event) => {
        event.stopPropagation();
        void lifecycle.publish();
      }}
      data-action="publish"
      sx={{ whiteSpace: 'nowrap', textTransform: 'none', mt: 0.5 }}
    >
      <PublishIcon />
    </Button>
  );
}

/** The same button under a booking's status in another plugin's table (the dashboard's, widgets.bookingStatus). */
export const PublishUnderStatus = ({ booking }: { booking: BookingSummary }) => (
  <PublishButton booking={{ ...booking, status: booking.status ?? undefined } as BookingRow} />
);
