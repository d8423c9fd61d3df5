/**
 * Expert Analytics of a campaign (/campaign/:id, SPEC section 2), the systemoperator's alone: the header with the
 * campaign, the query time, when the figures are of, the CSV of the creative performance, the subscription dropdown and the date range (kept
 * in the address: ?start=&end=); the cards, the charts, the creative performance, the invalid traffic per reason and
 * the campaign's assets. Its figures follow the batches committed while it is open (Freshness.tsx refreshed).
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { daysIn, useAbilityState, useRecordRefusal, type DayRange } from '@adsuite/admin/kit';
import { DataAsOf, refreshed, shownFigures } from '../shared/Freshness.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { ReportHeader } from '../shared/ReportHeader.tsx';
import { SubscriptionMenu } from '../shared/SubscriptionMenu.tsx';
import { useRangeParams } from '../shared/useRangeParams.ts';
import { CampaignAssets } from './CampaignAssets.tsx';
import { CreativePerformance } from './CreativePerformance.tsx';
import { InvalidTraffic } from './InvalidTraffic.tsx';
import { creativeCsv, download, fetchExpertStats, type ExpertStats } from './expertApi.ts';
import { OnsiteCard, StatCards } from './StatCards.tsx';
import { StatCharts } from './StatCharts.tsx';
import { useExpertText, useFormat } from './useExpertText.ts';

const tracked = (stats: ExpertStats) =>
  stats.impressionCount + stats.clickCount + stats.pcConversions + stats.pvConversions + stats.uniqueCount + stats.pixelCount + stats.invalid.count > 0;
const fileName = (stats: ExpertStats) =>
  `expert-analytics-${stats.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'}-${stats.range.start}-${stats.range.end}.csv`;

function Header({ campaign, name, stats, range, onRange, fetching }: {
  campaign: string; name: string | undefined; stats: ExpertStats | undefined; range: DayRange; onRange: (range: DayRange) => void; fetching: boolean;
}) {
  const text = useExpertText();
  const format = useFormat();
  const subtitle = stats && (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="query-time">
        {format.day(stats.range.start)} – {format.day(stats.range.end)} · {text('query_time', { seconds: format.seconds(stats.queryTime) })}
      </Typography>
      <DataAsOf value={stats.dataAsOf} />
    </>
  );
  const actions = (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={!stats || stats.creativeArray.length === 0}
        onClick={() => stats && download(fileName(stats), creativeCsv(stats, text))}
      >
        {text('download_csv')}
      </Button>
      <SubscriptionMenu campaign={campaign} />
    </>
  );
  return (
    <ReportHeader overline={text('title')} name={name} subtitle={subtitle} range={range} onRange={onRange} fetching={fetching} actions={actions} loadingId="expert-loading" />
  );
}

function ExpertScreen({ campaign }: { campaign: string }) {
  const text = useExpertText();
  const [range, setRange] = useRangeParams();
  const query = useQuery({
    queryKey: ['expert-analytics', campaign, range.start, range.end],
    queryFn: ({ signal }) => fetchExpertStats(campaign, range, signal),
    placeholderData: keepPreviousData,
    retry: false,
    ...refreshed,
  });
  const { data: stats, isPending } = query;
  const { figures: shown, error, loading } = shownFigures(query);
  // The campaign's name stays while a refused range shows its error (the last answer's).
  const [name, setName] = useState<string>();
  if (stats && stats.name !== name) setName(stats.name);
  // A campaign that is not there (or no longer) is the 403 page; a 406 reloads with the selection the server holds.
  const refusal = useRecordRefusal(query.error);
  if (refusal) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><Title title={text('title')} /><CircularProgress aria-label={text('title')} /></Box>;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, px: { xs: 1, sm: 0 } }} data-testid="expert-analytics">
      <Title title={text('title')} />
      <Header campaign={campaign} name={name} stats={shown} range={range} onRange={setRange} fetching={loading} />
      {error && <LoadError error={error} failed={text('load_failed')} testId="expert-error" />}
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
          <InvalidTraffic invalid={shown.invalid} />
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
