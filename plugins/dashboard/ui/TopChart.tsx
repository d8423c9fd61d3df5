/**
 * The top chart (SPEC section 2 "Dashboard"): views, clicks and conversions per day, and the CTR, as four small
 * charts side by side, one measure each on its own labelled axis. Views run to thousands a day and clicks to
 * tens, so bars sharing an axis (or a scale left unlabelled) drew 90 clicks taller than 506 views. With the
 * previous period, its line is dashed over each chart, its n-th day at the range's n-th day. Loaded on demand with
 * recharts, so the dashboard's first paint does not wait for it.
 */
import { Bar, CartesianGrid, ComposedChart, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Grid, Typography, useTheme } from '@mui/material';
import type { DayFigures } from './dashboardApi.ts';
import { useFormat, useText } from './useText.ts';

const shortDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`;
const fullDay = (day: unknown) => String(day).split('-').reverse().join('-');

type Measure = 'impressions' | 'clicks' | 'conversions' | 'ctr';
export const MEASURES: readonly Measure[] = ['impressions', 'clicks', 'conversions', 'ctr'];

function MeasureChart({ days, previous, measure, color }: { days: DayFigures[]; previous?: DayFigures[]; measure: Measure; color: string }) {
  const text = useText();
  const format = useFormat();
  const theme = useTheme();
  const name = text(`figures.${measure}`);
  const previousName = text('chart.previous_period');
  const data = days.map((day, index) => (previous?.[index] ? { ...day, previous: previous[index][measure], previousDate: previous[index].date } : day));
  const axis = measure === 'ctr' ? text('chart.ctr_axis') : name;
  const value = (raw: unknown) => (measure === 'ctr' ? format.percent(Number(raw)) : format.count(Number(raw)));
  const tick = (raw: number) => (measure === 'ctr' ? format.count(raw) : format.compact(raw));
  const common = { data, margin: { top: 8, right: 8, bottom: 16, left: 8 } };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="date" tickFormatter={shortDay} fontSize={11} label={{ value: text('chart.day'), position: 'insideBottom', offset: -8, fontSize: 11 }} />,
    <YAxis key="y" fontSize={11} width={56} tickFormatter={tick} allowDecimals={measure === 'ctr'}
      label={{ value: axis, angle: -90, position: 'insideLeft', offset: 4, fontSize: 11, style: { textAnchor: 'middle' } }} />,
    <Tooltip key="tooltip" labelFormatter={fullDay} formatter={(raw, _name, item) => (item.dataKey === 'previous'
      ? [value(raw), `${previousName} (${fullDay((item.payload as { previousDate?: string }).previousDate ?? '')})`] : [value(raw), name])} />,
  ];
  const previousLine = previous && (
    <Line key="previous" dataKey="previous" name={previousName} stroke={theme.palette.text.secondary} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
  );
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Box data-testid={`chart-${measure}`} data-measure={measure} data-previous={previous ? 'shown' : undefined}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>{name}</Typography>
        <ResponsiveContainer width="100%" height={200}>
          {measure === 'ctr' ? (
            <LineChart {...common}>
              {axes}
              <Line dataKey={measure} name={name} stroke={color} strokeWidth={2} dot isAnimationActive={false} />
              {previousLine}
            </LineChart>
          ) : (
            <ComposedChart {...common}>
              {axes}
              <Bar dataKey={measure} name={name} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
              {previousLine}
            </ComposedChart>
          )}
        </ResponsiveContainer>
      </Box>
    </Grid>
  );
}

export function TopChart({ days, previous }: { days: DayFigures[]; previous?: DayFigures[] }) {
  const theme = useTheme();
  const colors: Record<Measure, string> = {
    impressions: theme.palette.primary.light, clicks: theme.palette.success.main, conversions: theme.palette.warning.main, ctr: theme.palette.secondary.main,
  };
  return (
    <Grid container spacing={2}>
      {MEASURES.map((measure) => <MeasureChart key={measure} days={days} previous={previous} measure={measure} color={colors[measure]} />)}
    </Grid>
  );
}
