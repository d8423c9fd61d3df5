/** An image placeholder of the generator: one of the advertiser's graphics (with its preview), or a new upload into its library. */
import { useState } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Box, IconButton, ListItemIcon, ListItemText, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { useNotify } from 'react-admin';
import { creativesApi, type GeneratorStart } from '../api.ts';
import { useText } from '../useText.ts';

type Image = GeneratorStart['images'][number];

interface ImageFieldProps {
  name: string;
  label: string;
  value: string;
  images: Image[];
  advertiser: string;
  error?: string;
  onChange: (file: string) => void;
  onUploaded: (image: Image) => void;
}

export function ImageField({ name, label, value, images, advertiser, error, onChange, onUploaded }: ImageFieldProps) {
  const text = useText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const graphic = await creativesApi.upload(file, { advertiser, folder: null });
      const image = { file: graphic.url.split('/').pop()!, graphic: graphic.id, name: graphic.name, url: graphic.url, width: graphic.width, height: graphic.height };
      onUploaded(image);
      onChange(image.file);
    } catch (caught) {
      notify((caught as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField select fullWidth size="small" name={name} label={label} value={images.some((image) => image.file === value) ? value : ''}
        onChange={(event) => onChange(event.target.value)} error={!!error} helperText={error}
        slotProps={{ select: { displayEmpty: true, renderValue: (file) => images.find((image) => image.file === file)?.name ?? text('generator.no_image') }, inputLabel: { shrink: true } }}>
        <MenuItem value=""><ListItemText primary={text('generator.no_image')} /></MenuItem>
        {images.map((image) => (
          <MenuItem key={image.file} value={image.file} data-image={image.name}>
            <ListItemIcon><Box component="img" src={image.url} alt="" sx={{ height: 28, maxWidth: 48, objectFit: 'contain' }} /></ListItemIcon>
            <ListItemText primary={image.name} secondary={image.width && image.height ? `${image.width}x${image.height}` : undefined} />
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={text('generator.upload_image')}>
        <span>
          <IconButton component="label" disabled={busy} aria-label={text('generator.upload_image')}>
            <CloudUploadIcon />
            <input hidden type="file" name={`${name}-upload`} accept="image/png,image/jpeg,image/gif" onChange={(event) => { upload(event.target.files?.[0]); event.target.value = ''; }} />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
