/**
 * The last look before a manual entry is booked: advertiser, kind, amount, reason and the balance before and
 * after. While it books, the buttons wait with a spinner; an error that names no form field stays in the dialog,
 * so the same entry can be tried again (with the same key, so it still books once).
 */
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { ManualEntry } from './financesApi.ts';
import { balanceAfter } from './manualEntry.ts';
import { formatEuro } from './money.ts';
import { useConfirmation } from './useConfirmation.ts';
import { useText } from './useText.ts';

interface Props {
  advertiser: string;
  balance: number;
  entry: ManualEntry;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

export function ConfirmEntryDialog({ advertiser, balance, entry, onConfirm, onCancel }: Props) {
  const text = useText();
  const { busy, error, confirm } = useConfirmation(onConfirm);
  const signed = entry.direction === 'credit' ? entry.amount : -entry.amount;
  const lines: [string, string, boolean?][] = [
    [text('manual.advertiser'), advertiser],
    [text('manual.direction'), text(`manual.${entry.direction}`)],
    [text('ledger.amount'), `${signed > 0 ? '+' : ''}${formatEuro(signed)}`],
    [text('manual.reason'), entry.reason],
    [text('manual.balance_now'), formatEuro(balance)],
    [text('manual.balance_after'), formatEuro(balanceAfter(balance, entry)), true],
  ];
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby="confirm-entry-title" data-testid="confirm-entry">
      <DialogTitle id="confirm-entry-title">{text('manual.confirm_title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{text(`manual.confirm_${entry.direction}`, { amount: formatEuro(entry.amount), advertiser })}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
          {lines.map(([label, value, strong]) => (
            <Box key={label} sx={{ display: 'contents', '& > *': { fontWeight: strong ? 600 : 400 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{value}</Typography>
            </Box>
          ))}
        </Box>
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>{text('manual.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {busy ? text('manual.booking') : text('manual.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
