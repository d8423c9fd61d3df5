/**
 * Staff's invitations of publishers to a campaign (/campaign/invitations/:id; affiliatemanager, administrator,
 * systemoperator): the publishers with their status, filtered by status and name, moved one by one or many at
 * once through the UI transitions of SPEC section 4 (config/invitations.ts: invite, retract, reset), then sent:
 * the send job makes the prepared changes what the publishers see and mails them.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert, Autocomplete, Box, Button, Card, CardContent, Checkbox, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { INVITATION_ACTIONS, shownStatus, staffTransition, type InvitationAction } from '@adsuite/config/invitations';
import { API, apiFetch } from '@adsuite/admin/kit';
import { fetchStaffPage, moveInvitations, sendInvitations, type StaffRow } from './api.ts';
import { usePeriod } from './CampaignDialog.tsx';
import { StatusChip } from './StatusChip.tsx';
import { useFormat, useText } from './useText.ts';

const PER_PAGE = 50;
const allows = (action: InvitationAction, row: StaffRow) => staffTransition(action, row.invitationStatus, row.newInvitationStatus) !== undefined;

function CampaignPicker({ value, onChoose }: { value: { id: string; name: string } | null; onChoose: (id: string) => void }) {
  const text = useText();
  const [input, setInput] = useState('');
  const options = useQuery({
    queryKey: ['publisher-area', 'campaign-options', input],
    queryFn: async () => {
      const query = new URLSearchParams({ range: '[0,19]', sort: JSON.stringify(['name', 'ASC']) });
      if (input.trim().length > 2) query.set('filter', JSON.stringify({ q: input.trim() }));
      return ((await apiFetch(`${API}/campaign?${query}`)).json as { id: string; name: string }[]).map((row) => ({ id: String(row.id), name: row.name }));
    },
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete
      options={options.data ?? []}
      value={value}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, next) => next && onChoose(next.id)}
      renderInput={(params) => <TextField {...params} label={text('staff.campaign')} size="small" />}
      sx={{ minWidth: { xs: '100%', sm: 360 } }}
      data-testid="campaign-picker"
    />
  );
}

function Transitions({ row, busy, move }: { row: StaffRow; busy: boolean; move: (action: InvitationAction, publishers: string[]) => void }) {
  const text = useText();
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {INVITATION_ACTIONS.filter((action) => allows(action, row)).map((action) => (
        <Button key={action} size="small" variant={action === 'reset' ? 'text' : 'outlined'} color={action === 'retract' ? 'error' : 'primary'} disabled={busy}
          onClick={() => move(action, [row.publisher.id])} data-action={action}>{text(`staff.${action}`)}</Button>
      ))}
    </Stack>
  );
}

export function CampaignInvitations() {
  const translate = useTranslate();
  const text = useText();
  const format = useFormat();
  const period = usePeriod();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id: campaign } = useParams();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const list = useQuery({
    queryKey: ['publisher-area', 'staff', campaign, q, status, page],
    queryFn: () => fetchStaffPage(campaign!, { q, status, page, perPage: PER_PAGE }),
    enabled: Boolean(campaign),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['publisher-area', 'staff', campaign] });
  const move = useMutation({
    mutationFn: ({ action, publishers }: { action: InvitationAction; publishers: string[] }) => moveInvitations(campaign!, action, publishers),
    onSuccess: async () => {
      notify(text('staff.moved'), { type: 'success' });
      setSelected([]);
      await refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const send = useMutation({
    mutationFn: () => sendInvitations(campaign!),
    onSuccess: async (answer) => {
      notify(text('staff.queued', { smart_count: answer.waiting }), { type: 'success' });
      // The send job runs in the background; the list shows its result as it comes.
      for (const wait of [1_500, 4_000]) setTimeout(() => void refresh(), wait);
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const data = list.data;
  const rows = data?.rows ?? [];
  const chosen = rows.filter((row) => selected.includes(row.publisher.id));
  const busy = move.isPending || send.isPending;
  const doMove = (action: InvitationAction, publishers: string[]) => move.mutate({ action, publishers });
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }} data-testid="campaign-invitations">
      <Title title={translate('resources.invitation.name', { smart_count: 2 })} />
      <CampaignPicker value={data ? { id: data.campaign.id, name: data.campaign.name } : null} onChoose={(id) => navigate(`/campaign/invitations/${id}`)} />
      {!campaign && <Alert severity="info">{text('staff.choose_campaign')}</Alert>}
      {list.error && <Alert severity="error">{text('load_failed', { message: list.error.message })}</Alert>}
      {data && (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
                <Box>
                  <Typography variant="h6" component="h2">{data.campaign.name}</Typography>
                  <Typography variant="body2" color="text.secondary">{text('staff.period', { period: period(data.campaign) })}</Typography>
                </Box>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary" data-testid="waiting">
                    {data.waiting ? text('staff.waiting', { smart_count: data.waiting }) : text('staff.nothing_waiting')}
                  </Typography>
                  <Button variant="contained" startIcon={<SendIcon />} disabled={busy || !data.waiting} onClick={() => send.mutate()} data-action="send">{text('staff.send')}</Button>
                </Stack>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <TextField size="small" label={text('staff.search')} value={q} onChange={(event) => { setQ(event.target.value); setPage(1); }} sx={{ width: { sm: 280 }, flex: 'none' }} />
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flex: 1 }} data-testid="status-filter">
                  <Chip label={text('staff.all')} color={status ? 'default' : 'primary'} onClick={() => { setStatus(''); setPage(1); }} />
                  {Object.entries(data.counts).sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => (
                    <Chip key={key} data-status={key} label={`${translate(`resources.invitation.values.invitationStatus.${key}`, { _: key })} (${format.count(n)})`}
                      color={status === key ? 'primary' : 'default'} onClick={() => { setStatus(status === key ? '' : key); setPage(1); }} />
                  ))}
                </Stack>
              </Stack>
              {chosen.length > 0 && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-testid="bulk-actions">
                  <Typography variant="body2">{text('staff.selected', { smart_count: chosen.length })}</Typography>
                  {INVITATION_ACTIONS.map((action) => (
                    <Button key={action} size="small" variant="outlined" disabled={busy || !chosen.every((row) => allows(action, row))}
                      onClick={() => doMove(action, chosen.map((row) => row.publisher.id))} data-action={`bulk-${action}`}>{text(`staff.${action}`)}</Button>
                  ))}
                </Stack>
              )}
            </Stack>
          </CardContent>
          <Box sx={{ height: 4 }}>{(list.isFetching || busy) && <LinearProgress />}</Box>
          {rows.length === 0 ? <CardContent><Alert severity="info">{text('staff.empty')}</Alert></CardContent> : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox checked={chosen.length === rows.length} indeterminate={chosen.length > 0 && chosen.length < rows.length}
                        onChange={(event) => setSelected(event.target.checked ? rows.map((row) => row.publisher.id) : [])} />
                    </TableCell>
                    <TableCell>{text('staff.publisher')}</TableCell>
                    <TableCell>{text('staff.status')}</TableCell>
                    <TableCell>{text('staff.end')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.publisher.id} data-publisher={row.publisher.id} data-status={shownStatus(row)}>
                      <TableCell padding="checkbox">
                        <Checkbox checked={selected.includes(row.publisher.id)}
                          onChange={(event) => setSelected(event.target.checked ? [...selected, row.publisher.id] : selected.filter((id) => id !== row.publisher.id))} />
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>
                        <Typography sx={{ fontWeight: 600 }}>{row.publisher.name}</Typography>
                        {row.publisher.url && <Typography variant="body2" color="text.secondary">{row.publisher.url}</Typography>}
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                          <StatusChip status={row.invitationStatus} variant={row.newInvitationStatus ? 'outlined' : 'filled'} />
                          {row.newInvitationStatus && <><span aria-hidden>→</span><StatusChip status={row.newInvitationStatus} /></>}
                        </Stack>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.continously ? '∞' : format.day(row.end)}</TableCell>
                      <TableCell align="right"><Transitions row={row} busy={busy} move={doMove} /></TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {data.total > PER_PAGE && (
            <TablePagination component="div" count={data.total} page={page - 1} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_event, next) => setPage(next + 1)} />
          )}
        </Card>
      )}
    </Stack>
  );
}
