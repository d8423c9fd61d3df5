/**
 * The read-only booking detail of the bookings table (SPEC section 2 "Dashboard"): name, start, end (or Never
 * Ends), budget or daily budget, the target URL's host (N/A when invalid), gender, age, geo locations, CDP
 * segments, the channel allocation as a doughnut with its legend, and the creatives. Loaded on demand (recharts).
 */
import { Box, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Typography } from '@mui/material';
import { Cell, Pie, PieChart, Tooltip } from 'recharts';
import { Button, useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { markerAddress } from '@adsuite/config/booking/index';
import { formatDay, useValueLabel } from '@adsuite/admin/kit';
import type { Booking } from './dashboardApi.ts';
import { useFormat } from './useText.ts';

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host || null : null;
  } catch {
    return null;
  }
};

/** Channel weights in percent; equal weights when the booking does not split its budget (SPEC section 9). */
function allocation(booking: Booking) {
  const given = Array.isArray(booking.allocation) ? (booking.allocation as { channel?: string; weight?: number }[]) : [];
  const weights = (booking.channels ?? []).map((key) => ({ key, weight: Number(given.find((entry) => entry.channel === key)?.weight ?? 0) }));
  const even = weights.every((entry) => !entry.weight);
  const total = even ? weights.length : weights.reduce((sum, entry) => sum + entry.weight, 0);
  return weights.map((entry) => ({
    key: entry.key, name: channelByKey[entry.key]?.name ?? entry.key, color: channelByKey[entry.key]?.color ?? '#78909c',
    share: total ? Math.round(((even ? 1 : entry.weight) / total) * 1000) / 10 : 0,
  }));
}

const labelOf = (item: unknown) => {
  const record = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
  return String(record.name ?? record.identifier ?? (typeof item === 'string' ? item : ''));
};

export function BookingDetailDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const translate = useTranslate();
  const valueLabel = useValueLabel('booking');
  const format = useFormat();
  const t = (key: string) => translate(`app.bookings.detail.${key}`);
  const slices = allocation(booking);
  const places = [...(booking.markers ?? []).map(markerAddress).filter(Boolean), ...(booking.countries ?? [])];
  const segments = (booking.cdpSegments ?? []).map(labelOf).filter(Boolean);
  const ages = booking.age ?? [];
  const facts: [string, string][] = [
    [t('name'), booking.name],
    booking.budget ? [t('budget'), format.money(booking.budget)] : [t('daily_budget'), `${format.money(booking.dailyBudget ?? 0)} ${translate('app.bookings.per_day')}`],
    [t('start'), formatDay(booking.start)],
    [t('end'), booking.continously || !booking.end ? translate('app.bookings.never_ends') : formatDay(booking.end)],
    [t('target'), hostOf(booking.target) ?? translate('app.bookings.not_available')],
    [t('gender'), valueLabel('gender', booking.gender ?? 'all')],
    [t('age'), ages.length === 0 || ages.length >= 7 ? t('all') : ages.map((code) => translate(`app.bookings.age.${code}`, { _: code })).join(', ')],
    [t('locations'), places.length ? places.join(' · ') : t('none')],
    [t('segments'), segments.length ? segments.join(', ') : t('none')],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="dashboard-booking-title" data-testid="booking-detail">
      <DialogTitle id="dashboard-booking-title">{translate('app.bookings.detail.title', { name: booking.name })}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5, m: 0 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">{label}</Typography>
              <Typography component="dd" sx={{ m: 0 }} data-fact={label}>{value}</Typography>
            </div>
          ))}
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" gutterBottom>{t('allocation')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
          <PieChart width={170} height={170}>
            <Pie data={slices} dataKey="share" nameKey="name" innerRadius={48} outerRadius={78} isAnimationActive={false}>
              {slices.map((slice) => <Cell key={slice.key} fill={slice.color} />)}
            </Pie>
            <Tooltip formatter={(value) => format.percent(Number(value))} />
          </PieChart>
          <Stack spacing={0.75} data-testid="allocation-legend">
            {slices.map((slice) => (
              <Stack key={slice.key} direction="row" spacing={1} alignItems="center">
                <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: slice.color }} />
                <Typography variant="body2">{slice.name}</Typography>
                <Typography variant="body2" color="text.secondary">{format.percent(slice.share)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" gutterBottom>{t('creatives')}</Typography>
        {!booking.creatives?.length ? <Typography color="text.secondary">{t('no_creatives')}</Typography> : (
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {booking.creatives.map((creative, index) => {
              const record = (creative ?? {}) as { name?: string; width?: number; height?: number };
              return <Chip key={index} variant="outlined" label={`${record.name ?? '–'}${record.width && record.height ? ` · ${record.width}×${record.height}` : ''}`} />;
            })}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
