/**
 * The report's chart: one figure per day of the range, chosen by the tabs Clicks, Impressions, Conversions, CTR, CR;
 * with the previous period, its line dashed, its n-th day drawn at the range's n-th day.
 */
import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, useTheme } from '@mui/material';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useToolText } from '../shared/useToolText.ts';
import { CHART_METRICS, dailySeries, metricOf, type ChartMetric, type PreviousPeriod, type Report } from './reportApi.ts';
import { useFormat, useReportText } from './useReportText.ts';

export function ReportChart({ report, previous }: { report: Pick<Report, 'stats' | 'range'>; previous?: PreviousPeriod | null }) {
  const text = useReportText();
  const tools = useToolText();
  const format = useFormat();
  const theme = useTheme();
  const [metric, setMetric] = useState<ChartMetric>('clicks');
  const share = metric === 'ctr' || metric === 'cr';
  const data = dailySeries(report).map((day, index) => {
    const before = previous?.stats[index];
    return { date: day.date, value: metricOf(day, metric), ...(before ? { previous: metricOf(before, metric), previousDate: before.date } : {}) };
  });
  const shown = (value: number) => (share ? format.percent(value) : format.count(value));
  const color = theme.palette.primary.main;
  const previousColor = theme.palette.text.secondary;
  const figure = text(`figures.${metric}`);
  const previousName = tools('previous_period');
  const previousRange = previous ? tools('previous_range', { start: format.day(previous.range.start), end: format.day(previous.range.end) }) : '';
  return (
    <Card data-testid="report-chart" data-metric={metric} data-previous={previous ? 'shown' : undefined}>
      <Tabs
        value={metric}
        onChange={(_, next: ChartMetric) => setMetric(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={text('chart.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {CHART_METRICS.map((key) => <Tab key={key} value={key} label={text(`figures.${key}`)} data-chart-tab={key} />)}
      </Tabs>
      <CardContent>
        <Box sx={{ height: { xs: 220, sm: 280 } }} role="img" aria-label={text('chart.aria', { metric: figure })}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <defs>
                <linearGradient id="instant-report-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={color} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={color} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={(day: string) => format.day(day).slice(0, 5)} tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis tickFormatter={(value: number) => (share ? `${value} %` : format.compact(value))} tick={{ fontSize: 12 }} width={56} allowDecimals={share} />
              <Tooltip
                formatter={(value, _name, item) => (item.dataKey === 'previous'
                  ? [shown(Number(value)), `${previousName} (${format.day(String((item.payload as { previousDate?: string }).previousDate ?? ''))})`]
                  : [shown(Number(value)), figure])}
                labelFormatter={(day) => format.day(String(day))}
              />
              {previous && <Legend verticalAlign="top" height={28} iconType="plainline" wrapperStyle={{ fontSize: 12 }} />}
              <Area type="monotone" dataKey="value" name={previous ? tools('current_period') : figure} stroke={color} strokeWidth={2} fill="url(#instant-report-fill)"
                isAnimationActive={false} dot={data.length <= 31} />
              {previous && (
                <Line type="monotone" dataKey="previous" name={previousRange} stroke={previousColor} strokeWidth={2} strokeDasharray="6 4" dot={false}
                  isAnimationActive={false} data-testid="previous-line" />
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}
