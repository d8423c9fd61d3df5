/**
 * The start page (SPEC section 2 "Dashboard"): greeting, balance alert, the call to book, the analytics of the
 * selected advertiser (selectors, 'activate statistics' prompt, when the figures are of, the totals and the top
 * chart, with the previous period when it is compared, top templates, bookings and websites) and the bookings
 * grouped by status. The analytics refresh while the page is open (dashboardQueries.ts), with no bar and keeping
 * the selection. Staff who have chosen no advertiser see the platform's overview instead. The chart and the booking detail load on demand (recharts), so the page paints before them.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { STAFF_ROLES } from '@adsuite/config';
import { ContainerCodeDialog, containerScript, formatDay, session, today, useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { AnalyticsFilters } from './AnalyticsFilters.tsx';
import { BalanceBanner } from './BalanceBanner.tsx';
import { BookingsTable } from './BookingsTable.tsx';
import type { Analytics, Figures, Selection } from './dashboardApi.ts';
import { analyticsQuery, listQueries, openingSelection, refreshWhileChanging } from './dashboardQueries.ts';
import { Greeting } from './Greeting.tsx';
import { DataAsOf, PeriodTotals } from './PeriodTotals.tsx';
import { PlatformOverview } from './PlatformOverview.tsx';
import { TopLists } from './TopLists.tsx';
import { useText } from './useText.ts';

const TopChart = lazy(() => import('./TopChart.tsx').then((module) => ({ default: module.TopChart })));
const CREATE = '/booking/create';

function CallToAction() {
  const text = useText();
  const can = useCan();
  const mayOpen = useMayOpen();
  const { user } = useAbilityState();
  if (user?.role === 'viewer' || !can('create', 'booking') || !mayOpen(CREATE)) return null;
  return (
    <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', flex: { md: '0 0 360px' } }} data-testid="booking-cta">
      <CardContent>
        <Typography variant="h6">{text('cta.title')}</Typography>
        <Typography variant="body2" sx={{ opacity: 0.9, mb: 2 }}>{text('cta.text')}</Typography>
        <Button component={Link} to={CREATE} variant="contained" color="inherit" startIcon={<AddIcon />} sx={{ color: 'primary.main' }}>{text('cta.button')}</Button>
      </CardContent>
    </Card>
  );
}

function TrackingPrompt() {
  const text = useText();
  const [open, setOpen] = useState(false);
  const advertiser = session.selectedAdvertiser();
  return (
    <Alert severity="info" data-testid="activate-statistics">
      <Typography sx={{ fontWeight: 600 }}>{text('tracking.title')}</Typography>
      <Typography variant="body2">{text('tracking.text')}</Typography>
      {advertiser && <Button variant="outlined" color="inherit" size="small" sx={{ mt: 1 }} onClick={() => setOpen(true)}>{text('tracking.button')}</Button>}
      {advertiser && <ContainerCodeDialog script={containerScript(globalThis.location.origin, advertiser)} open={open} onClose={() => setOpen(false)} />}
    </Alert>
  );
}

function ChartCard({ analytics, compare }: { analytics: Analytics; compare: boolean }) {
  const text = useText();
  const previous = compare ? analytics.previous : null;
  const empty = analytics.stats.every((day) => !day.impressions && !day.clicks && !day.conversions)
    && (!previous || previous.stats.every((day) => !day.impressions && !day.clicks && !day.conversions));
  return (
    <Box data-testid="top-chart">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {text('chart.title', { start: formatDay(analytics.range.start), end: formatDay(analytics.range.end) })}
      </Typography>
      <Box sx={{ mb: 1 }}><DataAsOf value={analytics.dataAsOf} /></Box>
      <PeriodTotals totals={analytics.totals} previous={previous?.totals} />
      {previous && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="previous-range">
          {text('chart.previous_range', { start: formatDay(previous.range.start), end: formatDay(previous.range.end) })}
        </Typography>
      )}
      {empty ? <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{text('chart.empty')}</Typography> : (
        <Suspense fallback={<Box sx={{ height: 280, display: 'grid', placeItems: 'center' }}><CircularProgress size={24} /></Box>}>
          <Box sx={{ mt: 2 }}><TopChart days={analytics.stats} previous={previous?.stats} /></Box>
        </Suspense>
      )}
    </Box>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const text = useText();
  const can = useCan();
  const { user } = useAbilityState();
  const advertiser = session.selectedAdvertiser();
  const platform = !advertiser && STAFF_ROLES.some((role) => role === user?.role);
  const [selection, setSelection] = useState<Selection>(openingSelection);
  const enabled = Boolean(advertiser);
  const analytics = useQuery({ ...analyticsQuery(advertiser, selection), enabled, placeholderData: (previous) => previous });
  const lists = listQueries(advertiser);
  const bookings = useQuery({ ...lists.booking, enabled: enabled && can('read', 'booking'), refetchInterval: refreshWhileChanging });
  const templates = useQuery({ ...lists.bookingtemplate, enabled: enabled && can('read', 'bookingtemplate') });
  const lineitems = useQuery({ ...lists.lineitem, enabled: enabled && can('read', 'lineitem') });

  const data = analytics.data;
  const figures = useMemo(() => new Map<string, Figures>((data?.bookings ?? []).map((row) => [row.id, row])), [data]);
  const chosen = selection.bookings.length > 0 || selection.bookingtemplates.length > 0;
  const tableBookings = (bookings.data ?? []).filter((booking) => !chosen || figures.has(booking.id));
  const templateWarning = selection.bookingtemplates.length > 0 && selection.bookings.length === 0 && data && data.bookings.length === 0;

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.dashboard.title')} />
      <BalanceBanner />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1 }}><CardContent><Greeting /></CardContent></Card>
        <CallToAction />
      </Stack>
      {platform && <PlatformOverview />}
      {enabled && (
        <Card data-testid="analytics">
          {/* A bar while another selection loads; none while the figures refresh in the background. */}
          {analytics.isFetching && (analytics.isPending || analytics.isPlaceholderData) && <LinearProgress sx={{ height: 2 }} data-testid="analytics-loading" />}
          <CardContent>
            <Stack spacing={2}>
              <AnalyticsFilters selection={selection} onChange={setSelection} templates={templates.data ?? []} bookings={bookings.data ?? []} />
              {templateWarning && <Alert severity="warning" data-testid="template-warning">{text('filters.template_warning')}</Alert>}
              {analytics.isError && !analytics.isRefetchError && <Alert severity="error">{(analytics.error as Error)?.message || text('error')}</Alert>}
              {data && !data.tracking && <TrackingPrompt />}
              {data ? <ChartCard analytics={data} compare={selection.compare} /> : analytics.isPending && <Box sx={{ height: 300, display: 'grid', placeItems: 'center' }}><CircularProgress /></Box>}
            </Stack>
          </CardContent>
        </Card>
      )}
      {data && <TopLists analytics={data} selection={selection} />}
      {enabled && bookings.data && (
        <BookingsTable bookings={tableBookings} lineitems={lineitems.data ?? []} figures={figures} range={selection.range} today={today()} narrowed={chosen} />
      )}
    </Stack>
  );
}
