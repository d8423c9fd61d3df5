/**
 * The range's totals above the top chart (views, clicks, conversions, CTR, cost, the invalid share) and when the
 * figures are of; with the previous period, each total's change in percent (green up, red down, '–' when the
 * previous figure is 0; for the invalid share a rise is red) and the previous period's figure.
 */
import { Box, Stack, Typography } from '@mui/material';
import { periodChange } from '@adsuite/config/i18n/format';
import type { Figures } from './dashboardApi.ts';
import { useFormat, useText } from './useText.ts';

const TOTALS = ['impressions', 'clicks', 'conversions', 'ctr', 'cost', 'invalidShare'] as const;
/** Totals whose rise is bad news. */
const LOWER_IS_BETTER: readonly Total[] = ['invalidShare'];
type Total = (typeof TOTALS)[number];

export function DataAsOf({ value }: { value: string | null | undefined }) {
  const text = useText();
  const format = useFormat();
  if (!value) return null;
  return <Typography variant="body2" color="text.secondary" data-testid="data-as-of" data-value={value}>{text('chart.data_as_of', { time: format.moment(value) })}</Typography>;
}

function Change({ current, previous, lowerIsBetter }: { current: number; previous: number; lowerIsBetter: boolean }) {
  const text = useText();
  const format = useFormat();
  const change = periodChange(current, previous);
  const better = change !== null && (lowerIsBetter ? change < 0 : change > 0);
  const color = change === null || change === 0 ? 'text.secondary' : better ? 'success.main' : 'error.main';
  return (
    <Typography component="span" variant="body2" title={text('chart.change')} data-change={change ?? ''} sx={{ color, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
      {format.change(change)}
    </Typography>
  );
}

export function PeriodTotals({ totals, previous }: { totals: Figures; previous?: Figures | null }) {
  const text = useText();
  const format = useFormat();
  const shown = (key: Total, value: number) => (key === 'ctr' || key === 'invalidShare' ? format.percent(value) : key === 'cost' ? format.money(value) : format.count(value));
  return (
    <Box data-testid="totals" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } }}>
      {TOTALS.map((key) => (
        <Box key={key} data-total={key} title={key === 'invalidShare' ? text('figures.invalid_share_hint') : undefined}>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>{text(`figures.${key}`)}</Typography>
          <Stack direction="row" spacing={1} alignItems="baseline" flexWrap="wrap" useFlexGap>
            <Typography variant="h6" component="p" data-value sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{shown(key, totals[key])}</Typography>
            {previous && <Change current={totals[key]} previous={previous[key]} lowerIsBetter={LOWER_IS_BETTER.includes(key)} />}
          </Stack>
          {previous && (
            <Typography variant="caption" color="text.secondary" component="p" data-previous sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {text('chart.previous_value', { value: shown(key, previous[key]) })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
