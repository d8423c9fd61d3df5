/**
 * The publisher's figures per day, as the advertiser dashboard draws them: one small chart per measure on its own
 * labelled axis (impressions run to thousands, clicks to tens), bars for counts and a line for the earnings.
 * Loaded on demand with recharts, so the page paints before it.
 */
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Box, Grid, Typography, useTheme } from '@mui/material';
import type { PublisherHome } from './api.ts';
import { useFormat, useText } from './useText.ts';

const shortDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`;
const fullDay = (day: unknown) => String(day).split('-').reverse().join('-');

type Measure = 'impressions' | 'clicks' | 'conversions' | 'earnings';
const MEASURES: readonly Measure[] = ['impressions', 'clicks', 'conversions', 'earnings'];

function MeasureChart({ days, measure, color }: { days: PublisherHome['days']; measure: Measure; color: string }) {
  const text = useText();
  const format = useFormat();
  const name = text(`figures.${measure}`);
  const value = (raw: unknown) => (measure === 'earnings' ? format.money(Number(raw)) : format.count(Number(raw)));
  const common = { data: days, margin: { top: 8, right: 8, bottom: 16, left: 8 } };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="date" tickFormatter={shortDay} fontSize={11} label={{ value: text('chart.day'), position: 'insideBottom', offset: -8, fontSize: 11 }} />,
    <YAxis key="y" fontSize={11} width={56} tickFormatter={(raw: number) => format.compact(raw)} allowDecimals={measure === 'earnings'}
      label={{ value: name, angle: -90, position: 'insideLeft', offset: 4, fontSize: 11, style: { textAnchor: 'middle' } }} />,
    <Tooltip key="tooltip" labelFormatter={fullDay} formatter={(raw) => [value(raw), name]} />,
  ];
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Box data-testid={`chart-${measure}`}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>{name}</Typography>
        <ResponsiveContainer width="100%" height={200}>
          {measure === 'earnings' ? (
            <LineChart {...common}>
              {axes}
              <Line dataKey={measure} name={name} stroke={color} strokeWidth={2} dot isAnimationActive={false} />
            </LineChart>
          ) : (
            <BarChart {...common}>
              {axes}
              <Bar dataKey={measure} name={name} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </Box>
    </Grid>
  );
}

export function HomeChart({ days }: { days: PublisherHome['days'] }) {
  const theme = useTheme();
  const colors: Record<Measure, string> = {
    impressions: theme.palette.primary.light, clicks: theme.palette.success.main, conversions: theme.palette.warning.main, earnings: theme.palette.secondary.main,
  };
  return (
    <Grid container spacing={2}>
      {MEASURES.map((measure) => <MeasureChart key={measure} days={days} measure={measure} color={colors[measure]} />)}
    </Grid>
  );
}
