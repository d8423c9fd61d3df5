/** A booking's status as a coloured badge: the colour says its group (SPEC section 4), the text its status. */
import { Chip } from '@mui/material';
import { useValueLabel } from '@adsuite/admin/kit';
import { BADGE_COLOR, badgeGroup, type BookingRow } from './bookingRules.ts';

export function StatusBadge({ booking }: { booking: BookingRow }) {
  const valueLabel = useValueLabel('booking');
  const group = badgeGroup(booking);
  // An end date in the past reads finished even before the server has moved the status on.
  const status = group === 'finished' ? 'finished' : booking.status ?? 'pending';
  return (
    <Chip
      size="small"
      color={BADGE_COLOR[group]}
      variant={group === 'finished' || group === 'canceled' ? 'outlined' : 'filled'}
      label={valueLabel('status', status)}
      data-status={status}
      data-group={group}
      sx={{ fontWeight: 500 }}
    />
  );
}
