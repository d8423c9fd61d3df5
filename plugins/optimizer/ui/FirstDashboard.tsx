/**
 * /affiliateold, the first optimization dashboard (SPEC section 2): revenue by network, the Commission & Costs
 * line chart (a period over one day), the optimizer table and the Access Logs bar chart (the first 21 hosts of the
 * period's last 3 days; a bar opens /accesslogs?search={host}). The wizard sees it without OPR, health and money
 * columns (the server leaves them out).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Card, CardContent, CardHeader, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Title, useTranslate } from 'react-admin';
import { DayRangePicker, formatDay, today, type DayRange } from '@adsuite/admin/kit';
import { firstDashboard } from './optimizerApi.ts';
import { useFormats, useText } from './format.ts';
import { HealthChip, HintChips } from './HintChips.tsx';
import { OptimizerIcon } from './OptimizerIcon.tsx';

/** SPEC section 9: the chart shows about the first 21 hosts. */
export const CHART_HOSTS = 21;

export function FirstDashboard() {
  const text = useText();
  const translate = useTranslate();
  const format = useFormats();
  const navigate = useNavigate();
  const [range, setRange] = useState<DayRange>({ start: today(), end: today() });
  const { data, error, isFetching } = useQuery({
    queryKey: ['optimizer', 'dashboard', range.start, range.end],
    queryFn: ({ signal }) => firstDashboard(range.start, range.end, signal),
  });
  const full = (data?.rows ?? []).some((row) => row.health !== undefined);
  const hosts = (data?.accessLogs.hosts ?? []).slice(0, CHART_HOSTS);
  const networks = (data?.revenueByNetwork ?? []).map((entry) => ({ name: entry.network ? format.label(entry.network) : text('old.no_network'), revenue: entry.revenue }));
  const chart = data?.chart ? data.chart.labels.map((day, i) => ({ day: formatDay(day), commission: data.chart!.commission[i], costs: data.chart!.costs[i] })) : [];

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.affiliateold.title')} />
      <Card>
        <CardContent><DayRangePicker range={range} onChange={setRange} /></CardContent>
        {isFetching && <LinearProgress />}
      </Card>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          <Card data-testid="revenue-by-network">
            <CardHeader title={text('old.revenue_by_network')} titleTypographyProps={{ variant: 'h6' }} />
            <CardContent sx={{ height: 260 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={networks}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="name" />
                  <YAxis />
                  <Tooltip formatter={(value) => format.money(Number(value))} />
                  <Bar dataKey="revenue" name={text('columns.revenue')} fill="#1976d2" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
          <Card data-testid="commission-costs">
            <CardHeader title={text('old.commission_costs')} titleTypographyProps={{ variant: 'h6' }} />
            <CardContent sx={{ height: 260 }}>
              {data.chart ? (
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={chart}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="day" />
                    <YAxis />
                    <Tooltip formatter={(value) => format.money(Number(value))} />
                    <Legend />
                    <Line type="monotone" dataKey="commission" name={text('old.commission')} stroke="#2e7d32" dot={false} isAnimationActive={false} />
                    <Line type="monotone" dataKey="costs" name={text('old.costs')} stroke="#d32f2f" dot={false} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              ) : <Alert severity="info">{text('old.chart_hint')}</Alert>}
            </CardContent>
          </Card>
        </Box>
      )}
      {data && (
        <Card>
          <CardHeader title={text('old.optimizer_table')} titleTypographyProps={{ variant: 'h6' }} />
          {data.rows.length === 0 ? <CardContent><Alert severity="info">{text('no_optimizers')}</Alert></CardContent> : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="optimizer-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{text('columns.campaign')}</TableCell>
                    {full && <TableCell>{text('columns.health')}</TableCell>}
                    <TableCell>{text('columns.hints')}</TableCell>
                    <TableCell align="right">{text('columns.impressions')}</TableCell>
                    <TableCell align="right">{text('columns.clicks')}</TableCell>
                    <TableCell align="right">{text('columns.sales')}</TableCell>
                    {full && <TableCell align="right">{text('columns.opr')}</TableCell>}
                    {full && <TableCell align="right">{text('columns.revenue')}</TableCell>}
                    {full && <TableCell align="right">{text('columns.costs')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.id} data-campaign={row.campaign.name} sx={{ verticalAlign: 'top' }}>
                      <TableCell sx={{ minWidth: 140 }}>
                        <Stack direction="row" spacing={0.5} alignItems="center">
                          {row.icons && <OptimizerIcon icon={row.icons.optimizer} />}
                          {row.links ? <Link to={`/campaign/${row.campaign._id}`}>{row.campaign.name}</Link> : <span>{row.campaign.name}</span>}
                        </Stack>
                      </TableCell>
                      {full && <TableCell>{row.health && <HealthChip health={row.health} />}</TableCell>}
                      <TableCell sx={{ minWidth: 220 }}><HintChips row={row} /></TableCell>
                      <TableCell align="right">{format.count(row.impressions)}</TableCell>
                      <TableCell align="right">{format.count(row.clicks)}</TableCell>
                      <TableCell align="right">{format.count(row.sales)}</TableCell>
                      {full && <TableCell align="right">{format.decimal(row.opr)}</TableCell>}
                      {full && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{format.money(row.revenue)}</TableCell>}
                      {full && <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{format.money(row.realCosts)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Card>
      )}
      {data && (
        <Card data-testid="access-logs">
          <CardHeader title={text('old.access_logs', { start: formatDay(data.accessLogs.start), end: formatDay(data.accessLogs.end) })} titleTypographyProps={{ variant: 'h6' }} />
          <CardContent>
            {hosts.length === 0 ? <Alert severity="info">{text('old.access_logs_empty')}</Alert> : (
              <>
                <Box sx={{ height: Math.max(200, hosts.length * 22) }}>
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={hosts} layout="vertical" margin={{ left: 40 }}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis type="number" />
                      <YAxis type="category" dataKey="host" width={140} tick={{ fontSize: 11 }} interval={0} />
                      <Tooltip />
                      <Bar dataKey="count" fill="#7b1fa2" isAnimationActive={false} cursor="pointer"
                        onClick={(entry) => navigate(`/accesslogs?search=${encodeURIComponent(String((entry as { host?: string }).host ?? ''))}`)} />
                    </BarChart>
                  </ResponsiveContainer>
                </Box>
                <Typography variant="body2" component="div" sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {hosts.map((entry) => <Link key={entry.host} to={`/accesslogs?search=${encodeURIComponent(entry.host)}`} data-host={entry.host}>{entry.host} ({format.count(entry.count)})</Link>)}
                </Typography>
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
