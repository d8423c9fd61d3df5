/** The booking's channel allocation as a doughnut with a legend (recharts). */
import { Box, Stack, Typography } from '@mui/material';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { CHANNELS } from '@adsuite/config';
import { allocationOf } from './bookingRules.ts';

const channelByKey = new Map(CHANNELS.map((channel) => [channel.key, channel]));
const FALLBACK_COLORS = ['#5c6bc0', '#26a69a', '#ffa726', '#ef5350', '#8d6e63', '#78909c'];

export function AllocationChart({ booking }: { booking: { channels?: string[]; allocation?: unknown } }) {
  const allocation = allocationOf(booking);
  const total = allocation.reduce((sum, entry) => sum + entry.weight, 0) || 1;
  const slices = allocation.map((entry, index) => {
    const channel = channelByKey.get(entry.channel);
    return {
      key: entry.channel,
      name: channel?.name ?? entry.channel,
      color: channel?.color ?? FALLBACK_COLORS[index % FALLBACK_COLORS.length],
      share: Math.round((entry.weight / total) * 1000) / 10,
    };
  });
  if (!slices.length) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center" data-testid="allocation-chart">
      <Box sx={{ width: 180, height: 180, flexShrink: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={slices} dataKey="share" nameKey="name" innerRadius={50} outerRadius={80} paddingAngle={slices.length > 1 ? 2 : 0} isAnimationActive={false}>
              {slices.map((slice) => <Cell key={slice.key} fill={slice.color} />)}
            </Pie>
            <Tooltip formatter={(value) => `${value} %`} />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="allocation-legend">
        {slices.map((slice) => (
          <Stack component="li" key={slice.key} direction="row" spacing={1} alignItems="center">
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: slice.color }} />
            <Typography variant="body2">{slice.name}</Typography>
            <Typography variant="body2" color="text.secondary">{slice.share.toLocaleString()} %</Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
