/**
 * /p, the publisher's home (issue 35): the range picker of the statistics screens, the figures of the range
 * (impressions, clicks, conversions from the rollups; earnings and EPC from the ledger), the balance and the
 * pending (reserved) earnings apart from it, the chart per day, the invitations waiting for an answer, and the
 * top campaigns and websites. Refreshes every 5 seconds (SPEC section 9: polling), so new traffic shows at once.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Grid, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { DayRangePicker, lastDays, session, type DayRange } from '@adsuite/admin/kit';
import { AnswerButtons } from './AnswerButtons.tsx';
import { fetchHome, type PublisherHome as Home } from './api.ts';
import { useFormat, useText } from './useText.ts';

const HomeChart = lazy(() => import('./HomeChart.tsx').then((module) => ({ default: module.HomeChart })));
export const POLL_MS = 5_000;

function Kpi({ name, value }: { name: string; value: string }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={`kpi-${name}`}>
      <CardContent>
        <KpiLabel name={name} />
        <Typography variant="h5" data-value>{value}</Typography>
      </CardContent>
    </Card>
  );
}
const KpiLabel = ({ name }: { name: string }) => <Typography variant="body2" color="text.secondary">{useText()(`figures.${name}`)}</Typography>;

function Money({ home }: { home: Home }) {
  const text = useText();
  const format = useFormat();
  return (
    <Card data-testid="publisher-money">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-end' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">{text('money.balance')}</Typography>
            <Typography variant="h4" data-testid="home-balance">{format.money(home.balance)}</Typography>
            <Typography variant="caption" color="text.secondary">{text('money.balance_hint')}</Typography>
          </Box>
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">{text('money.pending')}</Typography>
            <Typography variant="h5" color="text.secondary" data-testid="home-pending">{format.money(home.pending)}</Typography>
            <Typography variant="caption" color="text.secondary">{home.pendingEvents ? text('money.pending_hint', { smart_count: home.pendingEvents }) : text('money.pending_none')}</Typography>
          </Box>
          <Button component={Link} to="/p/finances" variant="outlined">{text('money.to_finances')}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Invitations({ home, publisher }: { home: Home; publisher: string }) {
  const text = useText();
  const format = useFormat();
  return (
    <Card data-testid="home-invitations">
      <CardHeader title={text('invitations.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={<Button component={Link} to="/p/campaigns">{text('invitations.all')}</Button>} />
      <CardContent sx={{ pt: 0 }}>
        {home.invitations.length === 0 && <Typography color="text.secondary">{text('invitations.empty')}</Typography>}
        <Stack spacing={2}>
          {home.invitations.map((invitation) => (
            <Stack key={invitation.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }} data-invitation={invitation.campaign.id}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{invitation.campaign.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {text('invitations.from', { advertiser: invitation.campaign.advertiser })} · {invitation.campaign.continuous ? text('invitations.open_end') : text('invitations.until', { day: format.day(invitation.campaign.end) })}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <AnswerButtons publisher={publisher} invitation={invitation.id} campaign={invitation.campaign.name} />
                <Button size="small" component={Link} to={`/p/campaigns?campaign=${invitation.campaign.id}`}>{text('actions.details')}</Button>
              </Stack>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function TopTable<T extends { impressions: number; clicks: number; conversions: number }>({ title, label, rows, name, earnings, testId, action }: {
  title: string; label: string; rows: T[]; name: (row: T) => ReactNode; earnings?: (row: T) => number; testId: string; action?: ReactNode;
}) {
  const text = useText();
  const format = useFormat();
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} action={action} />
      {rows.length === 0 ? <CardContent sx={{ pt: 0 }}><Typography color="text.secondary">{text('top.empty')}</Typography></CardContent> : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{label}</TableCell>
                <TableCell align="right">{text('figures.impressions')}</TableCell>
                <TableCell align="right">{text('figures.clicks')}</TableCell>
                <TableCell align="right">{text('figures.conversions')}</TableCell>
                {earnings && <TableCell align="right">{text('figures.earnings')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index} data-row>
                  <TableCell sx={{ wordBreak: 'break-word' }} data-cell="name">{name(row)}</TableCell>
                  <TableCell align="right" data-cell="impressions">{format.count(row.impressions)}</TableCell>
                  <TableCell align="right" data-cell="clicks">{format.count(row.clicks)}</TableCell>
                  <TableCell align="right" data-cell="conversions">{format.count(row.conversions)}</TableCell>
                  {earnings && <TableCell align="right" data-cell="earnings" sx={{ whiteSpace: 'nowrap' }}>{format.money(earnings(row))}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}

export function PublisherHome() {
  const translate = useTranslate();
  const text = useText();
  const format = useFormat();
  const publisher = session.selectedPublisher();
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const home = useQuery({
    queryKey: ['publisher-area', 'home', publisher, range.start, range.end],
    queryFn: () => fetchHome(publisher!, range),
    enabled: Boolean(publisher),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
  const data = home.data;
  const empty = data?.days.every((day) => !day.impressions && !day.clicks && !day.conversions && !day.earnings);
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="publisher-home">
      <Title title={translate('app.publisher_area.title')} />
      {!publisher && <Alert severity="info">{text('choose_publisher')}</Alert>}
      {home.error && <Alert severity="error">{text('load_failed', { message: home.error.message })}</Alert>}
      {publisher && <DayRangePicker range={range} onChange={setRange} />}
      <Box sx={{ height: 4 }}>{home.isFetching && !data && <LinearProgress />}</Box>
      {data && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 'grow' }}><Kpi name="impressions" value={format.count(data.totals.impressions)} /></Grid>
            <Grid size={{ xs: 6, md: 'grow' }}><Kpi name="clicks" value={format.count(data.totals.clicks)} /></Grid>
            <Grid size={{ xs: 6, md: 'grow' }}><Kpi name="conversions" value={format.count(data.totals.conversions)} /></Grid>
            <Grid size={{ xs: 6, md: 'grow' }}><Kpi name="earnings" value={format.money(data.totals.earnings)} /></Grid>
            <Grid size={{ xs: 12, md: 'grow' }}><Kpi name="epc" value={format.money(data.totals.epc)} /></Grid>
          </Grid>
          <Money home={data} />
          <Invitations home={data} publisher={publisher!} />
          <Card>
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>{text('chart.title', { start: format.day(data.range.start), end: format.day(data.range.end) })}</Typography>
              {empty ? <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{text('chart.empty')}</Typography> : (
                <Suspense fallback={<Box sx={{ height: 220, display: 'grid', placeItems: 'center' }}><CircularProgress size={24} /></Box>}>
                  <HomeChart days={data.days} />
                </Suspense>
              )}
            </CardContent>
          </Card>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 6 }}>
              <TopTable testId="top-campaigns" title={text('top.campaigns')} label={text('top.campaign')} rows={data.campaigns} earnings={(row) => row.earnings}
                name={(row) => <Link to={`/p/campaign/stats/${row.id}`}>{row.name}</Link>} action={<Button component={Link} to="/p/campaigns">{text('top.all_campaigns')}</Button>} />
            </Grid>
            <Grid size={{ xs: 12, lg: 6 }}>
              <TopTable testId="top-websites" title={text('top.websites')} label={text('top.website')} rows={data.websites} name={(row) => row.website} earnings={(row) => row.earnings}
                action={<Button component={Link} to="/websites" data-action="websites">{text('top.all_websites')}</Button>} />
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}
