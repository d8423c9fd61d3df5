/** The bookings made from one template (`GET /api/bookingtemplate/:id/bookings`) with their CSV download. */
import { useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';
import { API, formatDay } from '@adsuite/admin/kit';
import { downloadCsv, templateBookings } from '../list/bookingApi.ts';
import { templateCsvName } from '../list/bookingRules.ts';
import { formatEuro } from '../list/money.ts';
import { StatusBadge } from '../list/StatusBadge.tsx';

export function TemplateBookings({ id, name }: { id: string; name?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, isPending } = useQuery({ queryKey: ['bookingtemplate', id, 'bookings'], queryFn: () => templateBookings(id) });
  const download = () => downloadCsv(`${API}/bookingtemplate/${encodeURIComponent(id)}/bookings.csv`, templateCsvName(name))
    .catch((failure: Error) => notify(failure.message || 'app.notification.unknown_error', { type: 'error' }));
  return (
    <Stack spacing={1.5} data-testid="template-bookings">
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="subtitle1">{translate('app.booking_templates.bookings')}</Typography>
        <Button label="app.booking_templates.download_csv" onClick={download} disabled={!data?.length} data-action="template-csv"><DownloadIcon /></Button>
      </Stack>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && data.length === 0 && <Typography color="text.secondary">{translate('app.booking_templates.no_bookings')}</Typography>}
      {data && data.length > 0 && (
        // A phone shows the table's width by scrolling it, not by widening the page.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.bookings.columns.name')}</TableCell>
                <TableCell>{translate('app.bookings.columns.status')}</TableCell>
                <TableCell align="right">{translate('app.bookings.columns.budget')}</TableCell>
                <TableCell>{translate('app.bookings.columns.runtime')}</TableCell>
                <TableCell>{translate('app.list.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((booking) => (
                <TableRow key={booking.id}>
                  <TableCell>{booking.name}</TableCell>
                  <TableCell><StatusBadge booking={booking} /></TableCell>
                  <TableCell align="right">{formatEuro(booking.budget)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(booking.start)} – {booking.end ? formatDay(booking.end) : translate('app.bookings.never_ends')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(booking.created)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
