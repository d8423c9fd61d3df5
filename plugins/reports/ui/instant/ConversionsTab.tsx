/** The campaign's conversions of the range, newest first (at most 500), paged. */
import { useEffect, useState } from 'react';
import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { ChannelLabel } from './BreakdownTabs.tsx';
import { Paging } from './FigureTable.tsx';
import type { Banner, Conversion, PublisherRow } from './reportApi.ts';
import { useFormat, useReportText } from './useReportText.ts';

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
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-table="conversions" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              {head.map((key) => <TableCell key={key} sx={{ fontWeight: 600 }}>{text(`columns.${key}`)}</TableCell>)}
              <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('columns.value')}</TableCell>
              <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('columns.commission')}</TableCell>
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
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Paging count={conversions.length} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
    </>
  );
}
