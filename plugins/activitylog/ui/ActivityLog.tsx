/**
 * /campaignlogsnew, the activity log (SPEC section 2): search on Enter, a period of at most 3 days, filters for
 * user, campaign, level and category, a paged table; a row opens the comparison dialog of its record's versions.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Autocomplete, Box, Card, CardContent, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow,
  TextField, Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { API, apiFetch, DayRangePicker, daysBack, formatDay, today, useCan, type DayRange } from '@adsuite/admin/kit';
import { useLogText } from './text.ts';
import { VersionsDialog } from './VersionsDialog.tsx';

export const WINDOW_DAYS = 3;
const LEVELS = ['administrator', 'system', 'advertiser'] as const;
const CATEGORIES = ['Campaign Management', 'Optimizer', 'Subscription'] as const;

export interface LogEntry {
  id: string; createdOn: string; message: string | null; level: string | null; category: string | null; entityId: string | null; entityType: string | null;
  entityAction: string | null; login: { id: string; email?: string; name?: string; surname?: string } | string | null; campaign: { id: string; name?: string } | string | null;
}

/** A period of at most 3 days: a longer one keeps its end and starts 2 days before it (SPEC section 5). */
export function clampRange(range: DayRange): DayRange {
  const span = (Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 + 1;
  return span > WINDOW_DAYS ? { start: daysBack(WINDOW_DAYS - 1, range.end), end: range.end } : range;
}

const options = async (resource: string) => (await apiFetch(`${API}/${resource}?${new URLSearchParams({ range: JSON.stringify([0, 199]) })}`)).json as Record<string, unknown>[];
const who = (login: LogEntry['login']) => (login && typeof login === 'object' ? login.email ?? [login.name, login.surname].filter(Boolean).join(' ') : '');

export function ActivityLog() {
  const text = useLogText();
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DayRange>({ start: daysBack(WINDOW_DAYS - 1), end: today() });
  const [login, setLogin] = useState<string | null>(null);
  const [campaign, setCampaign] = useState<string | null>(null);
  const [level, setLevel] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(0);
  const [qty, setQty] = useState(10);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const can = useCan();
  // Only roles that may list users get the user filter's choices (an affiliate manager may not).
  const logins = useQuery({ queryKey: ['activitylog', 'logins'], queryFn: () => options('login'), enabled: can('read', 'login') });
  const campaigns = useQuery({ queryKey: ['activitylog', 'campaigns'], queryFn: () => options('campaign') });
  const params = new URLSearchParams({ start: range.start, end: range.end, qty: String(qty), offset: String(page * qty) });
  if (search) params.set('search', search);
  if (login) params.set('login', login);
  if (campaign) params.set('campaign', campaign);
  if (level) params.set('level', level);
  if (category) params.set('category', category);
  const { data, error, isFetching } = useQuery({
    queryKey: ['activitylog', params.toString()],
    queryFn: async ({ signal }) => (await apiFetch(`${API}/activitylog?${params}`, { signal })).json as { count: number; items: LogEntry[] },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(0);
  };
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(0);
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.activity_log.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Box component="form" onSubmit={submit} role="search">
              <TextField name="search" size="small" fullWidth label={text('search')} value={typed} onChange={(event) => setTyped(event.target.value)} />
            </Box>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
              <Box>
                <DayRangePicker range={range} onChange={(next) => { setRange(clampRange(next)); setPage(0); }} shortcuts={['yesterday']} />
                <Typography variant="caption" color="text.secondary">{text('window')}</Typography>
              </Box>
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Autocomplete
                size="small" sx={{ flex: 1, minWidth: 200 }} options={logins.data ?? []} getOptionLabel={(option: Record<string, unknown>) => String(option.email ?? '')}
                value={(logins.data ?? []).find((row) => row.id === login) ?? null} onChange={(_, value: Record<string, unknown> | null) => filtered(setLogin)((value?.id as string) ?? null)}
                renderInput={(input) => <TextField {...input} name="login" label={text('login')} />}
              />
              <Autocomplete
                size="small" sx={{ flex: 1, minWidth: 200 }} options={campaigns.data ?? []} getOptionLabel={(option: Record<string, unknown>) => String(option.name ?? '')}
                value={(campaigns.data ?? []).find((row) => row.id === campaign) ?? null} onChange={(_, value: Record<string, unknown> | null) => filtered(setCampaign)((value?.id as string) ?? null)}
                renderInput={(input) => <TextField {...input} name="campaign" label={text('campaign')} />}
              />
              <TextField select size="small" name="level" label={text('level')} value={level} onChange={(event) => filtered(setLevel)(event.target.value)} sx={{ minWidth: 180 }}>
                <MenuItem value="">{text('all')}</MenuItem>
                {LEVELS.map((value) => <MenuItem key={value} value={value}>{text(`levels.${value}`)}</MenuItem>)}
              </TextField>
              <TextField select size="small" name="category" label={text('category')} value={category} onChange={(event) => filtered(setCategory)(event.target.value)} sx={{ minWidth: 220 }}>
                <MenuItem value="">{text('all')}</MenuItem>
                {CATEGORIES.map((value) => <MenuItem key={value} value={value}>{text(`categories.${value}`)}</MenuItem>)}
              </TextField>
            </Stack>
          </Stack>
        </CardContent>
        {isFetching && <LinearProgress />}
      </Card>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && data.items.length === 0 && <Alert severity="info">{text('empty')}</Alert>}
      {data && data.items.length > 0 && (
        <Card>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="activity-table">
              <TableHead>
                <TableRow>
                  {['date', 'message', 'login', 'campaign', 'level', 'category', 'action'].map((key) => <TableCell key={key}>{text(key)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((entry) => (
                  <TableRow key={entry.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(entry)} title={text('compare')} data-entity={entry.entityType ?? ''}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.createdOn, true)}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>{entry.message}</TableCell>
                    <TableCell>{who(entry.login)}</TableCell>
                    <TableCell>{entry.campaign && typeof entry.campaign === 'object' ? entry.campaign.name : ''}</TableCell>
                    <TableCell>{entry.level ? text(`levels.${entry.level}`) : ''}</TableCell>
                    <TableCell>{entry.category ? text(`categories.${entry.category}`) : ''}</TableCell>
                    <TableCell>{entry.entityAction ? text(`actions.${entry.entityAction}`) : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div" count={data.count} page={page} rowsPerPage={qty} rowsPerPageOptions={[10, 20, 50, 100]}
            onPageChange={(_, next) => setPage(next)} onRowsPerPageChange={(event) => { setQty(Number(event.target.value)); setPage(0); }}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
          />
        </Card>
      )}
      {open?.entityId && <VersionsDialog entry={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
