/** The CRR modal (SPEC section 2): a campaign's cost-revenue days, newest first (the last 30). */
import { useQuery } from '@tanstack/react-query';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow,
} from '@mui/material';
import { formatDay } from '@adsuite/admin/kit';
import { crrDays, type DashboardRow } from './optimizerApi.ts';
import { useFormats, useText } from './format.ts';
import { ratio } from './rules.ts';

export function CrrDialog({ row, onClose }: { row: DashboardRow; onClose: () => void }) {
  const text = useText();
  const format = useFormats();
  const { data, error, isLoading } = useQuery({ queryKey: ['optimizer', 'crr', row.campaign._id], queryFn: () => crrDays(row.campaign._id) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="crr-title">
      <DialogTitle id="crr-title">{text('crr.title', { campaign: row.campaign.name })}</DialogTitle>
      <DialogContent>
        {isLoading && <LinearProgress />}
        {error && <Alert severity="error">{(error as Error).message}</Alert>}
        {data && data.length === 0 && <Alert severity="info">{text('crr.empty')}</Alert>}
        {data && data.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="crr-days">
              <TableHead>
                <TableRow>
                  {['day', 'impressions', 'clicks', 'conversions', 'revenue', 'cost', 'ratio'].map((key) => <TableCell key={key} align={key === 'day' ? 'left' : 'right'}>{text(`crr.${key}`)}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((day) => (
                  <TableRow key={day.id}>
                    <TableCell>{formatDay(day.day)}</TableCell>
                    <TableCell align="right">{format.count(day.impressions)}</TableCell>
                    <TableCell align="right">{format.count(day.clicks)}</TableCell>
                    <TableCell align="right">{format.count(day.conversions)}</TableCell>
                    <TableCell align="right">{format.money(day.totalRevenue)}</TableCell>
                    <TableCell align="right">{format.money(day.totalCost)}</TableCell>
                    <TableCell align="right">{format.percent(ratio(day.totalCost, day.totalRevenue))}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{text('mct.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
