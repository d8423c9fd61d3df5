/**
 * Expert Analytics of a campaign (/campaign/:id, SPEC section 2), the systemoperator's alone: the header with the
 * campaign, the query time, the CSV of the creative performance, the subscription dropdown and the date range (kept
 * in the address: ?start=&end=); the cards, the charts, the creative performance and the campaign's assets.
 */
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { HttpError, Title, useLogoutIfAccessDenied } from 'react-admin';
import { useAbilityState } from '@adsuite/admin/kit';
import { SubscriptionMenu } from '../shared/SubscriptionMenu.tsx';
import { CampaignAssets } from './CampaignAssets.tsx';
import { CreativePerformance } from './CreativePerformance.tsx';
import { creativeCsv, daysIn, defaultRange, download, fetchExpertStats, type DayRange, type ExpertStats } from './expertApi.ts';
import { RangePicker } from './RangePicker.tsx';
import { OnsiteCard, StatCards } from './StatCards.tsx';
import { StatCharts } from './StatCharts.tsx';
import { useExpertText, useFormat } from './useExpertText.ts';

const longDay = (day: string) => day.split('-').reverse().join('-');
const tracked = (stats: ExpertStats) =>
  stats.impressionCount + stats.clickCount + stats.pcConversions + stats.pvConversions + stats.uniqueCount + stats.pixelCount > 0;
const fileName = (stats: ExpertStats) =>
  `expert-analytics-${stats.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-${stats.range.start}-${stats.range.end}.csv`;

function useRange(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const range = { start: params.get('start') || fallback.start, end: params.get('end') || fallback.end };
  return [range, (next) => setParams({ start: next.start, end: next.end }, { replace: true })];
}

/** SPEC section 8: a refused range reads the server's message; any other failure the stats failure text. */
function LoadError({ error }: { error: unknown }) {
  const text = useExpertText();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const status = error instanceof HttpError ? error.status : undefined;
  useEffect(() => {
    if (status === 401) void logoutIfAccessDenied(error);
  }, [status, error, logoutIfAccessDenied]);
  return (
    <Alert severity="error" data-testid="expert-error">
      {status === 400 && error instanceof Error ? error.message : text('load_failed')}
    </Alert>
  );
}

function Header({ campaign, name, stats, range, onRange, fetching }: {
  campaign: string; name: string | undefined; stats: ExpertStats | undefined; range: DayRange; onRange: (range: DayRange) => void; fetching: boolean;
}) {
  const text = useExpertText();
  const format = useFormat();
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ xs: 'stretch', md: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">{text('title')}</Typography>
            <Typography variant="h5" component="h1" data-testid="campaign-name" sx={{ overflowWrap: 'anywhere' }}>{name ?? '\u00a0'}</Typography>
            {stats && (
              <Typography variant="body2" color="text.secondary" data-testid="query-time">
                {longDay(stats.range.start)} – {longDay(stats.range.end)} · {text('query_time', { seconds: format.seconds(stats.queryTime) })}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!stats || stats.creativeArray.length === 0}
              onClick={() => stats && download(fileName(stats), creativeCsv(stats, text))}
            >
              {text('download_csv')}
            </Button>
            <SubscriptionMenu campaign={campaign} />
          </Stack>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <RangePicker range={range} onChange={onRange} />
        </Box>
      </CardContent>
      {fetching && <LinearProgress data-testid="expert-loading" />}
    </Card>
  );
}

function ExpertScreen({ campaign }: { campaign: string }) {
  const text = useExpertText();
  const [range, setRange] = useRange();
  const { data: stats, error, isFetching, isPending } = useQuery({
    queryKey: ['expert-analytics', campaign, range.start, range.end],
    queryFn: ({ signal }) => fetchExpertStats(campaign, range, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const shown = error ? undefined : stats;
  // The campaign's name stays while a refused range shows its error (the last answer's).
  const [name, setName] = useState<string>();
  if (stats && stats.name !== name) setName(stats.name);
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, px: { xs: 1, sm: 0 } }} data-testid="expert-analytics">
      <Title title={text('title')} />
      <Header campaign={campaign} name={name} stats={shown} range={range} onRange={setRange} fetching={isFetching} />
      {error && <LoadError error={error} />}
      {isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={text('title')} /></Box>
      )}
      {shown && !tracked(shown) && <Alert severity="info" data-testid="expert-empty">{text('empty')}</Alert>}
      {shown && tracked(shown) && (
        <>
          <StatCards stats={shown} />
          <OnsiteCard campaign={campaign} stats={shown} />
          <StatCharts stats={shown} overDays={daysIn(shown.range) > 1} />
          <CreativePerformance items={shown.creativeArray} />
        </>
      )}
      {shown && <CampaignAssets assets={shown.assets} />}
    </Stack>
  );
}

export function ExpertAnalytics() {
  const { id = '' } = useParams();
  const { user } = useAbilityState();
  const text = useExpertText();
  // SPEC section 2: checked from the stored role; anyone else reads the refusal, not a 403.
  if (user?.role !== 'systemoperator') {
    return (
      <>
        <Title title={text('title')} />
        <Alert severity="error" sx={{ mt: 2 }} data-testid="expert-refused">{text('not_allowed')}</Alert>
      </>
    );
  }
  return <ExpertScreen campaign={id} />;
}
