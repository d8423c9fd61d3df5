/**
 * /affiliate, the affiliate dashboard (SPEC section 2, second variant): the filter bar (campaigns, kept in the
 * `campaign` query parameter; none = all), the period, Problems View and Extended View, Filter Actions (Info,
 * Warning, Danger), and a row per optimizer with its health, hints, figures, links, the MCT calculator and the CRR
 * days. The server leaves out what the role may not see (SPEC section 6), so columns show when rows carry them.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Autocomplete, Box, Button, Card, CardContent, Checkbox, FormControlLabel, LinearProgress, ListItemText, Menu, MenuItem, Stack, Switch, Table,
  TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Title, useNotify, useTranslate } from 'react-admin';
import { DayRangePicker, RANGE_SHORTCUTS, type DayRange } from '@adsuite/admin/kit';
import { optimizerCampaigns, rerunCrr, secondDashboard, type DashboardRow, type HintLevel } from './optimizerApi.ts';
import { isShown, LEVELS } from './rules.ts';
import { useFormats, useText } from './format.ts';
import { HealthChip, HintChips } from './HintChips.tsx';
import { OptimizerIcon } from './OptimizerIcon.tsx';
import { MctDialog } from './MctDialog.tsx';
import { CrrDialog } from './CrrDialog.tsx';

function FilterActions({ levels, onChange }: { levels: HintLevel[]; onChange: (levels: HintLevel[]) => void }) {
  const text = useText();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (level: HintLevel) => onChange(levels.includes(level) ? levels.filter((l) => l !== level) : [...levels, level]);
  return (
    <>
      <Button variant="outlined" startIcon={<FilterListIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" data-testid="filter-actions">
        {text('filter_actions')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LEVELS.map((level) => (
          <MenuItem key={level} onClick={() => toggle(level)} data-level={level}>
            <Checkbox size="small" checked={levels.includes(level)} sx={{ p: 0, mr: 1 }} />
            <ListItemText>{text(`levels.${level}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function RowLinks({ row }: { row: DashboardRow }) {
  const text = useText();
  if (!row.links) return null;
  return (
    <Stack direction="row" flexWrap="wrap" gap={0.5} sx={{ minWidth: 160 }}>
      {row.links.map((link) => (
        <Button key={link.to} size="small" component={Link} to={link.to} sx={{ minWidth: 0, px: 0.5, textTransform: 'none' }}>{text(`links.${link.type}`)}</Button>
      ))}
    </Stack>
  );
}

export function AffiliateDashboard() {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormats();
  const [params, setParams] = useSearchParams();
  const chosen = (params.get('campaign') ?? '').split(',').filter(Boolean);
  const [range, setRange] = useState<DayRange>(RANGE_SHORTCUTS.yesterday());
  const [problemsView, setProblemsView] = useState(false);
  const [extended, setExtended] = useState(false);
  const [ignoreSticky, setIgnoreSticky] = useState(false);
  const [levels, setLevels] = useState<HintLevel[]>([...LEVELS]);
  const [mctRow, setMctRow] = useState<DashboardRow | null>(null);
  const [crrRow, setCrrRow] = useState<DashboardRow | null>(null);
  const campaigns = useQuery({ queryKey: ['optimizer', 'campaigns'], queryFn: optimizerCampaigns });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['optimizer', 'dashboard2', range.start, range.end, chosen.join(','), ignoreSticky],
    queryFn: ({ signal }) => secondDashboard(range.start, range.end, chosen, ignoreSticky, signal),
  });
  const rows = data?.rows ?? [];
  const shown = rows.filter((row) => isShown(row, levels, problemsView));
  const full = rows.some((row) => row.health !== undefined);
  const rerun = async () => {
    try {
      notify((await rerunCrr()).message, { type: 'success' });
      void refetch();
    } catch {
      notify(text('rerun_failed'), { type: 'error' });
    }
  };
  const setCampaigns = (ids: string[]) => {
    const next = new URLSearchParams(params);
    if (ids.length) next.set('campaign', ids.join(','));
    else next.delete('campaign');
    setParams(next, { replace: true });
  };
  const numberCell = (value: string) => <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{value}</TableCell>;

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.affiliate.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
              <Autocomplete
                multiple size="small" sx={{ minWidth: { md: 320 }, flex: 1 }}
                options={campaigns.data ?? []} getOptionLabel={(option) => option.name} isOptionEqualToValue={(a, b) => a._id === b._id}
                value={(campaigns.data ?? []).filter((c) => chosen.includes(c._id))}
                onChange={(_, value) => setCampaigns(value.map((c) => c._id))}
                renderInput={(input) => <TextField {...input} name="campaign" label={text('campaigns')} placeholder={chosen.length ? '' : text('campaigns_all')} />}
              />
              <DayRangePicker range={range} onChange={setRange} />
            </Stack>
            <Stack direction="row" flexWrap="wrap" gap={1} alignItems="center">
              <FormControlLabel control={<Switch checked={problemsView} onChange={(e) => setProblemsView(e.target.checked)} name="problems" />} label={text('problems_view')} />
              <FormControlLabel control={<Switch checked={extended} onChange={(e) => setExtended(e.target.checked)} name="extended" />} label={text('extended_view')} />
              <FormControlLabel control={<Switch checked={ignoreSticky} onChange={(e) => setIgnoreSticky(e.target.checked)} name="ignoresticky" />} label={text('ignore_sticky')} />
              <FilterActions levels={levels} onChange={setLevels} />
              <Box sx={{ flex: 1 }} />
              <Button size="small" onClick={rerun} data-testid="crr-rerun">{text('rerun')}</Button>
            </Stack>
          </Stack>
        </CardContent>
        {isFetching && <LinearProgress />}
      </Card>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {data && rows.length === 0 && <Alert severity="info">{text('no_optimizers')}</Alert>}
      {data && rows.length > 0 && shown.length === 0 && <Alert severity="info">{text('empty')}</Alert>}
      {shown.length > 0 && (
        <Card>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>{text('shown', { shown: shown.length, total: rows.length })}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="optimizer-table">
              <TableHead>
                <TableRow>
                  <TableCell>{text('columns.campaign')}</TableCell>
                  {full && <TableCell>{text('columns.health')}</TableCell>}
                  <TableCell>{problemsView ? text('columns.problems') : text('columns.hints')}</TableCell>
                  <TableCell align="right">{text('columns.impressions')}</TableCell>
                  <TableCell align="right">{text('columns.clicks')}</TableCell>
                  <TableCell align="right">{text('columns.ctr')}</TableCell>
                  <TableCell align="right">{text('columns.sales')}</TableCell>
                  <TableCell align="right">{text('columns.cr')}</TableCell>
                  {full && <TableCell align="right">{text('columns.opr')}</TableCell>}
                  {full && <TableCell align="right">{text('columns.revenue')}</TableCell>}
                  {full && <TableCell align="right">{text('columns.costs')}</TableCell>}
                  {extended && (
                    <>
                      <TableCell align="right">{text('columns.users')}</TableCell>
                      <TableCell align="right">{text('columns.ms')}</TableCell>
                      <TableCell>{text('columns.network')}</TableCell>
                      <TableCell align="right">{text('columns.network_sales')}</TableCell>
                      <TableCell align="right">{text('columns.network_share')}</TableCell>
                      <TableCell align="right">{text('columns.product_events')}</TableCell>
                      <TableCell align="right">{text('columns.product_ids')}</TableCell>
                      <TableCell align="right">{text('columns.products_suited')}</TableCell>
                      {full && <TableCell align="right">{text('columns.order_value')}</TableCell>}
                      {full && <TableCell align="right">{text('columns.crr')}</TableCell>}
                    </>
                  )}
                  <TableCell align="right">{text('columns.mct')}</TableCell>
                  {full && <TableCell>{text('columns.links')}</TableCell>}
                  <TableCell>{text('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((row) => (
                  <TableRow key={row.id} data-campaign={row.campaign.name} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ minWidth: 140 }}>
                      <Stack direction="row" spacing={0.5} alignItems="center">
                        {row.icons && <OptimizerIcon icon={row.icons.optimizer} />}
                        <span>{row.campaign.name}</span>
                      </Stack>
                    </TableCell>
                    {full && <TableCell>{row.health && <HealthChip health={row.health} />}</TableCell>}
                    <TableCell sx={{ minWidth: 220 }}>
                      {problemsView
                        ? (row.problems.length ? row.problems.map((p) => <Typography key={p.code} variant="body2" data-problem={p.code}>{p.message}</Typography>) : text('no_problems'))
                        : <HintChips row={row} />}
                    </TableCell>
                    {numberCell(format.count(row.impressions))}
                    {numberCell(format.count(row.clicks))}
                    {numberCell(format.percent(row.clickThroughRate))}
                    {numberCell(format.count(row.sales))}
                    {numberCell(format.percent(row.mct_pcConversionRate))}
                    {full && numberCell(format.decimal(row.opr))}
                    {full && numberCell(format.money(row.revenue))}
                    {full && numberCell(format.money(row.realCosts))}
                    {extended && (
                      <>
                        {numberCell(format.count(row.uniqueUsers))}
                        {numberCell(format.percent(row.mct_marketShare))}
                        <TableCell>{row.revenueSource ? format.label(row.revenueSource) : '–'}</TableCell>
                        {numberCell(format.count(row.networkConversions))}
                        {numberCell(format.percent(row.networkMarketshare))}
                        {numberCell(format.percent(row.productEvents))}
                        {numberCell(format.percent(row.productsHaveIds))}
                        {numberCell(format.percent(row.productsSuited))}
                        {full && numberCell(format.money(row.ordervalue))}
                        {full && numberCell(`${format.money(row.crrCost)} / ${format.money(row.crrRevenue)}`)}
                      </>
                    )}
                    {numberCell(format.decimal(row.optimizer.mct))}
                    {full && <TableCell><RowLinks row={row} /></TableCell>}
                    <TableCell>
                      <Stack spacing={0.5} alignItems="flex-start">
                        <Button size="small" variant="outlined" onClick={() => setMctRow(row)} sx={{ whiteSpace: 'nowrap' }}>{text('mct_button')}</Button>
                        <Button size="small" onClick={() => setCrrRow(row)}>{text('crr_button')}</Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Card>
      )}
      {mctRow && <MctDialog row={mctRow} range={range} onClose={() => setMctRow(null)} onSaved={() => void refetch()} />}
      {crrRow && <CrrDialog row={crrRow} onClose={() => setCrrRow(null)} />}
    </Stack>
  );
}
