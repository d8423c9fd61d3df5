/** The range's totals at a glance: impressions, clicks, CTR, conversions, CR and cost (a publisher's earnings, figureNames.ts). */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { conversionsOf, crOf, ctrOf, total, type StatsRow } from './reportApi.ts';
import { useFigureName } from './figureNames.ts';
import { useFormat } from './useReportText.ts';

export function KpiCards({ stats }: { stats: StatsRow[] }) {
  const name = useFigureName();
  const format = useFormat();
  const sums = total(stats);
  const cards = [
    ['impressions', format.count(sums.impressions)],
    ['clicks', format.count(sums.clicks)],
    ['ctr', format.percent(ctrOf(sums))],
    ['conversions', format.count(conversionsOf(sums))],
    ['cr', format.percent(crOf(sums))],
    ['cost', format.euros(sums.cost)],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }} data-testid="kpis">
      {cards.map(([key, value]) => (
        <Card key={key} data-kpi={key}>
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>{name(key)}</Typography>
            <Typography variant="h6" component="p" data-value sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{value}</Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
