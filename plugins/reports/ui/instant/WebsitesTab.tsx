/**
 * The Websites tab: channel toggles with an OK button (enabled once the choice differs from the one shown), the
 * websites of the chosen channels by clicks (loaded when the tab opens and for each choice), paged; a website (not an
 * app) can be removed when a Banner Ads channel is chosen: after a confirmation it goes onto the campaign's blacklist
 * (SPEC updateDomainlist). Removal stops future delivery only: the website keeps its row, its past figures and its
 * share of the totals, marked as removed on the channels it was removed from.
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import BlockIcon from '@mui/icons-material/Block';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { API, apiFetch } from '@adsuite/admin/kit';
import { refreshed } from '../shared/Freshness.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { FigureTable } from './FigureTable.tsx';
import { fetchWebsites, removeWebsite, type DayRange, type WebsiteRow } from './reportApi.ts';
import { channelColor, channelName, useReportText } from './useReportText.ts';

const isBannerAds = (key: string) => channelByKey[key]?.category === 'Banner Ads';
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((key) => b.includes(key));

interface Blacklist { domains: string[]; channels: string[] }

/** The campaign's blacklist domain lists (those "remove website" fills). */
async function fetchBlacklists(campaign: string): Promise<Blacklist[]> {
  const filter = encodeURIComponent(JSON.stringify({ campaign, type: 'blacklist' }));
  const { json } = await apiFetch(`${API}/domainlist?filter=${filter}&range=${encodeURIComponent('[0,99]')}`);
  return (json as Blacklist[]).map((list) => ({ domains: list.domains ?? [], channels: list.channels ?? [] }));
}

/** The channels of `channels` on which the campaign's blacklists stop delivery to `website` (a list without channels: all). */
function removedOn(lists: Blacklist[], website: string, channels: string[]): string[] {
  const host = website.toLowerCase();
  const listed = lists.filter((list) => list.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
  return channels.filter((key) => listed.some((list) => list.channels.length === 0 || list.channels.includes(key)));
}

export function WebsitesTab({ campaign, range, channels }: { campaign: string; range: DayRange; channels: string[] }) {
  const text = useReportText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(channels);
  const [applied, setApplied] = useState<string[]>(channels);
  const [removing, setRemoving] = useState<WebsiteRow | null>(null);
  const [busy, setBusy] = useState(false);
  // Loaded when the tab opens (all channels: no channel named), again for each choice of channels.
  const asked = sameSet(applied, channels) ? [] : applied;
  const narrowed = useQuery({
    queryKey: ['instant-report-websites', campaign, range.start, range.end, asked],
    queryFn: ({ signal }) => fetchWebsites(campaign, range, asked, signal),
    enabled: applied.length > 0,
    retry: false,
    ...refreshed,
  });
  const blacklists = useQuery({ queryKey: ['instant-report-blacklist', campaign], queryFn: () => fetchBlacklists(campaign), retry: false });
  const rows = applied.length ? narrowed.data ?? [] : [];
  const loading = applied.length > 0 && narrowed.isFetching && !narrowed.data;
  const removalChannels = applied.filter(isBannerAds);
  const removed = useMemo(
    () => new Map(rows.map((row) => [row.location, removedOn(blacklists.data ?? [], row.location, applied)])),
    [rows, blacklists.data, applied],
  );
  const removedOf = (row: WebsiteRow) => removed.get(row.location) ?? [];

  const confirm = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeWebsite(campaign, removing.location, removalChannels);
      notify(text('removed', { website: removing.location }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['instant-report-blacklist', campaign] });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }} sx={{ px: 2, py: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>{text('websites_channels')}</Typography>
        <ToggleButtonGroup
          size="small"
          value={chosen}
          onChange={(_, next: string[]) => setChosen(next)}
          aria-label={text('websites_channels')}
          sx={{ flexWrap: 'wrap' }}
        >
          {channels.map((key) => (
            <ToggleButton key={key} value={key} data-channel={key} sx={{ textTransform: 'none', gap: 0.75 }}>
              <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: channelColor(key) }} />
              {channelName(key)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button variant="contained" size="small" disabled={sameSet(chosen, applied)} onClick={() => setApplied(chosen)} data-testid="websites-ok">
          {text('websites_ok')}
        </Button>
      </Stack>
      {removalChannels.length === 0 && rows.length > 0 && <Alert severity="info" sx={{ mx: 2, mb: 1 }}>{text('remove_hint')}</Alert>}
      {narrowed.error && !narrowed.isRefetchError && <LoadError error={narrowed.error} failed={text('load_failed')} testId="tab-error" />}
      {loading ? <LinearProgress sx={{ m: 2 }} aria-label={text('title')} data-testid="tab-loading" /> : rows.length === 0
        ? !narrowed.error && <Alert severity="info" sx={{ m: 2 }}>{text('websites_none')}</Alert>
        : (
          <FigureTable
            name="websites"
            rows={rows}
            rowKey={(row) => row.location}
            labels={[{
              key: 'website', label: text('columns.website'),
              render: (row: WebsiteRow) => (
                <Stack direction="row" spacing={1} alignItems="center" component="span">
                  <span>{row.location}</span>
                  {row.app && <Chip size="small" label={text('app')} />}
                  {removedOf(row).length > 0 && (
                    <Tooltip title={text('removed_note', { channels: removedOf(row).map(channelName).join(', ') })}>
                      <Chip size="small" variant="outlined" color="warning" label={text('removed_badge')} data-removed={row.location} />
                    </Tooltip>
                  )}
                </Stack>
              ),
            }]}
            actions={removalChannels.length ? {
              label: text('columns.actions'),
              render: (row: WebsiteRow) => (row.app || removalChannels.every((key) => removedOf(row).includes(key)) ? null : (
                <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setRemoving(row)} data-remove={row.location}>
                  {text('remove')}
                </Button>
              )),
            } : undefined}
          />
        )}
      <Dialog open={Boolean(removing)} onClose={() => !busy && setRemoving(null)} aria-labelledby="remove-website-title">
        <DialogTitle id="remove-website-title">{text('remove_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {text('remove_text', { website: removing?.location ?? '', channels: removalChannels.map(channelName).join(', ') })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)} disabled={busy}>{text('cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={busy} data-testid="remove-confirm">{text('remove_confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
