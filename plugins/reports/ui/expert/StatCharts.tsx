/**
 * Expert Analytics' line charts (SPEC section 2): over the days when the range has more than one (impressions,
 * clicks, OPR, default orders, publisher conversions, revenue, product page views), and always per hour of the
 * day (impressions, clicks, OPR, dwell time).
 */
import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Chart, ExpertStats } from './expertApi.ts';
import { useExpertText, useFormat, type Format } from './useExpertText.ts';

const DAY_CHARTS = ['impressions', 'clicks', 'opr', 'order', 'conversion', 'revenue', 'products'] as const;
const HOUR_CHARTS = ['impressions', 'clicks', 'opr', 'dwell'] as const;
type Kind = (typeof DAY_CHARTS)[number] | (typeof HOUR_CHARTS)[number];

const shortDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}`;
const longDay = (day: string) => day.split('-').reverse().join('-');

/** How a chart's values read: counts, per mille with decimals, euros, seconds. */
const valueOf = (kind: Kind, format: Format) => (value: number) =>
  kind === 'opr' ? format.decimal(value) : kind === 'revenue' ? format.euros(value) : format.count(value);

function LineCard({ kind, chart, hours }: { kind: Kind; chart: Chart; hours: boolean }) {
  const text = useExpertText();
  const format = useFormat();
  const theme = useTheme();
  const title = text(`charts.${kind}`);
  const points = chart.labels.map((label, index) => ({ label, value: chart.data[index] ?? 0 }));
  const show = valueOf(kind, format);
  return (
    <Card data-chart={`${hours ? 'hour' : 'day'}-${kind}`} sx={{ minWidth: 0 }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography variant="subtitle2" component="h3" gutterBottom noWrap title={title}>{title}</Typography>
        <ResponsiveContainer width="100%" height={180}>
          <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickFormatter={hours ? undefined : shortDay} fontSize={11} minTickGap={8} />
            <YAxis fontSize={11} width={44} allowDecimals={kind === 'opr' || kind === 'revenue'} tickFormatter={(value: number) => format.compact(value)} />
            <Tooltip
              labelFormatter={(label) => (hours ? text('charts.hour', { hour: String(label) }) : longDay(String(label)))}
              formatter={(value) => [show(Number(value)), title]}
            />
            <Line dataKey="value" name={title} stroke={theme.palette.primary.main} strokeWidth={2} dot={points.length <= 31} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } } as const;

export function StatCharts({ stats, overDays }: { stats: ExpertStats; overDays: boolean }) {
  const text = useExpertText();
  return (
    <>
      {overDays && (
        <Box component="section" data-testid="day-charts">
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{text('charts.days')}</Typography>
          <Box sx={grid}>
            {DAY_CHARTS.map((kind) => <LineCard key={kind} kind={kind} chart={stats.charts[kind]} hours={false} />)}
          </Box>
        </Box>
      )}
      <Box component="section" data-testid="hour-charts">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{text('charts.hours')}</Typography>
        <Box sx={grid}>
          {HOUR_CHARTS.map((kind) => <LineCard key={kind} kind={kind} chart={stats.hourly[kind]} hours />)}
        </Box>
      </Box>
    </>
  );
}
