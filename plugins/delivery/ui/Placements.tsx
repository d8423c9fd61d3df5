/**
 * /placements for a publisher (issue 38): a form that creates a placement on one of its websites, the list of its
 * placements with today's requests, and per placement its tag to paste (the async script with the iframe for pages
 * without scripts, or the iframe alone), each with a copy button. Staff see the generated list of every publisher's.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { PLACEMENT_SIZES } from '@adsuite/config/resources/placement';
import { CopyButton, ResourceScreen, session, useAbilityState } from '@adsuite/admin/kit';
import { asyncTag, iframeTag } from '../tags.ts';
import { createPlacement, fetchPlacements, fetchRequests, fetchWebsites, type PlacementRow } from './api.ts';
import { useText } from './useText.ts';

/** Columns a phone leaves out (their values stand under the name there). */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

function CodeField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack spacing={1}>
      <TextField label={label} value={value} size="small" fullWidth multiline maxRows={6}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace', fontSize: 12 } } }} />
      <Box data-copy={testId}><CopyButton text={value} /></Box>
    </Stack>
  );
}

function TagDialog({ placement, onClose }: { placement: PlacementRow; onClose: () => void }) {
  const text = useText();
  const origin = globalThis.location.origin;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="tag-dialog">
      <DialogTitle>{text('tag.title', { name: placement.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">{text('tag.intro', { size: placement.size.replace('x', ' × ') })}</Typography>
          <CodeField label={text('tag.async')} value={asyncTag(origin, placement)} testId="tag-async" />
          <CodeField label={text('tag.iframe')} value={iframeTag(origin, placement)} testId="tag-iframe" />
          <Typography variant="body2" color="text.secondary">{text('tag.iframe_hint')}</Typography>
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('tag.close')}</Button></DialogActions>
    </Dialog>
  );
}

function TodayCell({ placement }: { placement: string }) {
  const text = useText();
  const today = useQuery({ queryKey: ['delivery', 'requests', placement], queryFn: () => fetchRequests(placement), refetchInterval: 15_000 });
  const row = today.data?.[today.data.length - 1];
  return <TableCell align="right" data-cell="today">{row ? text('list.today_value', { requests: row.requests, filled: row.filled }) : ''}</TableCell>;
}

function CreateForm({ publisher, onCreated }: { publisher: string; onCreated: (row: PlacementRow) => void }) {
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const websites = useQuery({ queryKey: ['delivery', 'websites', publisher], queryFn: () => fetchWebsites(publisher) });
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [size, setSize] = useState<string>('300x250');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = website || websites.data?.[0]?.id || '';
  const create = useMutation({
    mutationFn: () => createPlacement({ name: name.trim(), website: chosen, size, publisher }),
    onSuccess: async (row) => {
      setErrors({});
      setName('');
      notify(text('create.created', { name: row.name }), { type: 'success' });
      await client.invalidateQueries({ queryKey: ['delivery', 'placements'] });
      onCreated(row);
    },
    onError: (error: Error & { body?: { errors?: { field?: string; message?: string }[] } }) => {
      const fields = Object.fromEntries((error.body?.errors ?? []).filter((entry) => entry.field && entry.message).map((entry) => [entry.field!, entry.message!]));
      setErrors(fields);
      notify(error.message, { type: 'error' });
    },
  });
  if (websites.data && websites.data.length === 0) {
    return (
      <Alert severity="info" action={<Button component={Link} to="/website/new">{text('create.add_website')}</Button>}>{text('create.no_websites')}</Alert>
    );
  }
  return (
    <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }} data-testid="placement-form"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}>
      <TextField label={text('create.name')} value={name} onChange={(event) => setName(event.target.value)} size="small" required sx={{ flex: 2, minWidth: 0 }}
        error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { 'data-testid': 'placement-name', maxLength: 200 } }} />
      <TextField select label={text('create.website')} value={chosen} onChange={(event) => setWebsite(event.target.value)} size="small" sx={{ flex: 2, minWidth: 0 }}
        error={Boolean(errors.website)} helperText={errors.website} slotProps={{ htmlInput: { 'data-testid': 'placement-website' } }}>
        {(websites.data ?? []).map((site) => <MenuItem key={site.id} value={site.id}>{site.name} ({hostOf(site.url)})</MenuItem>)}
      </TextField>
      <TextField select label={text('create.size')} value={size} onChange={(event) => setSize(event.target.value)} size="small" sx={{ flex: 2, minWidth: 0 }}
        error={Boolean(errors.size)} helperText={errors.size} slotProps={{ htmlInput: { 'data-testid': 'placement-size' } }}>
        {PLACEMENT_SIZES.map((value) => <MenuItem key={value} value={value}>{text(`sizes.${value}`)}</MenuItem>)}
      </TextField>
      <Button type="submit" variant="contained" disabled={create.isPending || !chosen} sx={{ flex: 'none' }} data-action="create-placement">{text('create.submit')}</Button>
    </Stack>
  );
}

function PublisherPlacements({ publisher }: { publisher: string }) {
  const text = useText();
  const translate = useTranslate();
  const [shown, setShown] = useState<PlacementRow | null>(null);
  const placements = useQuery({ queryKey: ['delivery', 'placements', publisher], queryFn: () => fetchPlacements(publisher) });
  const websites = useQuery({ queryKey: ['delivery', 'websites', publisher], queryFn: () => fetchWebsites(publisher) });
  const siteName = (id: string) => websites.data?.find((site) => site.id === id)?.name ?? '';
  const rows = placements.data ?? [];
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('resources.placement.name', { smart_count: 2 })} />
      <Typography variant="body2" color="text.secondary">{text('intro')}</Typography>
      <Card>
        <CardHeader title={text('create.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent><CreateForm publisher={publisher} onCreated={setShown} /></CardContent>
      </Card>
      {placements.error && <Alert severity="error">{text('load_failed', { message: placements.error.message })}</Alert>}
      <Card data-testid="placements">
        <CardHeader title={text('list.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        {placements.data && rows.length === 0 && <CardContent><Alert severity="info">{text('list.empty')}</Alert></CardContent>}
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text('list.name')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{text('list.website')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{text('list.size')}</TableCell>
                  <TableCell align="right">{text('list.today')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} data-placement={row.name}>
                    <TableCell sx={{ minWidth: 110 }}>
                      {row.name} {!row.active && <Chip size="small" label={text('list.inactive')} />}
                      {/* On a phone the website and size stand under the name. */}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {siteName(row.website)}, {row.size.replace('x', ' × ')}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, wordBreak: 'break-word' }}>{siteName(row.website)}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{row.size.replace('x', ' × ')}</TableCell>
                    <TodayCell placement={row.id} />
                    <TableCell align="right">
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end', alignItems: { xs: 'flex-end', sm: 'center' } }}>
                        <Button size="small" variant="outlined" onClick={() => setShown(row)} data-action="tag">{text('list.tag')}</Button>
                        <Button size="small" component={Link} to={`/placement/edit/${row.id}`}>{text('list.edit')}</Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>
      {shown && <TagDialog placement={shown} onClose={() => setShown(null)} />}
    </Stack>
  );
}

export function Placements() {
  const { user } = useAbilityState();
  const text = useText();
  const publisher = session.selectedPublisher();
  if (user && user.role !== 'publisher') return <ResourceScreen resource="placement" screen="list" />;
  if (!publisher) return <Alert severity="info" sx={{ mt: 2 }}>{text('choose_publisher')}</Alert>;
  return <PublisherPlacements publisher={publisher} />;
}
