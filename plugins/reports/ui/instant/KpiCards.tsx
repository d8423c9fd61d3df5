/**
 * The range's totals at a glance: impressions, clicks, CTR, conversions, CR and cost (a publisher's earnings,
 * figureNames.ts); with the previous period, each with its change in percent and the previous period's figure.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Change } from '../shared/Freshness.tsx';
import { useToolText } from '../shared/useToolText.ts';
import { conversionsOf, crOf, ctrOf, total, type Figures, type StatsRow } from './reportApi.ts';
import { useFigureName } from './figureNames.ts';
import { useFormat } from './useReportText.ts';

const KPIS = ['impressions', 'clicks', 'ctr', 'conversions', 'cr', 'cost'] as const;
type Kpi = (typeof KPIS)[number];

const valuesOf = (sums: Figures): Record<Kpi, number> => ({
  impressions: sums.impressions, clicks: sums.clicks, ctr: ctrOf(sums), conversions: conversionsOf(sums), cr: crOf(sums), cost: sums.cost,
});

export function KpiCards({ stats, previous }: { stats: StatsRow[]; previous?: Figures | null }) {
  const name = useFigureName();
  const tools = useToolText();
  const format = useFormat();
  const now = valuesOf(total(stats));
  const before = previous ? valuesOf(previous) : null;
  const shown = (key: Kpi, value: number) => (key === 'ctr' || key === 'cr' ? format.percent(value) : key === 'cost' ? format.euros(value) : format.count(value));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }} data-testid="kpis">
      {KPIS.map((key) => (
        <Card key={key} data-kpi={key}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>{name(key)}</Typography>
            <Stack direction="row" spacing={1} alignItems="baseline" flexWrap="wrap" useFlexGap>
              <Typography variant="h6" component="p" data-value sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{shown(key, now[key])}</Typography>
              {before && <Change current={now[key]} previous={before[key]} />}
            </Stack>
            {before && (
              <Typography variant="caption" color="text.secondary" component="p" data-previous sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {tools('previous_value', { value: shown(key, before[key]) })}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
