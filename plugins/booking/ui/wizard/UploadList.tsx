/** The files being uploaded (with progress) and the ones refused (with the reason). */
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { M } from './fields.tsx';
import type { Upload } from './useUploads.ts';

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;

export function UploadList({ uploads, dismiss }: { uploads: Upload[]; dismiss: (id: number) => void }) {
  const translate = useTranslate();
  if (!uploads.length) return null;
  return (
    <Stack spacing={1} data-testid="uploads">
      {uploads.map((entry) => (entry.error ? (
        <Alert key={entry.id} severity="error" action={<IconButton size="small" aria-label={translate('ra.action.close')} onClick={() => dismiss(entry.id)}><CloseIcon fontSize="small" /></IconButton>}>
          <strong>{entry.name}</strong>: {entry.error}
        </Alert>
      ) : (
        <Box key={entry.id} role="progressbar" aria-label={entry.name}>
          <Typography variant="body2">{translate(M('upload.uploading'), { name: entry.name, size: megabytes(entry.size) })}</Typography>
          <LinearProgress sx={{ mt: 0.5 }} />
        </Box>
      )))}
    </Stack>
  );
}
