/**
 * Expert Analytics' invalid traffic (config/invalidTraffic.ts): how many views, clicks and conversions of the range
 * were invalid (never billed, in none of the figures above), their share of every event, and per reason, most first.
 */
import { Card, CardContent, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { INVALID_REASON_LABELS } from '@adsuite/config/invalidTraffic';
import type { ExpertStats } from './expertApi.ts';
import { useExpertText, useFormat } from './useExpertText.ts';

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export function InvalidTraffic({ invalid }: { invalid: ExpertStats['invalid'] }) {
  const text = useExpertText();
  const format = useFormat();
  const sum = (key: 'impressions' | 'clicks' | 'conversions') => invalid.reasons.reduce((total, row) => total + row[key], 0);
  return (
    <Card data-testid="invalid-traffic">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{text('invalid.title')}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="invalid-summary" sx={{ mb: 1 }}>
          {invalid.count > 0 ? text('invalid.summary', { count: format.count(invalid.count), share: format.percent(invalid.share) }) : text('invalid.none')}
        </Typography>
        {invalid.reasons.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" data-table="invalid-reasons">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{text('invalid.reason')}</TableCell>
                  <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('invalid.impressions')}</TableCell>
                  <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('invalid.clicks')}</TableCell>
                  <TableCell sx={{ ...numeric, fontWeight: 600 }}>{text('invalid.conversions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invalid.reasons.map((row) => (
                  <TableRow key={row.reason} data-row={row.reason}>
                    <TableCell data-col="reason">{INVALID_REASON_LABELS[row.reason]?.[format.language] ?? row.reason}</TableCell>
                    <TableCell data-col="impressions" sx={numeric}>{format.count(row.impressions)}</TableCell>
                    <TableCell data-col="clicks" sx={numeric}>{format.count(row.clicks)}</TableCell>
                    <TableCell data-col="conversions" sx={numeric}>{format.count(row.conversions)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow data-row="total" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: '0.875rem', borderBottom: 'none' } }}>
                  <TableCell>{text('invalid.total')}</TableCell>
                  <TableCell data-col="impressions" sx={numeric}>{format.count(sum('impressions'))}</TableCell>
                  <TableCell data-col="clicks" sx={numeric}>{format.count(sum('clicks'))}</TableCell>
                  <TableCell data-col="conversions" sx={numeric}>{format.count(sum('conversions'))}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
