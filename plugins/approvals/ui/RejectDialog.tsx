/** The reason of a rejected channel (SPEC section 5): required, cannot be confirmed empty; a comment is optional. */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { REVIEW_COMMENT_MAX, REVIEW_REASON_MAX } from '@adsuite/config/approvals';
import { useText } from './useText.ts';

interface RejectDialogProps {
  name: string;
  channel: string;
  onConfirm: (reason: string, comment: string) => void;
  onCancel: () => void;
}

export function RejectDialog({ name, channel, onConfirm, onCancel }: RejectDialogProps) {
  const text = useText();
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" data-testid="reject-dialog">
      <DialogTitle>{text('reject_title', { channel })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text('reject_intro', { name, channel })}</DialogContentText>
        <TextField
          autoFocus fullWidth required multiline minRows={2} name="reason" label={text('reason')} value={reason}
          onChange={(event) => setReason(event.target.value)} slotProps={{ htmlInput: { maxLength: REVIEW_REASON_MAX } }} sx={{ mb: 2 }}
        />
        <TextField
          fullWidth multiline minRows={2} name="comment" label={text('comment')} value={comment}
          onChange={(event) => setComment(event.target.value)} slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{text('cancel')}</Button>
        <Button name="confirm" variant="contained" color="error" disabled={!reason.trim()} onClick={() => onConfirm(reason.trim(), comment.trim())}>{text('confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
