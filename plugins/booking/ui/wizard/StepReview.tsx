/**
 * Step 4, review: everything chosen, the cost per channel with the programmatic fee, the estimated clicks
 * (budget / 2.5) and whether the budget covers every channel's daily minimum.
 */
import type { ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import {
  Alert, Box, Button, Paper, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { formatDay } from '@adsuite/admin/kit';
import { formatEuros } from '@adsuite/config/i18n/format';
import { formatFee, reviewCosts, type BookingCosts } from './costs.ts';
import type { BookingDraft } from './draft.ts';
import { M, toLines, useValueLabel } from './fields.tsx';
import { markerLabel } from './Locations.tsx';

function Facts({ title, step, onEdit, rows }: { title: string; step: number; onEdit?: (step: number) => void; rows: [string, ReactNode][] }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>{translate(title)}</Typography>
        {onEdit && <Button size="small" onClick={() => onEdit(step)}>{translate('ra.action.edit')}</Button>}
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, 40%) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">{translate(M(`fields.${label}`))}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value || '–'}</Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function CostTable({ draft, costs }: { draft: BookingDraft; costs: BookingCosts | null }) {
  const translate = useTranslate();
  const summary = reviewCosts(draft, costs);
  const perDay = summary.dailyBudget !== null;
  const unit = ` ${translate(M('per_day'))}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="costs">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate(M('sections.costs'))}</Typography>
      <Typography variant="body2" color="text.secondary">
        {summary.days === null ? translate(M('costs.open_runtime')) : translate(M('costs.runtime'), { smart_count: summary.days })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['channel', ...(perDay ? ['daily'] : []), 'budget', 'fee', 'net', 'minimum'].map((column) => (
              <TableCell key={column} align={column === 'channel' ? 'left' : 'right'}>{translate(M(`costs.${column}`))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.channels.map((line) => (
            <TableRow key={line.channel} data-channel={line.channel}>
              <TableCell>{line.name}</TableCell>
              {perDay && <TableCell align="right">{formatEuros(line.dailyBudget ?? 0)}{unit}</TableCell>}
              <TableCell align="right">{formatEuros(line.budget)}</TableCell>
              <TableCell align="right">{formatEuros(line.fee)} ({formatFee(channelByKey[line.channel]?.programmaticFee ?? 0)})</TableCell>
              <TableCell align="right">{formatEuros(line.net)}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  <span>{formatEuros(line.minimum)}{perDay || summary.days === null ? unit : ''}</span>
                  {line.covered ? <CheckCircleIcon color="success" fontSize="small" /> : <ErrorIcon color="error" fontSize="small" />}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{translate(M('costs.total'))}</TableCell>
            {perDay && <TableCell align="right" sx={{ fontWeight: 600 }}>{formatEuros(summary.dailyBudget ?? 0)}{unit}</TableCell>}
            <TableCell align="right" sx={{ fontWeight: 600 }}>{formatEuros(summary.total)}</TableCell>
            <TableCell colSpan={3} align="right">{translate(M('costs.clicks'), { smart_count: summary.estimatedClicks })}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <Alert sx={{ mt: 2 }} severity={summary.minimumCovered ? 'success' : 'warning'} data-testid="minimum-check">
        {translate(M(summary.minimumCovered ? 'costs.minimum_covered' : 'costs.minimum_not_covered'))}
      </Alert>
    </Paper>
  );
}

export function StepReview({ draft, costs, onEdit }: { draft: BookingDraft; costs: BookingCosts | null; onEdit?: (step: number) => void }) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  const list = (group: string, values: string[]) => (values.length ? values.map((value) => labelOf(group, value)).join(', ') : translate(M('all')));
  const budget = draft.dailyBudget !== null
    ? `${formatEuros(draft.dailyBudget)} ${translate(M('per_day'))}`
    : formatEuros(draft.budget ?? 0);
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Facts title={M('steps.general')} step={0} onEdit={onEdit} rows={[
          ['name', draft.name],
          ['goal', `${labelOf('goal', draft.goal)}${draft.goalValue !== null ? ` · ${draft.goalValue}` : ''}`],
          ['budget_short', budget],
          ['runtime', `${formatDay(draft.start)} – ${draft.continously ? translate(M('never_ends')) : formatDay(draft.end)}`],
          ['channels', draft.channels.map((key) => channelByKey[key]?.name ?? key).join(', ')],
          ['splitBudget', translate(draft.splitBudget ? 'ra.boolean.true' : 'ra.boolean.false')],
          ['pacing', labelOf('pacing', draft.pacing)],
          ['specialCategory', labelOf('specialCategory', draft.specialCategory)],
          ['callToAction', labelOf('callToAction', draft.callToAction)],
        ]} />
        <Facts title={M('steps.target')} step={1} onEdit={onEdit} rows={[
          ['target', draft.target],
          ['gender', labelOf('gender', draft.gender)],
          ['age', list('age', draft.age)],
          ['income', list('income', draft.income)],
          ['markers', draft.markers.map(markerLabel).join(', ')],
          ['countries', draft.countries.join(', ')],
          ['domains', translate(M('domains_count'), { smart_count: toLines(draft.domains).length })],
          ['blacklist', toLines(draft.blacklist).join(', ')],
          ['cdpSegments', translate(M('count'), { smart_count: draft.cdpSegments.length })],
          ['categories', translate(M('count'), { smart_count: draft.categories.length })],
          ['retargeting', translate(draft.retargeting ? 'ra.boolean.true' : 'ra.boolean.false')],
        ]} />
      </Box>
      <Facts title={M('steps.creatives')} step={2} onEdit={onEdit} rows={draft.creativeService
        ? [['service', `${draft.creativeService.productName} – „${draft.creativeService.slogan}“`]]
        : [['creatives', draft.creatives.map((creative) => `${creative.name} (${labelOf('bannerType', creative.bannerType)} → ${creative.channels.map((key) => channelByKey[key]?.name ?? key).join(', ')})`).join('; ')]]} />
      <CostTable draft={draft} costs={costs} />
    </Stack>
  );
}
