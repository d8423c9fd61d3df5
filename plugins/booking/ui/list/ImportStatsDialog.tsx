/** The import stats modal (SPEC section 2 "import stats", section 7): total, created, failed, and each refused line with its errors. */
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ImportStats {
  total: number;
  created: number;
  failed: number;
  errors: { name: string; line: number; errors: { field: string; message: string }[] }[];
}

const T = (key: string) => `app.booking_import.${key}`;

export function ImportStatsDialog({ stats, onClose }: { stats: ImportStats; onClose: () => void }) {
  const translate = useTranslate();
  const figures = [['total', stats.total], ['created', stats.created], ['failed', stats.failed]] as const;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="import-stats">
      <DialogTitle>{translate(T('stats_title'))}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          {figures.map(([key, value]) => (
            <Box key={key} sx={{ flex: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, textAlign: 'center' }} data-figure={key}>
              <Typography variant="h5" color={key === 'failed' && value ? 'error' : key === 'created' && value ? 'success.main' : 'text.primary'}>{value}</Typography>
              <Typography variant="body2" color="text.secondary">{translate(T(key))}</Typography>
            </Box>
          ))}
        </Stack>
        {stats.errors.length === 0
          ? <Alert severity="success">{translate(T('all_created'))}</Alert>
          : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="import-errors">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(T('line'))}</TableCell>
                    <TableCell>{translate(T('name'))}</TableCell>
                    <TableCell>{translate(T('errors'))}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {stats.errors.map((entry) => (
                    <TableRow key={entry.line} data-line={entry.line}>
                      <TableCell>{entry.line}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word', minWidth: 96 }}>{entry.name}</TableCell>
                      <TableCell>{entry.errors.map((error, index) => <Typography key={index} variant="body2">{error.field ? `${error.field}: ` : ''}{error.message}</Typography>)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('ra.action.close')}</Button></DialogActions>
    </Dialog>
  );
}
