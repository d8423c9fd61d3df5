/**
 * The header card of the statistics screens: overline, the campaign's name, a line below it, the actions
 * (downloads, subscriptions, ...) and the date range with the controls beside it (the comparison); a bar while
 * figures load.
 */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { DayRangePicker, type DayRange } from '@adsuite/admin/kit';

export function ReportHeader({ overline, name, subtitle, range, onRange, fetching, actions, controls, loadingId }: {
  overline: string; name: string | undefined; subtitle?: ReactNode; range: DayRange; onRange: (range: DayRange) => void;
  fetching: boolean; actions?: ReactNode; controls?: ReactNode; loadingId: string;
}) {
  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ xs: 'stretch', md: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">{overline}</Typography>
            <Typography variant="h5" component="h1" data-testid="campaign-name" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{name ?? '\u00a0'}</Typography>
            {subtitle}
          </Box>
          {actions && <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ flexShrink: 0 }}>{actions}</Stack>}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 3 }} alignItems={{ xs: 'flex-start', md: 'center' }} sx={{ mt: 2 }}>
          <Box><DayRangePicker range={range} onChange={onRange} /></Box>
          {controls}
        </Stack>
      </CardContent>
      {fetching && <LinearProgress data-testid={loadingId} />}
    </Card>
  );
}
