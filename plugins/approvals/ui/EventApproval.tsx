/**
 * Conversion Approval (/campaign/conversions/:id) and Click Approval (/campaign/clicks/:id), SPEC sections 2, 4, 5
 * and 9: filters (line items and creatives, several each; start and end day; status; free text on Enter or the
 * Search button), a sortable table of 10 a page, the CSV of up to 500 rows, per row the split button Approve with
 * Reject and Update (the Sale or Click Approval modal), bulk approve or reject of the selected rows. Decided rows,
 * on load or in the session, are disabled.
 */
import { useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Autocomplete, Box, Button, Checkbox, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead,
  TablePagination, TableRow, TableSortLabel, TextField, Tooltip, Typography, type SxProps, type Theme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import DownloadIcon from '@mui/icons-material/Download';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Title, useGetList, useNotify, useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { DayRangePicker, formatDay, lastDays, saveFile, type DayRange } from '@adsuite/admin/kit';
import { EVENT_DOWNLOAD_SIZE, EVENT_PAGE_SIZES, type EventApprovalKind, type EventApprovalStatus } from '@adsuite/config/approvals';
import { decision, eventId, fetchEvents, saveChange, saveChanges, type EventChange, type EventQuery, type EventRow } from './eventApi.ts';
import { ApprovalModal } from './ApprovalModal.tsx';
import { DecisionButton } from './DecisionButton.tsx';
import { formatEuros } from '@adsuite/config/i18n/format';
import { RefundDialog } from './RefundDialog.tsx';
import { EVENT_REFUNDERS } from '@adsuite/config/approvals';
import { session } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

interface Column {
  key: string;
  sort?: string;
  value: (row: EventRow) => string;
  align?: 'right';
  /** Shown under the value in the table (a column of its own in the CSV). */
  sub?: Column;
}

const when = (iso: string | null) => (iso ? formatDay(iso, true) : '');

function useColumns(kind: EventApprovalKind): Column[] {
  const text = useText();
  const status = (row: EventRow) => text(`events.status.${row.approvalStatus || 'pending'}`);
  const common = {
    timestamp: { key: 'timestamp', sort: 'timestamp', value: (row: EventRow) => when(row.timestamp) },
    creative: { key: 'creative', value: (row: EventRow) => row.creativeName ?? '', sub: { key: 'channel', value: (row: EventRow) => (row.channel ? channelByKey[row.channel]?.name ?? row.channel : '') } },
    publisher: { key: 'publisher', value: (row: EventRow) => row.publisherName ?? '', sub: { key: 'location', value: (row: EventRow) => row.location ?? '' } },
    cost: {
      key: 'cost', sort: 'cost', align: 'right' as const, value: (row: EventRow) => formatEuros(row.cost),
      // Authorize, then capture: a pending event of an approval campaign is reserved, not charged.
      sub: { key: 'cost_state', value: (row: EventRow) => (row.refunded > 0 ? text('events.cost_refunded', { amount: formatEuros(row.refunded) }) : row.cost > 0 ? text(row.reserved ? 'events.cost_reserved' : 'events.cost_charged') : '') },
    },
    status: { key: 'approvalStatus', sort: 'approvalStatus', value: status },
  };
  if (kind === 'click') {
    return [common.timestamp, common.creative, common.publisher, common.cost,
      { key: 'provision', align: 'right', value: (row) => formatEuros('provision' in row ? row.provision : 0) }, common.status];
  }
  return [common.timestamp, { key: 'orderId', sort: 'orderId', value: (row) => ('orderId' in row ? row.orderId ?? '' : '') }, common.creative, common.publisher, { key: 'cartValue', sort: 'cartValue', align: 'right', value: (row) => ('cartValue' in row ? formatEuros(row.adjustedCartValue ?? row.cartValue) : '') },
    { key: 'commission', sort: 'commission', align: 'right', value: (row) => ('commission' in row ? formatEuros(row.commission) : '') }, common.cost, common.status];
}

/** Texts that may run long (an order id, a website) wrap; amounts and states stay on one line. */
const WRAPPING = new Set(['orderId']);
const cellStyle = (column: Column): SxProps<Theme> => {
  if (column.sub || WRAPPING.has(column.key)) return { minWidth: 120, maxWidth: 220, overflowWrap: 'anywhere' };
  return column.key === 'timestamp' ? { minWidth: 90 } : { whiteSpace: 'nowrap' };
};
/**
 * The split button's column stays at the right edge of the table while it scrolls sideways, so the button and
 * its menu are on screen whatever the width of the other columns.
 */
const DECISION_CELL = { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', width: '1%', whiteSpace: 'nowrap' } as const;

const csvCell = (value: string) => (/[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function StatusIcon({ row }: { row: EventRow }) {
  const text = useText();
  const status = text(`events.status.${row.approvalStatus || 'pending'}`);
  const label = row.approvalDate ? `${status}: ${when(row.approvalDate)}` : status;
  const icon = row.approvalStatus === 'approved' ? <CheckCircleIcon color="success" fontSize="small" /> : row.approvalStatus === 'rejected' ? <CancelIcon color="error" fontSize="small" /> : <HourglassEmptyIcon color="warning" fontSize="small" />;
  return <Tooltip title={label}><Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle', mr: 0.5 }} aria-label={label}>{icon}</Box></Tooltip>;
}

export function EventApproval({ kind }: { kind: EventApprovalKind }) {
  const { id: campaign = '' } = useParams();
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const columns = useColumns(kind);
  const [range, setRange] = useState<DayRange>(lastDays(30));
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<Omit<EventQuery, 'start' | 'end'>>({ page: 1, size: 10, sort: 'timestamp', direction: 'DESC', q: '', lineitemIds: [], creativeIds: [], status: '' });
  const full: EventQuery = { ...query, start: range.start, end: range.end };
  const list = useQuery({ queryKey: ['event-approval', kind, campaign, full], queryFn: () => fetchEvents(kind, campaign, full) });
  const [decided, setDecided] = useState<Map<string, EventRow>>(new Map());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [updating, setUpdating] = useState<EventRow | null>(null);
  const [busy, setBusy] = useState(false);
  /** Rows charged when tracked whose rejection is a refund, waiting for staff's reason. */
  const [refunding, setRefunding] = useState<EventRow[] | null>(null);
  const { data: lineitems = [] } = useGetList('lineitem', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created', order: 'DESC' }, filter: { campaign } });
  const { data: creatives = [] } = useGetList('banner', { pagination: { page: 1, perPage: 100 }, sort: { field: 'created', order: 'DESC' }, filter: { campaign } });

  const change = (values: Partial<EventQuery>) => { setQuery((now) => ({ ...now, page: 1, ...values })); setSelected(new Set()); };
  const rows = (list.data?.items ?? []).map((row) => decided.get(eventId(row)) ?? row);
  const pending = rows.filter((row) => !row.approvalStatus);

  const apply = async (changes: EventChange[]) => {
    setBusy(true);
    try {
      const saved = changes.length === 1 ? [await saveChange(kind, campaign, changes[0])] : await saveChanges(kind, campaign, changes);
      setDecided((now) => new Map([...now, ...saved.map((row) => [eventId(row), row] as const)]));
      setSelected(new Set());
      setUpdating(null);
      notify(text('events.saved', { smart_count: saved.length }), { type: 'success' });
      void client.invalidateQueries({ queryKey: ['event-approval', kind, campaign] });
    } catch (error) {
      notify((error as Error).message || text('items_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  /** Reject: a reserved event is released; one charged when tracked is a refund, staff's with a reason. */
  const reject = (chosen: EventRow[]) => {
    const charged = chosen.filter((row) => !row.reserved && row.cost > 0);
    if (!charged.length) return void apply(chosen.map((row) => decision(kind, row, false)));
    if (!(EVENT_REFUNDERS as readonly string[]).includes(session.role() ?? '')) return void notify(text('events.refund_staff_only'), { type: 'warning' });
    setRefunding(chosen);
  };

  const download = async () => {
    try {
      const page = await fetchEvents(kind, campaign, { ...full, page: 1, size: EVENT_DOWNLOAD_SIZE });
      const flat = columns.flatMap((column) => (column.sub ? [column, column.sub] : [column]));
      const lines = [flat.map((column) => text(`events.columns.${column.key}`)), ...page.items.map((row) => flat.map((column) => column.value(row)))];
      saveFile(new Blob([`\ufeff${lines.map((line) => line.map(csvCell).join(';')).join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }), `${kind === 'conversion' ? 'conversions' : 'clicks'}.csv`);
    } catch (error) {
      notify((error as Error).message || text('items_error'), { type: 'error' });
    }
  };

  const allChosen = pending.length > 0 && pending.every((row) => selected.has(eventId(row)));
  const chosenRows = rows.filter((row) => selected.has(eventId(row)) && !row.approvalStatus);
  const named = (items: { id: unknown; name?: unknown; channel?: unknown }[]) => items.map((item) => ({ id: String(item.id), label: [item.channel, item.name].filter(Boolean).join(' · ') || String(item.id) }));

  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }} data-testid={`${kind}-approval`}>
      <Title title={translate(`app.${kind}_approval.title`)} />
      <Stack direction="row" alignItems="baseline" flexWrap="wrap" gap={1}>
        <Typography variant="h6" component="h2" data-testid="campaign-name">{list.data?.campaignName ?? ''}</Typography>
        <Button component={RouterLink} to={`/campaign/stats/${campaign}`} size="small">{translate('app.instant_report.title')}</Button>
      </Stack>
      <Typography color="text.secondary">{text(`events.how_${kind}`)}</Typography>
      <Stack direction="row" flexWrap="wrap" gap={2} alignItems="flex-start">
        {[['lineitems', named(lineitems), 'lineitemIds'], ['creatives', named(creatives), 'creativeIds']].map(([key, options, field]) => (
          <Autocomplete
            key={key as string} multiple size="small" sx={{ minWidth: 220, flex: '1 1 220px' }} options={options as { id: string; label: string }[]}
            value={(options as { id: string; label: string }[]).filter((option) => (query[field as 'lineitemIds'] as string[]).includes(option.id))}
            isOptionEqualToValue={(a, b) => a.id === b.id} onChange={(_, chosen) => change({ [field as string]: chosen.map((option) => option.id) })}
            renderInput={(params) => <TextField {...params} label={text(`events.filters.${key}`)} name={`filter-${key}`} />}
          />
        ))}
        <TextField
          select size="small" label={text('events.filters.status')} value={query.status} onChange={(e) => change({ status: e.target.value as EventApprovalStatus | '' })}
          sx={{ width: 180, flex: 'none' }} name="filter-status" slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{text('events.status.all')}</MenuItem>
          {(['pending', 'approved', 'rejected'] as const).map((status) => <MenuItem key={status} value={status}>{text(`events.status.${status}`)}</MenuItem>)}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} alignItems={{ md: 'flex-start' }}>
        <DayRangePicker range={range} onChange={(next) => { setRange(next); change({}); }} />
        <Stack direction="row" gap={1} sx={{ flex: 1 }}>
          <TextField
            size="small" fullWidth label={text(`events.filters.search_${kind}`)} name="search" value={typed} onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') change({ q: typed.trim() }); }}
          />
          <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => change({ q: typed.trim() })} name="search-button">{text('events.search')}</Button>
        </Stack>
      </Stack>
      <Stack direction="row" flexWrap="wrap" gap={1} alignItems="center">
        <Button variant="contained" color="success" disabled={busy || !chosenRows.length} name="bulk-approve" onClick={() => apply(chosenRows.map((row) => decision(kind, row, true)))}>
          {text('events.bulk_approve', { count: chosenRows.length })}
        </Button>
        <Button variant="outlined" color="error" disabled={busy || !chosenRows.length} name="bulk-reject" onClick={() => reject(chosenRows)}>
          {text('events.bulk_reject', { count: chosenRows.length })}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<DownloadIcon />} onClick={download} name="download-csv">{text('events.csv')}</Button>
      </Stack>
      {list.isError && <Alert severity="error">{(list.error as Error)?.message || text('items_error')}</Alert>}
      {list.isFetching && <LinearProgress />}
      {list.isSuccess && !rows.length && <Alert severity="info" data-testid="empty">{text(`events.empty_${kind}`)}</Alert>}
      {rows.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="event-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChosen} indeterminate={!allChosen && chosenRows.length > 0} disabled={!pending.length} inputProps={{ 'aria-label': text('events.select_all') }}
                    onChange={(e) => setSelected(e.target.checked ? new Set(pending.map(eventId)) : new Set())}
                  />
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.key} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                    {column.sort ? (
                      <TableSortLabel
                        active={query.sort === column.sort} direction={query.sort === column.sort ? (query.direction === 'ASC' ? 'asc' : 'desc') : 'asc'}
                        onClick={() => change({ sort: column.sort, direction: query.sort === column.sort && query.direction === 'ASC' ? 'DESC' : 'ASC' })}
                      >
                        {text(`events.columns.${column.key}`)}
                      </TableSortLabel>
                    ) : text(`events.columns.${column.key}`)}
                    {column.sub && <Typography variant="caption" component="div" color="text.secondary">{text(`events.columns.${column.sub.key}`)}</Typography>}
                  </TableCell>
                ))}
                <TableCell sx={DECISION_CELL} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const id = eventId(row);
                const done = Boolean(row.approvalStatus);
                return (
                  <TableRow key={id} data-testid={`row-${id}`} data-status={row.approvalStatus || 'pending'} sx={done ? { '& td': { color: 'text.disabled' } } : undefined}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(id)} disabled={done || busy} inputProps={{ 'aria-label': text('events.select') }}
                        onChange={(e) => setSelected((now) => { const next = new Set(now); if (e.target.checked) next.add(id); else next.delete(id); return next; })}
                      />
                    </TableCell>
                    {columns.map((column) => (
                      <TableCell key={column.key} align={column.align} sx={cellStyle(column)}>
                        {column.key === 'approvalStatus' ? <><StatusIcon row={row} />{column.value(row)}</> : column.value(row)}
                        {column.sub && <Typography variant="caption" component="div" color="text.secondary">{column.sub.value(row)}</Typography>}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={DECISION_CELL}>
                      <DecisionButton
                        disabled={done || busy}
                        onApprove={() => apply([decision(kind, row, true)])}
                        onReject={() => reject([row])}
                        onUpdate={() => setUpdating(row)}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(list.data?.count ?? 0) > 0 && (
        <TablePagination
          component="div" count={list.data?.count ?? 0} page={query.page - 1} rowsPerPage={query.size} rowsPerPageOptions={[...EVENT_PAGE_SIZES]}
          onPageChange={(_, page) => { setQuery((now) => ({ ...now, page: page + 1 })); setSelected(new Set()); }}
          onRowsPerPageChange={(e) => change({ size: Number(e.target.value) })}
          labelRowsPerPage={text('events.per_page')} labelDisplayedRows={({ from, to, count }) => text('events.shown', { from, to, count })}
        />
      )}
      {refunding && (
        <RefundDialog
          count={refunding.length} busy={busy} onCancel={() => setRefunding(null)}
          onConfirm={(reason) => { const chosen = refunding; setRefunding(null); void apply(chosen.map((row) => ({ ...decision(kind, row, false), reason }))); }}
        />
      )}
      {updating && <ApprovalModal row={updating} busy={busy} onDecide={(decided) => apply([decided])} onClose={() => setUpdating(null)} />}
    </Stack>
  );
}
