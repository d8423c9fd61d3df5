/** 'Line item cannot be saved': the server's reason, and the option to save anyway and activate later. */
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';

interface ForceSaveDialogProps {
  reason: string | null;
  busy: boolean;
  onClose: () => void;
  onForce: () => void;
}

export function ForceSaveDialog({ reason, busy, onClose, onForce }: ForceSaveDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={reason !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('app.lineitems.cannot_save')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="lineitem-refused">{translate('app.lineitems.cannot_save_intro', { message: reason ?? '' })}</Alert>
        <Typography>{translate('app.lineitems.force_intro')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button label="app.action.forget_it" onClick={onClose} />
        <Button label="app.lineitems.force_save" variant="contained" color="warning" disabled={busy} onClick={onForce} data-action="force-save" />
      </DialogActions>
    </Dialog>
  );
}
