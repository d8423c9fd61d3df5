/**
 * The confirmation step a card may ask for (3-D Secure style; sandbox card 4000 0027 6000 3184): the payment
 * waits as `requires_confirmation` until the user confirms it here. Cancelling charges nothing.
 */
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useConfirmation } from './useConfirmation.ts';
import { useText } from './useText.ts';

interface Props {
  /** What the card will be charged, formatted. */
  amount: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

export function ConfirmPaymentDialog({ amount, onConfirm, onCancel }: Props) {
  const text = useText();
  const { busy, error, confirm } = useConfirmation(onConfirm);
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth aria-labelledby="confirm-payment-title">
      <DialogTitle id="confirm-payment-title">
        <Stack direction="row" spacing={1} alignItems="center"><LockIcon color="primary" /><span>{text('confirm.title')}</span></Stack>
      </DialogTitle>
      <DialogContent>
        <Typography>{text('confirm.text', { amount })}</Typography>
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>{text('confirm.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {text('confirm.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
