/** Staff's refund of events charged when tracked (issue 33 "Who decides"): a reason is required and kept in the activity log. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { REFUND_REASON_MAX } from '@adsuite/config/approvals';
import { useText } from './useText.ts';

interface RefundDialogProps {
  count: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

export function RefundDialog({ count, busy, onConfirm, onCancel }: RefundDialogProps) {
  const text = useText();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" data-testid="refund-dialog">
      <DialogTitle>{text('events.refund_title')}{count > 1 ? ` (${count})` : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text('events.refund_intro')}</DialogContentText>
        <TextField
          autoFocus fullWidth required multiline minRows={2} name="reason" label={text('events.refund_reason')} value={reason}
          onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{text('cancel')}</Button>
        <Button name="confirm-refund" variant="contained" color="error" disabled={busy || !reason.trim()} onClick={() => onConfirm(reason.trim())}>
          {text('events.refund_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
