/** The file upload modal: images into the open folder, one request each, with the server's refusal per file. */
import { useState } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { creativesApi } from '../api.ts';
import { useText } from '../useText.ts';

interface UploadDialogProps {
  advertiser: string;
  folder: string | null;
  folderName: string;
  onUploaded: () => void;
  onClose: () => void;
}

export function UploadDialog({ advertiser, folder, folderName, onUploaded, onClose }: UploadDialogProps) {
  const text = useText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const send = async (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (!chosen.length) return;
    setBusy(true);
    setRefused([]);
    const failed: { name: string; message: string }[] = [];
    let done = 0;
    for (const file of chosen) {
      try {
        await creativesApi.upload(file, { advertiser, folder });
        done += 1;
      } catch (caught) {
        failed.push({ name: file.name, message: (caught as Error).message });
      }
    }
    setBusy(false);
    setRefused(failed);
    if (done) {
      notify('app.creatives.upload.done', { type: 'success', messageArgs: { smart_count: done } });
      onUploaded();
    }
    if (!failed.length) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="upload-dialog">
      <DialogTitle>{text('upload.title', { folder: folderName })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <CloudUploadIcon color="primary" sx={{ fontSize: 48 }} />
          <Typography color="text.secondary">{text('upload.help', { max: UPLOAD_MAX_BYTES / 1024 / 1024 })}</Typography>
          <Button component="label" variant="contained" disabled={busy} startIcon={<CloudUploadIcon />}>
            {text('upload.choose')}
            <input hidden multiple type="file" name="graphic-files" accept="image/png,image/jpeg,image/gif" onChange={(event) => { send(event.target.files); event.target.value = ''; }} />
          </Button>
          {busy && <LinearProgress sx={{ width: '100%' }} />}
          {refused.map((entry) => <Alert key={entry.name} severity="error" sx={{ width: '100%', textAlign: 'left' }}>{entry.name}: {entry.message}</Alert>)}
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('close')}</Button></DialogActions>
    </Dialog>
  );
}
