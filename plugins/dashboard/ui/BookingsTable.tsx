/**
 * The bookings table (SPEC section 2 "Dashboard"), grouped by status badges (SPEC section 4, grouping.ts): a
 * click on a badge shows or hides its group, empty groups have no badge, rejected ones start hidden. Each row
 * links to the booking's edit screen, its Instant Report, Expert Analytics (admin, systemoperator) and campaign
 * (systemoperator); channel icons carry their line item's state and, for admin, agency and systemoperator while
 * the booking runs, link to the line item. A pending booking names its step under the badge, and the booking
 * plugin's 'Click to publish' stands there as on /bookings (widgets.bookingStatus); while bookings wait for
 * approval a note says who approves and what happens next. 'bookings.csv' exports every row of the table, in
 * every group, with the range's figures in the reader's language.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import BarChartIcon from '@mui/icons-material/BarChart';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert, Badge, Box, Button, Card, CardContent, CardHeader, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead,
  TableRow, Tooltip, Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { BookingStatusWidgets, formatDay, useAbilityState, useCan, useMayOpen, useValueLabel, type BookingSummary } from '@adsuite/admin/kit';
import { bookingsCsv, CSV_NAME, download } from './bookingsCsv.ts';
import type { Booking, Figures, LineItem } from './dashboardApi.ts';
import { GROUP_COLOR, GROUPS, groupOf, HIDDEN_BY_DEFAULT, type Group, type Range } from './grouping.ts';
import { useFormat, useText } from './useText.ts';

const BookingDetailDialog = lazy(() => import('./BookingDetailDialog.tsx').then((module) => ({ default: module.BookingDetailDialog })));

const ZERO: Figures = { impressions: 0, clicks: 0, conversions: 0, cost: 0, ctr: 0, invalid: 0, invalidShare: 0 };
const LINE_ITEM_LINK_ROLES = ['administrator', 'agency', 'systemoperator'];
const EXPERT_ROLES = ['administrator', 'systemoperator'];
/** A line item reads active unless it is inactive without an auto-pause, or user-paused (SPEC section 4). */
const showsActive = (item: LineItem) => (item.active || item.autopaused) && !item.userpaused;

interface Row {
  booking: Booking;
  group: Group;
  figures: Figures;
  lineitems: LineItem[];
}

function Dot({ on }: { on: boolean }) {
  const text = useText();
  return (
    <Tooltip title={text(on ? 'table.running' : 'table.not_running')}>
      <Box component="span" data-dot={on ? 'active' : 'inactive'}
        sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', flexShrink: 0, bgcolor: on ? 'success.main' : 'warning.main' }} />
    </Tooltip>
  );
}

function ChannelIcons({ row, linked }: { row: Row; linked: boolean }) {
  const mayOpen = useMayOpen();
  return (
    <Stack direction="row" spacing={0.75} useFlexGap flexWrap="wrap">
      {(row.booking.channels ?? []).map((key) => {
        const channel = channelByKey[key];
        const item = row.lineitems.find((entry) => entry.channel === key);
        const icon = (
          <Badge variant="dot" overlap="circular" color={item ? (showsActive(item) ? 'success' : 'warning') : 'default'} invisible={!item}>
            <Box sx={{ px: 0.75, py: 0.25, borderRadius: 1, fontSize: 11, fontWeight: 700, color: '#fff', bgcolor: channel?.color ?? 'grey.600', whiteSpace: 'nowrap' }}>
              {channel?.shortName ?? key}
            </Box>
          </Badge>
        );
        const to = item ? `/lineitem/update/${item.id}` : null;
        return (
          <Tooltip key={key} title={channel?.name ?? key}>
            {linked && to && mayOpen(to)
              ? <Box component={Link} to={to} data-channel={key} sx={{ textDecoration: 'none' }}>{icon}</Box>
              : <Box component="span" data-channel={key}>{icon}</Box>}
          </Tooltip>
        );
      })}
    </Stack>
  );
}

/** The group's badge; a pending booking's step (waiting for approval, ready to publish) and its controls below it. */
function StatusCell({ row }: { row: Row }) {
  const text = useText();
  const valueLabel = useValueLabel('booking');
  const { booking, group } = row;
  return (
    <Stack alignItems="flex-start" spacing={0.25}>
      <Chip size="small" color={GROUP_COLOR[group]} label={text(`groups.${group}`)} />
      {group === 'pending' && booking.status && (
        <Typography variant="caption" color="text.secondary" data-cell="step" sx={{ whiteSpace: 'nowrap' }}>{valueLabel('status', booking.status)}</Typography>
      )}
      <BookingStatusWidgets booking={booking as unknown as BookingSummary} />
    </Stack>
  );
}

/** Bookings whose creatives staff review: who approves and what happens next (SPEC sections 1 and 4). */
function WaitingNote({ count }: { count: number }) {
  const text = useText();
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mb: 1.5 }} data-testid="waiting-note">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>{text('table.waiting', { smart_count: count })}</Typography>
      <Typography variant="body2">{translate('app.bookings.info.explain.waiting_for_approval')}</Typography>
    </Alert>
  );
}

function LinkIcon({ to, label, icon, action }: { to: string; label: string; icon: React.ReactNode; action: string }) {
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={to} size="small" aria-label={label} data-link={action}>{icon}</IconButton>
    </Tooltip>
  );
}

export function BookingsTable({ bookings, lineitems, figures, range, today, narrowed }: {
  bookings: Booking[]; lineitems: LineItem[]; figures: Map<string, Figures>; range: Range; today: string;
  /** The selectors chose templates or bookings: an empty table means none matched, not none made. */
  narrowed: boolean;
}) {
  const text = useText();
  const format = useFormat();
  const can = useCan();
  const mayOpen = useMayOpen();
  const role = useAbilityState().user?.role ?? '';
  const [locale] = useLocaleState();
  const [hidden, setHidden] = useState<ReadonlySet<Group>>(() => new Set(HIDDEN_BY_DEFAULT));
  const [detail, setDetail] = useState<Booking | null>(null);

  const rows = useMemo(() => {
    const itemsOf = new Map<string, LineItem[]>();
    for (const item of lineitems) if (item.booking) itemsOf.set(item.booking, [...(itemsOf.get(item.booking) ?? []), item]);
    return bookings.map((booking): Row => {
      const own = itemsOf.get(booking.id) ?? [];
      return { booking, lineitems: own, group: groupOf(booking, own, range, today), figures: figures.get(booking.id) ?? ZERO };
    }).sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
  }, [bookings, lineitems, figures, range, today]);
  const counts = new Map<Group, number>();
  for (const row of rows) counts.set(row.group, (counts.get(row.group) ?? 0) + 1);
  const shown = rows.filter((row) => !hidden.has(row.group));
  const toggle = (group: Group) => setHidden((before) => {
    const next = new Set(before);
    if (!next.delete(group)) next.add(group);
    return next;
  });
  const waiting = rows.filter((row) => row.booking.status === 'waiting for approval').length;
  // Every row of the table, the hidden groups too: the file is the user's bookings, not the view of the moment.
  const exportCsv = () => download(bookingsCsv(rows, locale === 'en' ? 'en' : 'de'), CSV_NAME);
  const mayEdit = can('update', 'booking') && role !== 'viewer';

  return (
    <Card data-testid="bookings-table">
      <CardHeader title={text('table.title')} slotProps={{ title: { variant: 'h6' } }}
        action={rows.length > 0 && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={exportCsv} data-action="export-csv">{text('table.export')}</Button>
        )} />
      <CardContent sx={{ pt: 0 }}>
        {rows.length === 0 && narrowed ? <Alert severity="info">{text('table.none_chosen')}</Alert> : rows.length === 0 ? (
          <Alert severity="warning" action={can('create', 'booking') && mayOpen('/booking/create') && (
            <Button component={Link} to="/booking/create" color="inherit" size="small">{text('table.create')}</Button>
          )}>{text('table.empty')}</Alert>
        ) : (
          <>
            {waiting > 0 && <WaitingNote count={waiting} />}
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 1.5 }} data-testid="group-badges">
              {GROUPS.filter((group) => counts.get(group)).map((group) => (
                <Chip key={group} clickable color={GROUP_COLOR[group]} variant={hidden.has(group) ? 'outlined' : 'filled'}
                  label={`${text(`groups.${group}`)} · ${format.count(counts.get(group)!)}`} onClick={() => toggle(group)}
                  data-group={group} data-visible={String(!hidden.has(group))} aria-pressed={!hidden.has(group)} />
              ))}
              <Typography variant="caption" color="text.secondary">{text('table.groups_hint')}</Typography>
            </Stack>
            {shown.length === 0 ? <Alert severity="info">{text('table.none_shown')}</Alert> : (
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" sx={{ minWidth: 900 }}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{text('table.name')}</TableCell>
                      <TableCell>{text('table.status')}</TableCell>
                      <TableCell align="right">{text('table.budget')}</TableCell>
                      <TableCell>{text('table.channels')}</TableCell>
                      <TableCell align="right">{text('figures.impressions')}</TableCell>
                      <TableCell align="right">{text('figures.clicks')}</TableCell>
                      <TableCell align="right">{text('figures.cost')}</TableCell>
                      <TableCell align="right" title={text('figures.invalid_share_hint')}>{text('figures.invalidShare')}</TableCell>
                      <TableCell>{text('table.runtime')}</TableCell>
                      <TableCell>{text('table.links')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((row) => {
                      const { booking } = row;
                      const campaign = booking.campaign;
                      const edit = `/booking/update/${booking.id}`;
                      return (
                        <TableRow key={booking.id} hover data-booking={booking.id} data-group={row.group}>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <Stack direction="row" spacing={1} alignItems="center">
                              <Dot on={row.group === 'active'} />
                              {mayEdit && mayOpen(edit)
                                ? <Box component={Link} to={edit} sx={{ color: 'primary.main', fontWeight: 500 }} data-cell="name">{booking.name}</Box>
                                : <Box component="span" sx={{ fontWeight: 500 }} data-cell="name">{booking.name}</Box>}
                            </Stack>
                          </TableCell>
                          <TableCell><StatusCell row={row} /></TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {booking.budget ? format.money(booking.budget) : booking.dailyBudget ? text('detail.per_day', { amount: format.money(booking.dailyBudget) }) : '–'}
                          </TableCell>
                          <TableCell><ChannelIcons row={row} linked={LINE_ITEM_LINK_ROLES.includes(role) && (row.group === 'active' || row.group === 'paused')} /></TableCell>
                          <TableCell align="right" data-cell="impressions">{format.count(row.figures.impressions)}</TableCell>
                          <TableCell align="right" data-cell="clicks">{format.count(row.figures.clicks)}</TableCell>
                          <TableCell align="right" data-cell="cost" sx={{ whiteSpace: 'nowrap' }}>{format.money(row.figures.cost)}</TableCell>
                          <TableCell align="right" data-cell="invalidShare" sx={{ whiteSpace: 'nowrap' }}>{format.percent(row.figures.invalidShare)}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {formatDay(booking.start)} – {booking.continously || !booking.end ? text('table.never_ends') : formatDay(booking.end)}
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            <Tooltip title={text('table.info')}>
                              <IconButton size="small" aria-label={text('table.info')} onClick={() => setDetail(booking)} data-link="info"><InfoOutlinedIcon fontSize="small" /></IconButton>
                            </Tooltip>
                            {mayEdit && mayOpen(edit) && <LinkIcon to={edit} label={text('table.edit')} icon={<EditIcon fontSize="small" />} action="edit" />}
                            {campaign && role !== 'viewer' && mayOpen(`/campaign/stats/${campaign}`) && (
                              <LinkIcon to={`/campaign/stats/${campaign}`} label={text('table.instant_report')} icon={<BarChartIcon fontSize="small" />} action="instant-report" />
                            )}
                            {campaign && EXPERT_ROLES.includes(role) && mayOpen(`/campaign/${campaign}`) && (
                              <LinkIcon to={`/campaign/${campaign}`} label={text('table.expert')} icon={<InsightsIcon fontSize="small" />} action="expert" />
                            )}
                            {campaign && role === 'systemoperator' && mayOpen(`/campaign/edit/${campaign}`) && (
                              <LinkIcon to={`/campaign/edit/${campaign}`} label={text('table.campaign_edit')} icon={<SettingsIcon fontSize="small" />} action="campaign-edit" />
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </CardContent>
      {detail && <Suspense fallback={null}><BookingDetailDialog booking={detail} onClose={() => setDetail(null)} /></Suspense>}
    </Card>
  );
}
