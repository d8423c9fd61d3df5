/** The Instant Report's tables by channel (with the line items' state), by date (optionally per channel) and by creative. */
import { useMemo, useState } from 'react';
import { Box, Checkbox, Chip, FormControlLabel, Stack } from '@mui/material';
import { FigureTable } from './FigureTable.tsx';
import { byClicks, byKey, groupBy, type Banner, type Group, type StatsRow } from './reportApi.ts';
import { channelColor, channelName, useFormat, useReportText } from './useReportText.ts';

export function ChannelLabel({ channel }: { channel: string | null }) {
  const text = useReportText();
  return (
    <Stack direction="row" spacing={1} alignItems="center" component="span">
      <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: channelColor(channel), flexShrink: 0 }} />
      <span>{channel ? channelName(channel) : text('no_channel')}</span>
    </Stack>
  );
}

export function ChannelsTab({ stats }: { stats: StatsRow[] }) {
  const text = useReportText();
  const rows = useMemo(() => groupBy(stats, (row) => row.channel ?? '', byClicks), [stats]);
  const active = useMemo(() => new Set(stats.filter((row) => row.isActive).map((row) => row.channel ?? '')), [stats]);
  const withState = stats.some((row) => row.isActive !== undefined);
  return (
    <FigureTable
      name="channels"
      rows={rows}
      rowKey={(row) => row.key || 'none'}
      labels={[
        { key: 'channel', label: text('columns.channel'), render: (row: Group) => <ChannelLabel channel={row.key || null} /> },
        ...(withState ? [{
          key: 'status', label: text('columns.status'),
          render: (row: Group) => (active.has(row.key)
            ? <Chip size="small" color="success" variant="outlined" label={text('active')} />
            : <Chip size="small" variant="outlined" label={text('inactive')} />),
        }] : []),
      ]}
    />
  );
}

export function DateTab({ stats }: { stats: StatsRow[] }) {
  const text = useReportText();
  const format = useFormat();
  const [perChannel, setPerChannel] = useState(false);
  const rows = useMemo(
    () => groupBy(stats, (row) => (perChannel ? `${row.date}|${row.channel ?? ''}` : row.date), byKey).reverse(),
    [stats, perChannel],
  );
  return (
    <>
      <Box sx={{ px: 2, pt: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={perChannel} onChange={(event) => setPerChannel(event.target.checked)} name="perChannel" />}
          label={text('channel_details')}
        />
      </Box>
      <FigureTable
        name="date"
        rows={rows}
        rowKey={(row) => row.key}
        labels={[
          { key: 'date', label: text('columns.date'), render: (row: Group) => format.day(row.key.split('|')[0]) },
          ...(perChannel ? [{ key: 'channel', label: text('columns.channel'), render: (row: Group) => <ChannelLabel channel={row.key.split('|')[1] || null} /> }] : []),
        ]}
      />
    </>
  );
}

export function CreativesTab({ stats, banners }: { stats: StatsRow[]; banners: Banner[] }) {
  const text = useReportText();
  const named = useMemo(() => new Map(banners.map((banner) => [banner._id, banner])), [banners]);
  const rows = useMemo(() => groupBy(stats, (row) => row.banner ?? '', byClicks), [stats]);
  return (
    <FigureTable
      name="creatives"
      rows={rows}
      rowKey={(row) => row.key || 'none'}
      labels={[
        { key: 'creative', label: text('columns.creative'), render: (row: Group) => (row.key ? named.get(row.key)?.name ?? text('unknown') : text('no_creative')) },
        {
          key: 'size', label: text('columns.size'),
          render: (row: Group) => {
            const banner = named.get(row.key);
            return banner?.width && banner.height ? `${banner.width}×${banner.height}` : '–';
          },
        },
      ]}
    />
  );
}
