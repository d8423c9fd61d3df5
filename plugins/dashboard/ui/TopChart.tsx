/**
 * The top chart (SPEC section 2 "Dashboard"): views, clicks and conversions per day as bars, CTR as a line on
 * its own axis. Loaded on demand with recharts, so the dashboard's first paint does not wait for it.
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material';
import type { DayFigures } from './dashboardApi.ts';
import { useFormat, useText } from './useText.ts';

const shortDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`;

export function TopChart({ days }: { days: DayFigures[] }) {
  const text = useText();
  const format = useFormat();
  const theme = useTheme();
  // Views run to thousands a day, clicks and conversions to tens: each side has its own axis, CTR its own scale.
  const series = [
    { key: 'impressions', color: theme.palette.primary.light, axis: 'views' },
    { key: 'clicks', color: theme.palette.success.main, axis: 'actions' },
    { key: 'conversions', color: theme.palette.warning.main, axis: 'actions' },
  ] as const;
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} fontSize={12} />
        <YAxis yAxisId="views" orientation="left" fontSize={12} width={48} tickFormatter={(value: number) => format.compact(value)} />
        <YAxis yAxisId="actions" orientation="right" fontSize={12} width={40} tickFormatter={(value: number) => format.compact(value)} allowDecimals={false} />
        <YAxis yAxisId="ctr" orientation="right" hide domain={[0, (max: number) => max * 1.25]} />
        <Tooltip
          labelFormatter={(day) => String(day).split('-').reverse().join('-')}
          formatter={(value, name) => (name === text('figures.ctr') ? format.percent(Number(value)) : format.count(Number(value)))}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {series.map(({ key, color, axis }) => (
          <Bar key={key} yAxisId={axis} dataKey={key} name={text(`figures.${key}`)} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        ))}
        <Line yAxisId="ctr" dataKey="ctr" name={text('figures.ctr')} stroke={theme.palette.secondary.main} strokeWidth={2} dot isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
