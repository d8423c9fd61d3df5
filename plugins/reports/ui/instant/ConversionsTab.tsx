/**
 * The campaign's conversions of the range, newest first (at most 500), paged; on the Instant Report with their
 * approval status (Conversion Approval's decision and its day; the publisher's view has none), loaded when the tab
 * opens.
 */
import { useEffect, useState } from 'react';
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ChannelLabel } from './BreakdownTabs.tsx';
import { Paging } from './FigureTable.tsx';
import { fetchConversions, type Banner, type Conversion, type DayRange, type PublisherRow, type Report } from './reportApi.ts';
import { TabRows } from './TabRows.tsx';
import { useFormat, useReportText } from './useReportText.ts';

/** A conversion's approval: approved (green), rejected (red) or pending, with the day of the decision below. */
function ApprovalChip({ row }: { row: Conversion }) {
  const text = useReportText();
  const format = useFormat();
  const status = row.approvalStatus || 'pending';
  const name = text(`approval.${status}`);
  const color = status === 'approved' ? 'success' : status === 'rejected' ? 'error' : 'default';
  const day = row.approvalDate ? format.day(row.approvalDate) : null;
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }} title={day ? text('approval.decided', { status: name, day }) : name}>
      <Chip size="small" variant={status === 'pending' ? 'outlined' : 'filled'} color={color} label={name} data-status={status} />
      {day && <Typography variant="caption" color="text.secondary" data-approval-date sx={{ whiteSpace: 'nowrap' }}>{day}</Typography>}
    </Box>
  );
}

export function ConversionsTab({ conversions, banners, publishers }: { conversions: Conversion[]; banners: Banner[]; publishers: Pick<PublisherRow, '_id' | 'name'>[] }) {
  const text = useReportText();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  useEffect(() => setPage(0), [conversions.length]);
  const bannerName = new Map(banners.map((banner) => [banner._id, banner.name]));
  const publisherName = new Map(publishers.map((publisher) => [publisher._id, publisher.name]));
  const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  const head = ['time', 'order', 'type', 'channel', 'creative', 'publisher', 'website'] as const;
  const withStatus = conversions.some((row) => row.approvalStatus !== undefined);
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-table="conversions" sx={{ minWidth: withStatus ? 860 : 760 }}>
          <TableHead>
            <TableRow>
              {head.map((key) => <TableCell key={key} sx={{ fontWeight: 600 }}>{text(`columns.${key}`)}</TableCell>)}
              <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('columns.value')}</TableCell>
              <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('columns.commission')}</TableCell>
              {withStatus && <TableCell sx={{ fontWeight: 600 }}>{text('columns.status')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {conversions.slice(page * perPage, page * perPage + perPage).map((row) => (
              <TableRow key={row.conversionId} data-row={row.conversionId} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.moment(row.timestamp)}</TableCell>
                <TableCell data-col="order">{row.orderId ?? '–'}</TableCell>
                <TableCell><Chip size="small" variant="outlined" color={row.type === 'post_view' ? 'default' : 'primary'} label={text(row.type)} /></TableCell>
                <TableCell><ChannelLabel channel={row.channel} /></TableCell>
                <TableCell>{row.creative ? bannerName.get(row.creative) ?? text('unknown') : '–'}</TableCell>
                <TableCell>{row.publisher ? publisherName.get(row.publisher) ?? text('unknown') : '–'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.location ?? '–'}</TableCell>
                <TableCell data-col="value" sx={numeric}>{format.euros(row.cartValue)}</TableCell>
                <TableCell data-col="commission" sx={numeric}>{format.euros(row.commission ?? row.cost ?? 0)}</TableCell>
                {withStatus && <TableCell data-col="status"><ApprovalChip row={row} /></TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Paging count={conversions.length} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
    </>
  );
}

/** The Instant Report's Conversions tab (or a publisher's conversion view): the list loads when it opens. */
export function CampaignConversions({ campaign, range, report, publisher = null }: { campaign: string; range: DayRange; report: Report; publisher?: string | null }) {
  return (
    <TabRows queryKey={['instant-report-conversions', campaign, range.start, range.end, publisher]} load={(signal) => fetchConversions(campaign, range, signal, publisher)}>
      {(conversions) => <ConversionsTab conversions={conversions} banners={report.banners} publishers={report.publishers} />}
    </TabRows>
  );
}
