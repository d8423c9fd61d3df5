/**
 * The Publishers tab: the overview (by clicks) and one publisher's detail with its views date, creative, website and
 * conversion; back/next arrows step through the publishers (back on the first or next on the last returns to the
 * overview), a dropdown jumps to one, the overview button goes back. The overview is the report's first answer's;
 * a view's rows load when it opens.
 */
import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, Button, IconButton, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { CreativesTab, DateTab } from './BreakdownTabs.tsx';
import { CampaignConversions } from './ConversionsTab.tsx';
import { FigureTable } from './FigureTable.tsx';
import { fetchReport, fetchWebsites, type DayRange, type PublisherRow, type Report, type WebsiteRow } from './reportApi.ts';
import { TabRows } from './TabRows.tsx';
import { useReportText } from './useReportText.ts';

const VIEWS = ['date', 'creative', 'website', 'conversion'] as const;
type View = (typeof VIEWS)[number];

export function PublishersTab({ campaign, range, report }: { campaign: string; range: DayRange; report: Report }) {
  const text = useReportText();
  const [index, setIndex] = useState<number | null>(null);
  const [view, setView] = useState<View>('date');
  const publishers = report.publishers;
  const label = (publisher: PublisherRow) => publisher.name ?? text('unknown');

  if (index === null || !publishers[index]) {
    return (
      <FigureTable
        name="publishers"
        rows={publishers}
        rowKey={(row) => row._id}
        labels={[{ key: 'publisher', label: text('columns.publisher'), render: label }]}
        actions={{
          label: text('columns.actions'),
          render: (row) => <Button size="small" onClick={() => setIndex(publishers.indexOf(row))} data-publisher={row._id}>{text('details')}</Button>,
        }}
      />
    );
  }
  const publisher = publishers[index];
  const step = (delta: number) => {
    const next = index + delta;
    setIndex(next < 0 || next >= publishers.length ? null : next);
  };
  return (
    <Box data-testid="publisher-detail" data-publisher={publisher._id}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ xs: 'stretch', md: 'center' }} sx={{ px: 2, py: 1.5 }}>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <Tooltip title={text('publisher_previous')}><IconButton onClick={() => step(-1)} aria-label={text('publisher_previous')}><ArrowBackIcon /></IconButton></Tooltip>
          <TextField
            select
            size="small"
            label={text('publisher_choose')}
            value={publisher._id}
            onChange={(event) => setIndex(publishers.findIndex((row) => row._id === event.target.value))}
            sx={{ minWidth: 200, flex: 1 }}
          >
            {publishers.map((row) => <MenuItem key={row._id} value={row._id}>{label(row)}</MenuItem>)}
          </TextField>
          <Tooltip title={text('publisher_next')}><IconButton onClick={() => step(1)} aria-label={text('publisher_next')}><ArrowForwardIcon /></IconButton></Tooltip>
        </Stack>
        <Button variant="outlined" size="small" startIcon={<ViewListIcon />} onClick={() => setIndex(null)}>{text('publishers_overview')}</Button>
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: View | null) => next && setView(next)} sx={{ flexWrap: 'wrap' }}>
          {VIEWS.map((key) => <ToggleButton key={key} value={key} data-view={key} sx={{ textTransform: 'none' }}>{text(`views.${key}`)}</ToggleButton>)}
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="subtitle1" sx={{ px: 2, fontWeight: 600 }}>{label(publisher)}</Typography>
      <PublisherView campaign={campaign} range={range} report={report} publisher={publisher} view={view} />
    </Box>
  );
}

/** A publisher's view: its rows load when the view opens (the stats rows serve the date and creative views). */
function PublisherView({ campaign, range, report, publisher, view }: { campaign: string; range: DayRange; report: Report; publisher: PublisherRow; view: View }) {
  const text = useReportText();
  const key = [campaign, range.start, range.end, publisher._id];
  switch (view) {
    case 'date':
    case 'creative':
      return (
        <TabRows queryKey={['instant-report-publisher', ...key]} load={(signal) => fetchReport(campaign, range, signal, publisher._id)}>
          {({ stats }) => (view === 'date' ? <DateTab stats={stats} /> : <CreativesTab stats={stats} banners={report.banners} />)}
        </TabRows>
      );
    case 'website':
      return (
        <TabRows queryKey={['instant-report-publisher-websites', ...key]} load={(signal) => fetchWebsites(campaign, range, [], signal, publisher._id)}>
          {(websites) => (
            <FigureTable
              name="publisher-websites"
              rows={websites}
              rowKey={(row) => row.location}
              labels={[{ key: 'website', label: text('columns.website'), render: (row: WebsiteRow) => row.location }]}
            />
          )}
        </TabRows>
      );
    case 'conversion':
      return <CampaignConversions campaign={campaign} range={range} report={report} publisher={publisher._id} />;
  }
}
