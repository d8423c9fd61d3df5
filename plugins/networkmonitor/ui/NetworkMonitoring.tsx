/**
 * /network-monitoring: per channel the delivery of the last hours against the same hours yesterday, the active line
 * items that delivered nothing in those hours, the external networks' last delivered hour and the sandbox's last
 * successful pull, and the failed sync jobs.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Card, CardContent, CardHeader, Chip, LinearProgress, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { API, apiFetch, formatDay, usePluginText, useValueLabel } from '@adsuite/admin/kit';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';
import { formatEuros } from '@adsuite/config/i18n/format';

const messages = { de: staffScreenMessages.de.network_monitoring, en: staffScreenMessages.en.network_monitoring };
const HOURS = [1, 3, 6, 12, 24, 48];

interface Figures { impressions: number; clicks: number; cost: number }
interface Monitoring {
  hours: number;
  channels: { channel: string; name: string; network: 'house' | 'sandbox'; now: Figures; yesterday: Figures; change: number | null; down: boolean; liveLineItems: number; silentLineItems: number }[];
  silentLineItems: { id: string; name: string; channel: string | null; campaign: { id: string; name: string }; lastDelivery: string | null }[];
  networks: { channel: string; name: string; lastDelivery: string | null }[];
  lastPull: string | null;
  failedJobs: { id: string; name: string; type: string; channel: string | null; runCount: number; lastRun: string | null; message: string | null }[];
}

const scroll = { overflowX: 'auto' } as const;

export function NetworkMonitoring() {
  const text = usePluginText('staff_network', messages);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const jobValue = useValueLabel('sync-queue');
  const [hours, setHours] = useState(6);
  const { data, error, isFetching } = useQuery({
    queryKey: ['networkmonitoring', hours],
    queryFn: async ({ signal }) => (await apiFetch(`${API}/networkmonitoring?hours=${hours}`, { signal })).json as Monitoring,
    refetchInterval: 60_000,
  });
  const tag = locale === 'en' ? 'en-GB' : 'de-DE';
  const count = (value: number) => new Intl.NumberFormat(tag).format(value);
  const when = (value: string | null) => (value ? `${formatDay(value, true)} UTC` : text('never'));
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.network_monitoring.title')} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
            <Typography sx={{ flex: 1 }}>{text('intro')}</Typography>
            <TextField select size="small" name="hours" label={text('hours', { hours })} value={hours} onChange={(e) => setHours(Number(e.target.value))} sx={{ minWidth: { sm: 320 } }}>
              {HOURS.map((h) => <MenuItem key={h} value={h}>{text('hours', { hours: h })}</MenuItem>)}
            </TextField>
          </Stack>
        </CardContent>
        {isFetching && <LinearProgress />}
      </Card>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && (
        <Card data-testid="channels">
          <CardHeader title={text('hours', { hours: data.hours })} titleTypographyProps={{ variant: 'h6' }} />
          <Box sx={scroll}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text('channel')}</TableCell><TableCell>{text('network')}</TableCell>
                  <TableCell align="right">{text('impressions')}</TableCell><TableCell align="right">{text('clicks')}</TableCell><TableCell align="right">{text('cost')}</TableCell>
                  <TableCell align="right">{text('yesterday')}</TableCell><TableCell align="right">{text('change')}</TableCell>
                  <TableCell align="right">{text('live_items')}</TableCell><TableCell align="right">{text('silent_items')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.channels.map((row) => (
                  <TableRow key={row.channel} data-channel={row.channel} sx={row.down || row.silentLineItems > 0 ? { bgcolor: 'warning.light' } : undefined}>
                    <TableCell>{row.name}</TableCell>
                    <TableCell>{text(row.network)}</TableCell>
                    <TableCell align="right">{count(row.now.impressions)}</TableCell>
                    <TableCell align="right">{count(row.now.clicks)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatEuros(row.now.cost)}</TableCell>
                    <TableCell align="right">{count(row.yesterday.impressions)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {row.change === null ? '–' : `${row.change > 0 ? '+' : ''}${row.change} %`}
                      {row.down && <Chip size="small" color="warning" label={text('down')} sx={{ ml: 1 }} />}
                    </TableCell>
                    <TableCell align="right">{row.liveLineItems}</TableCell>
                    <TableCell align="right">{row.silentLineItems}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Card>
      )}
      {data && (
        <Card data-testid="silent">
          <CardHeader title={text('stopped', { hours: data.hours })} titleTypographyProps={{ variant: 'h6' }} />
          {data.silentLineItems.length === 0 ? <CardContent><Alert severity="success">{text('stopped_empty')}</Alert></CardContent> : (
            <Box sx={scroll}>
              <Table size="small">
                <TableHead><TableRow><TableCell>{text('lineitem')}</TableCell><TableCell>{text('channel')}</TableCell><TableCell>{text('campaign')}</TableCell><TableCell>{text('last_delivery')}</TableCell></TableRow></TableHead>
                <TableBody>
                  {data.silentLineItems.map((row) => (
                    <TableRow key={row.id} data-lineitem={row.name}>
                      <TableCell><Link to={`/lineitem/edit/${row.id}`}>{row.name}</Link></TableCell>
                      <TableCell>{row.channel ? channelByKey[row.channel]?.name ?? row.channel : ''}</TableCell>
                      <TableCell>{row.campaign.name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.lastDelivery)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Card>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' } }}>
          <Card data-testid="networks">
            <CardHeader title={text('pulls')} subheader={`${text('last_pull')}: ${when(data.lastPull)}`} titleTypographyProps={{ variant: 'h6' }} />
            {data.networks.length === 0 ? <CardContent><Alert severity="info">{text('pulls_empty')}</Alert></CardContent> : (
              <Table size="small">
                <TableHead><TableRow><TableCell>{text('network')}</TableCell><TableCell>{text('last_delivery')}</TableCell></TableRow></TableHead>
                <TableBody>
                  {data.networks.map((row) => <TableRow key={row.channel}><TableCell>{row.name}</TableCell><TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.lastDelivery)}</TableCell></TableRow>)}
                </TableBody>
              </Table>
            )}
          </Card>
          <Card data-testid="failed-jobs">
            <CardHeader title={text('failed_jobs')} titleTypographyProps={{ variant: 'h6' }} />
            {data.failedJobs.length === 0 ? <CardContent><Alert severity="success">{text('failed_empty')}</Alert></CardContent> : (
              <Box sx={scroll}>
                <Table size="small">
                  <TableHead><TableRow><TableCell>{text('job')}</TableCell><TableCell>{text('type')}</TableCell><TableCell align="right">{text('runs')}</TableCell><TableCell>{text('last_run')}</TableCell><TableCell>{text('message')}</TableCell></TableRow></TableHead>
                  <TableBody>
                    {data.failedJobs.map((job) => (
                      <TableRow key={job.id} data-job={job.id}>
                        <TableCell>{job.name}</TableCell><TableCell>{jobValue('type', job.type)}</TableCell><TableCell align="right">{job.runCount}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(job.lastRun)}</TableCell><TableCell>{job.message ?? '–'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Card>
        </Box>
      )}
    </Stack>
  );
}
