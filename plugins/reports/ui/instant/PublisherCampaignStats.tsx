/**
 * The publisher's view of a campaign (/p/campaign/stats/:id): the campaign's figures where the signed-in publisher's
 * own publishers delivered (GET /api/publisher/campaign/:id/report; no other publisher's rows reach the browser),
 * with the range, the totals, the chart and the tabs Date, Creatives, Websites, Conversions and Publishers. Its money
 * figure is named as the publisher's earnings (Provision), never a cost (figureNames.ts). Its figures follow the batches
 * committed while it is open (Freshness.tsx refreshed).
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CircularProgress, Stack, Tab, Tabs } from '@mui/material';
import { Title } from 'react-admin';
import { session } from '@adsuite/admin/kit';
import { refreshed, shownFigures } from '../shared/Freshness.tsx';
import { useRangeParams } from '../shared/useRangeParams.ts';
import { CreativesTab, DateTab } from './BreakdownTabs.tsx';
import { ConversionsTab } from './ConversionsTab.tsx';
import { FigureTable } from './FigureTable.tsx';
import { CampaignHeader, RangeNotes, ReportError } from './InstantReport.tsx';
import { MoneyFigure } from './figureNames.ts';
import { KpiCards } from './KpiCards.tsx';
import { ReportChart } from './ReportChart.tsx';
import { fetchPublisherReport, type PublisherReport, type PublisherRow, type WebsiteRow } from './reportApi.ts';
import { useReportText } from './useReportText.ts';

type TabKey = 'date' | 'creatives' | 'websites' | 'conversions' | 'publishers';

function PublisherTabs({ report }: { report: PublisherReport }) {
  const text = useReportText();
  const [tab, setTab] = useState<TabKey>('date');
  const tabs: TabKey[] = ['date', 'creatives', 'websites', ...(report.conversions.length ? ['conversions' as const] : []), ...(report.publishers.length > 1 ? ['publishers' as const] : [])];
  const current = tabs.includes(tab) ? tab : 'date';
  return (
    <Card data-testid="report-tabs">
      <Tabs value={current} onChange={(_, next: TabKey) => setTab(next)} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
        {tabs.map((key) => <Tab key={key} value={key} label={text(key === 'publishers' ? 'your_publishers' : `tabs.${key}`)} data-tab={key} />)}
      </Tabs>
      <Box sx={{ pb: 1 }}>
        {current === 'date' && <DateTab stats={report.stats} />}
        {current === 'creatives' && <CreativesTab stats={report.stats} banners={report.banners} />}
        {current === 'websites' && (
          <FigureTable name="websites" rows={report.websites} rowKey={(row) => row.location} labels={[{ key: 'website', label: text('columns.website'), render: (row: WebsiteRow) => row.location }]} />
        )}
        {current === 'conversions' && <ConversionsTab conversions={report.conversions} banners={report.banners} publishers={report.publishers} />}
        {current === 'publishers' && (
          <FigureTable name="publishers" rows={report.publishers} rowKey={(row) => row._id} labels={[{ key: 'publisher', label: text('columns.publisher'), render: (row: PublisherRow) => row.name ?? text('unknown') }]} />
        )}
      </Box>
    </Card>
  );
}

export function PublisherCampaignStats() {
  const { id: campaign = '' } = useParams();
  const text = useReportText();
  const [range, setRange] = useRangeParams();
  // The view reads the selected publisher's rows: without one (staff before choosing, an advertiser) it says so.
  const publisher = session.selectedPublisher();
  const query = useQuery({
    queryKey: ['publisher-campaign-stats', campaign, range.start, range.end, publisher],
    queryFn: ({ signal }) => fetchPublisherReport(campaign, range, signal),
    enabled: Boolean(publisher),
    placeholderData: keepPreviousData,
    retry: false,
    ...refreshed,
  });
  const { figures: report, error, loading } = shownFigures(query);
  const { isPending } = query;
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="publisher-campaign-stats">
      <Title title={report ? `${text('publisher_title')}: ${report.campaignName}` : text('publisher_title')} />
      <CampaignHeader
        overline={text('publisher_title')}
        name={report?.campaignName}
        range={range}
        onRange={setRange}
        fetching={loading}
        actions={<Button component={RouterLink} to="/p/campaigns" startIcon={<ArrowBackIcon />}>{text('back_to_campaigns')}</Button>}
        dataAsOf={report?.dataAsOf}
      />
      {!publisher && <Alert severity="info" data-testid="choose-publisher">{text('choose_publisher')}</Alert>}
      {error && <ReportError error={error} />}
      {publisher && isPending && <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}><CircularProgress aria-label={text('publisher_title')} /></Box>}
      {report && <RangeNotes range={range} empty={report.stats.length === 0} />}
      {report && report.stats.length > 0 && (
        <MoneyFigure.Provider value="earnings">
          <KpiCards stats={report.stats} />
          <ReportChart report={report} />
          <PublisherTabs report={report} />
        </MoneyFigure.Provider>
      )}
    </Stack>
  );
}
