/** The Create Folder and rename modals (SPEC section 2 "folder create/rename"): one name, saved on Enter or the button. */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { useText } from '../useText.ts';

interface FolderDialogProps {
  mode: 'create' | 'rename';
  initial?: string;
  /** Saves the name; a refusal's message shows at the field. */
  save: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export function FolderDialog({ mode, initial = '', save, onClose }: FolderDialogProps) {
  const text = useText();
  const notify = useNotify();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(name.trim());
      notify(`app.creatives.folder_dialog.${mode === 'create' ? 'created' : 'renamed'}`, { type: 'success', messageArgs: { name: name.trim() } });
      onClose();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="folder-dialog">
      <form onSubmit={submit}>
        <DialogTitle>{text(`folder_dialog.${mode}_title`)}</DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" name="folder-name" label={text('folder_dialog.name')} value={name}
            onChange={(event) => { setName(event.target.value); setError(null); }} error={!!error} helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{text('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !name.trim()}>{text(mode === 'create' ? 'folder_dialog.create' : 'folder_dialog.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
