/** The report's chart: one figure per day of the range, chosen by the tabs Clicks, Impressions, Conversions, CTR, CR. */
import { useState } from 'react';
import { Box, Card, CardContent, Tab, Tabs, useTheme } from '@mui/material';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_METRICS, dailySeries, metricOf, type ChartMetric, type Report } from './reportApi.ts';
import { useFormat, useReportText } from './useReportText.ts';

export function ReportChart({ report }: { report: Pick<Report, 'stats' | 'range'> }) {
  const text = useReportText();
  const format = useFormat();
  const theme = useTheme();
  const [metric, setMetric] = useState<ChartMetric>('clicks');
  const share = metric === 'ctr' || metric === 'cr';
  const data = dailySeries(report).map((day) => ({ date: day.date, value: metricOf(day, metric) }));
  const shown = (value: number) => (share ? format.percent(value) : format.count(value));
  const color = theme.palette.primary.main;
  return (
    <Card data-testid="report-chart" data-metric={metric}>
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
        <Box sx={{ height: { xs: 220, sm: 280 } }} role="img" aria-label={text('chart.aria', { metric: text(`figures.${metric}`) })}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
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
                formatter={(value) => [shown(Number(value)), text(`figures.${metric}`)]}
                labelFormatter={(day) => format.day(String(day))}
              />
              <Area type="monotone" dataKey="value" stroke={color} strokeWidth={2} fill="url(#instant-report-fill)" isAnimationActive={false} dot={data.length <= 31} />
            </AreaChart>
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}
