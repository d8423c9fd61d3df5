/** The read-only booking detail (SPEC section 2): dates, budget, target, audience, places, segments, allocation and creatives. */
import type { ReactNode } from 'react';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Grid, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { formatDay, useValueLabel } from '@adsuite/admin/kit';
import { markerAddress } from '@adsuite/config/booking/index';
import { AllocationChart } from './AllocationChart.tsx';
import { targetHost, type BookingRow } from './bookingRules.ts';
import { CreativesPanel } from './CreativesPanel.tsx';
import { budgetOf } from './money.ts';

export interface BookingDetail extends BookingRow {
  target?: string | null;
  gender?: string | null;
  age?: string[];
  markers?: unknown[];
  countries?: string[];
  cdpSegments?: unknown[];
  allocation?: unknown;
  creatives?: unknown;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body1" component="div" data-fact={label}>{children}</Typography>
    </Grid>
  );
}

const placesOf = (booking: BookingDetail) => [
  ...(Array.isArray(booking.markers) ? booking.markers : []).map(markerAddress).filter(Boolean),
  ...(booking.countries ?? []),
];

const segmentName = (segment: unknown) =>
  typeof segment === 'object' && segment ? String((segment as Record<string, unknown>).name ?? (segment as Record<string, unknown>).identifier ?? '') : String(segment);

export function BookingDetailDialog({ booking, open, onClose }: { booking: BookingDetail; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const valueLabel = useValueLabel('booking');
  const t = (key: string) => translate(`app.bookings.detail.${key}`);
  const budget = budgetOf(booking);
  const places = placesOf(booking);
  const segments = (booking.cdpSegments ?? []).map(segmentName).filter(Boolean);
  const ages = booking.age ?? [];
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="booking-detail-title">
      <DialogTitle id="booking-detail-title">{translate('app.bookings.detail.title', { name: booking.name })}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Fact label={t('name')}>{booking.name}</Fact>
          <Fact label={budget.perDay ? t('daily_budget') : t('budget')}>
            {budget.amount}{budget.perDay ? ` ${translate('app.bookings.per_day')}` : ''}
          </Fact>
          <Fact label={t('start')}>{formatDay(booking.start)}</Fact>
          <Fact label={t('end')}>{booking.continously || !booking.end ? translate('app.bookings.never_ends') : formatDay(booking.end)}</Fact>
          <Fact label={t('target')}>{targetHost(booking.target) ?? translate('app.bookings.not_available')}</Fact>
          <Fact label={t('gender')}>{valueLabel('gender', booking.gender ?? 'all')}</Fact>
          <Fact label={t('age')}>
            {ages.length === 0 || ages.length >= 7 ? t('all') : ages.map((code) => translate(`app.bookings.age.${code}`, { _: code })).join(', ')}
          </Fact>
          <Fact label={t('locations')}>{places.length ? places.join(' · ') : t('none')}</Fact>
          <Fact label={t('segments')}>{segments.length ? segments.join(', ') : t('none')}</Fact>
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" gutterBottom>{t('allocation')}</Typography>
        <AllocationChart booking={booking} />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" gutterBottom>{t('creatives')}</Typography>
        <Box>{open && <CreativesPanel booking={booking} />}</Box>
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
