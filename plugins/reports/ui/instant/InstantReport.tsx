/**
 * The Instant Report of a campaign (/campaign/stats/:id, SPEC section 2; viewers are sent to /403 by the route
 * table): the campaign's name, when its figures are of, downloads, subscriptions, the date range and the comparison
 * with the previous period (?compare=previous); the buttons to conversion and click approval when the campaign has
 * them; the totals (with their change), the chart (with the previous period's line) and the tabs Channels, Date,
 * Creatives, Websites, Conversions and Publishers. The report's first answer holds what the totals, the chart and the tabs Channels, Date
 * and Creatives show; the websites, the conversions and a publisher's rows load when their tab or view opens. While
 * it is open, its figures and "Daten vom" follow the batches committed since (Freshness.tsx refreshed).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AdsClickIcon from '@mui/icons-material/AdsClick';
import { Alert, Box, Button, Card, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { daysIn, useRecordRefusal, type DayRange } from '@adsuite/admin/kit';
import { DownloadStatsButton } from '../shared/DownloadStats.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { ReportHeader } from '../shared/ReportHeader.tsx';
import { CompareSwitch, DataAsOf, refreshed, shownFigures } from '../shared/Freshness.tsx';
import { SubscriptionMenu } from '../shared/SubscriptionMenu.tsx';
import { useCompareParam, useRangeParams } from '../shared/useRangeParams.ts';
import { ChannelsTab, CreativesTab, DateTab } from './BreakdownTabs.tsx';
import { CampaignConversions } from './ConversionsTab.tsx';
import { KpiCards } from './KpiCards.tsx';
import { PublishersTab } from './PublishersTab.tsx';
import { ReportChart } from './ReportChart.tsx';
import { conversionsOf, fetchReport, total, type Report } from './reportApi.ts';
import { useFormat, useReportText } from './useReportText.ts';
import { WebsitesTab } from './WebsitesTab.tsx';

/**
 * The header of the campaign's figures: its name, the range in words, when the figures are of, the picker with its
 * controls (the comparison), the actions.
 */
export function CampaignHeader({ overline, name, range, onRange, fetching, actions, controls, dataAsOf }: {
  overline: string; name: string | undefined; range: DayRange; onRange: (range: DayRange) => void; fetching: boolean; actions?: ReactNode;
  controls?: ReactNode; dataAsOf?: string | null;
}) {
  const format = useFormat();
  const subtitle = (
    <>
      <Typography variant="body2" color="text.secondary">{format.day(range.start)} – {format.day(range.end)}</Typography>
      <DataAsOf value={dataAsOf} />
    </>
  );
  return (
    <ReportHeader overline={overline} name={name} subtitle={subtitle} range={range} onRange={onRange} fetching={fetching} actions={actions} controls={controls}
      loadingId="report-loading" />
  );
}

/** The stats failure text or the server's refusal of the range. */
export function ReportError({ error }: { error: unknown }) {
  const text = useReportText();
  return <LoadError error={error} failed={text('load_failed')} testId="report-error" />;
}

/** The 'choose more days' info (dismissible) under 3 days; 'No stats' when nothing was delivered. */
export function RangeNotes({ range, empty }: { range: DayRange; empty: boolean }) {
  const text = useReportText();
  const [dismissed, setDismissed] = useState(false);
  return (
    <>
      {daysIn(range) < 3 && !dismissed && <Alert severity="info" onClose={() => setDismissed(true)} data-testid="more-days">{text('more_days')}</Alert>}
      {empty && (
        <Alert severity="info" data-testid="no-stats">
          <strong>{text('no_stats')}</strong> · {text('no_stats_hint')}
        </Alert>
      )}
    </>
  );
}

type TabKey = 'channels' | 'date' | 'creatives' | 'websites' | 'conversions' | 'publishers';

function ReportTabs({ campaign, range, report }: { campaign: string; range: DayRange; report: Report }) {
  const text = useReportText();
  const [tab, setTab] = useState<TabKey>('channels');
  const channels = useMemo(() => [...new Set(report.stats.map((row) => row.channel).filter((key): key is string => Boolean(key)))].sort(), [report]);
  const converted = useMemo(() => conversionsOf(total(report.stats)) > 0, [report]);
  const tabs: TabKey[] = ['channels', 'date', 'creatives', 'websites', ...(converted ? ['conversions' as const] : []), ...(report.publishers.length ? ['publishers' as const] : [])];
  const current = tabs.includes(tab) ? tab : 'channels';
  return (
    <Card data-testid="report-tabs">
      <Tabs value={current} onChange={(_, next: TabKey) => setTab(next)} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
        {tabs.map((key) => <Tab key={key} value={key} label={text(`tabs.${key}`)} data-tab={key} />)}
      </Tabs>
      <Box sx={{ pb: 1 }}>
        {current === 'channels' && <ChannelsTab stats={report.stats} />}
        {current === 'date' && <DateTab stats={report.stats} />}
        {current === 'creatives' && <CreativesTab stats={report.stats} banners={report.banners} />}
        {current === 'websites' && <WebsitesTab key={`${range.start}|${range.end}`} campaign={campaign} range={range} channels={channels} />}
        {current === 'conversions' && <CampaignConversions campaign={campaign} range={range} report={report} />}
        {current === 'publishers' && <PublishersTab campaign={campaign} range={range} report={report} />}
      </Box>
    </Card>
  );
}

export function InstantReport() {
  const { id: campaign = '' } = useParams();
  const text = useReportText();
  const [range, setRange] = useRangeParams();
  const [compare, setCompare] = useCompareParam();
  const query = useQuery({
    queryKey: ['instant-report', campaign, range.start, range.end, compare],
    queryFn: ({ signal }) => fetchReport(campaign, range, signal, null, compare),
    placeholderData: keepPreviousData,
    retry: false,
    ...refreshed,
  });
  // A campaign that is not there (or no longer) is the 403 page; a 406 reloads with the selection the server holds.
  const refusal = useRecordRefusal(query.error);
  const { figures: report, error, loading } = shownFigures(query);
  const { isPending } = query;
  if (refusal) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={text('title')} /></Box>;
  const actions = (
    <>
      {report?.conversionApproval && (
        <Button component={RouterLink} to={`/campaign/conversions/${campaign}`} variant="outlined" startIcon={<FactCheckIcon />} data-testid="to-conversions">
          {text('conversion_approval')}
        </Button>
      )}
      {report?.clickApproval && (
        <Button component={RouterLink} to={`/campaign/clicks/${campaign}`} variant="outlined" startIcon={<AdsClickIcon />} data-testid="to-clicks">
          {text('click_approval')}
        </Button>
      )}
      <DownloadStatsButton campaign={campaign} range={range} />
      <SubscriptionMenu campaign={campaign} />
    </>
  );
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="instant-report">
      <Title title={report ? `${text('title')}: ${report.campaignName}` : text('title')} />
      <CampaignHeader overline={text('title')} name={report?.campaignName} range={range} onRange={setRange} fetching={loading} actions={actions}
        controls={<CompareSwitch checked={compare} onChange={setCompare} />} dataAsOf={report?.dataAsOf} />
      {error && <ReportError error={error} />}
      {isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={text('title')} /></Box>}
      {report && <RangeNotes range={range} empty={report.stats.length === 0} />}
      {report && report.stats.length > 0 && (
        <>
          <KpiCards stats={report.stats} previous={compare ? report.previous?.totals : null} />
          <ReportChart report={report} previous={compare ? report.previous : null} />
          <ReportTabs campaign={campaign} range={report.range} report={report} />
        </>
      )}
    </Stack>
  );
}
