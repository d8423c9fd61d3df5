/**
 * /bookings (SPEC section 2 "Bookings list"): search, the systemoperator's advertiser filter, sortable columns,
 * paging 10/20/50/100, status badges, per-row dialogs and lifecycle actions, CSV export and a self-refresh
 * while bookings are being prepared or published.
 */
import { Link } from 'react-router';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Stack, Typography } from '@mui/material';
import { Button, Datagrid, FunctionField, ReferenceField, TextField, TopToolbar, useListContext, useNotify, useTranslate } from 'react-admin';
import { CHANNELS } from '@adsuite/config';
import { formatDay, ShowArchivedToggle, useAbilityState, useCan, useMayOpen } from '@adsuite/admin/kit';
import { bookingsCsvUrl, downloadCsv } from './bookingApi.ts';
import type { BookingRow } from './bookingRules.ts';
import { BookingImportButton } from './BookingImport.tsx';
import { BookingRowActions } from './BookingRowActions.tsx';
import { budgetOf } from './money.ts';
import { ADVERTISER_FILTER, PagedList, searchFilters } from './PagedList.tsx';
import { PublishButton } from './PublishButton.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useBookingRefresh } from './useBookingRefresh.ts';

const channelName = new Map(CHANNELS.map((channel) => [channel.key, channel.shortName]));
const SYSOP = 'systemoperator';

function ExportButton() {
  const { filterValues, sort } = useListContext();
  const notify = useNotify();
  const download = () => downloadCsv(bookingsCsvUrl(filterValues, sort), 'bookings.csv')
    .catch((error: Error) => notify(error.message || 'app.notification.unknown_error', { type: 'error' }));
  return <Button label="app.bookings.export_csv" onClick={download} data-action="export"><DownloadIcon /></Button>;
}

function Actions({ sysop }: { sysop: boolean }) {
  const can = useCan();
  return (
    <TopToolbar>
      {sysop && can('recover', 'booking') && <ShowArchivedToggle />}
      <ExportButton />
      <BookingImportButton />
    </TopToolbar>
  );
}

/** No bookings at all: the way to the first one; none matching the search or filter: 'No results found' (SPEC section 8). */
function NoBookings() {
  const translate = useTranslate();
  const can = useCan();
  const mayOpen = useMayOpen();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues ?? {}).some((value) => value !== undefined && value !== null && value !== '');
  if (filtered) return <Typography color="text.secondary" sx={{ p: 3 }} data-testid="no-results">{translate('app.bookings.no_results')}</Typography>;
  return (
    <Stack spacing={1} sx={{ p: 3 }} alignItems="flex-start">
      <Typography color="text.secondary">{translate('app.bookings.empty')}</Typography>
      {can('create', 'booking') && mayOpen('/booking/create') && (
        <Button component={Link} to="/booking/create" label="app.bookings.create" variant="outlined" />
      )}
    </Stack>
  );
}

/** The badge, and under a pending booking 'Click to publish'. */
const StatusCell = ({ booking }: { booking: BookingRow }) => (
  <Stack alignItems="flex-start">
    <StatusBadge booking={booking} />
    <PublishButton booking={{ ...booking, id: String(booking.id) }} />
  </Stack>
);

const Budget = ({ booking }: { booking: BookingRow }) => {
  const translate = useTranslate();
  const { amount, perDay } = budgetOf(booking);
  return <span>{amount}{perDay && <Typography component="span" variant="body2" color="text.secondary"> {translate('app.bookings.per_day')}</Typography>}</span>;
};

const Runtime = ({ booking }: { booking: BookingRow }) => {
  const translate = useTranslate();
  const end = booking.continously || !booking.end ? translate('app.bookings.never_ends') : formatDay(booking.end);
  // Each date stays whole; the line breaks after the dash when the table is narrow.
  return <span><Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDay(booking.start)} –</Box> <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{end}</Box></span>;
};

export function BookingList() {
  const { ready, user } = useAbilityState();
  const refresh = useBookingRefresh();
  if (!ready || !user) return null;
  const sysop = user.role === SYSOP;
  const filters = searchFilters(sysop ? ADVERTISER_FILTER : undefined);
  return (
    <PagedList resource="booking" title="app.bookings.title" filters={filters} actions={<Actions sysop={sysop} />} queryOptions={refresh}>
      <Datagrid rowClick={false} bulkActionButtons={false} empty={<NoBookings />} data-testid="bookings">
        <TextField source="name" label="app.bookings.columns.name" sx={{ fontWeight: 500 }} />
        {sysop && <ReferenceField source="advertiser" reference="advertiser" label="resources.booking.fields.advertiser" link={false} />}
        <FunctionField source="status" label="app.bookings.columns.status" render={(record: BookingRow) => <StatusCell booking={record} />} />
        <FunctionField source="dailyBudget" label="app.bookings.columns.budget" render={(record: BookingRow) => <Budget booking={record} />} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField source="start" label="app.bookings.columns.runtime" render={(record: BookingRow) => <Runtime booking={record} />} />
        <FunctionField
          source="channels"
          label="app.bookings.columns.channels"
          sortable={false}
          render={(record: BookingRow) => (record.channels ?? []).map((key) => channelName.get(key) ?? key).join(', ')}
        />
        <FunctionField label="app.bookings.columns.actions" textAlign="right" render={() => <BookingRowActions />} />
      </Datagrid>
    </PagedList>
  );
}
