/**
 * The creative service: from a logo, a product image (PNG or JPG), a slogan and a product name the platform
 * renders the banners itself; the previews are the real banners, each in a frame of its size.
 */
import { useState } from 'react';
import PreviewIcon from '@mui/icons-material/Preview';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, CircularProgress, FormHelperText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CREATIVE_SERVICE_IMAGE_TYPES } from '@adsuite/config/booking/constants';
import type { CreativeService } from './draft.ts';
import { Columns, errorProps, M } from './fields.tsx';
import { UploadList } from './UploadList.tsx';
import { useUploads } from './useUploads.ts';
import { creativeServicePreviews, type Preview } from './wizardApi.ts';

interface Props {
  service: CreativeService;
  onChange: (changes: Partial<CreativeService>) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}

function ImageSlot({ kind, service, onChange, errors, readOnly }: Props & { kind: 'logo' | 'productImage' }) {
  const translate = useTranslate();
  const { uploads, upload, dismiss, uploading } = useUploads();
  const url = service[`${kind}Url`];
  const field = `creativeService.${kind}`;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const stored = await upload(file, kind);
    if (stored) onChange({ [kind]: stored.id, [`${kind}Url`]: stored.url });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, borderColor: errors[field] ? 'error.main' : undefined }} data-field={field}>
      <Typography variant="subtitle2">{translate(M(`service.${kind}`))}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Box sx={{ width: 96, height: 72, bgcolor: 'grey.100', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
          {url ? <img src={url} alt="" style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption" color="text.secondary">PNG / JPG</Typography>}
        </Box>
        <Button component="label" variant="outlined" startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />} disabled={readOnly || uploading}>
          {translate(M(service[kind] ? 'service.replace' : 'service.upload'))}
          <input hidden type="file" name={`service-${kind}`} accept={CREATIVE_SERVICE_IMAGE_TYPES.join(',')} onChange={(event) => choose(event.target.files?.[0])} />
        </Button>
      </Stack>
      <FormHelperText error={Boolean(errors[field])}>{errors[field] ?? translate(M('service.image_help'))}</FormHelperText>
      <Box sx={{ mt: 1 }}><UploadList uploads={uploads} dismiss={dismiss} /></Box>
    </Paper>
  );
}

export function CreativeServiceForm(props: Props) {
  const translate = useTranslate();
  const { service, onChange, errors, readOnly } = props;
  const [previews, setPreviews] = useState<Preview[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState('');
  const ready = Boolean(service.logo && service.productImage && service.slogan.trim() && service.productName.trim());
  const preview = async () => {
    setLoading(true);
    setProblem('');
    try {
      setPreviews(await creativeServicePreviews(service));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack spacing={2.5}>
      <Columns>
        <ImageSlot kind="logo" {...props} />
        <ImageSlot kind="productImage" {...props} />
        <TextField name="creativeService.slogan" label={translate(M('service.slogan'))} value={service.slogan} disabled={readOnly} required
          onChange={(event) => onChange({ slogan: event.target.value })} slotProps={{ htmlInput: { maxLength: 90 } }} {...errorProps(errors, 'creativeService.slogan')} />
        <TextField name="creativeService.productName" label={translate(M('service.productName'))} value={service.productName} disabled={readOnly} required
          onChange={(event) => onChange({ productName: event.target.value })} slotProps={{ htmlInput: { maxLength: 60 } }} {...errorProps(errors, 'creativeService.productName')} />
      </Columns>
      <Box>
        <Button variant="contained" color="secondary" startIcon={loading ? <CircularProgress size={16} color="inherit" /> : <PreviewIcon />} disabled={!ready || loading} onClick={preview}>
          {translate(M('service.preview'))}
        </Button>
        {!ready && <FormHelperText>{translate(M('service.preview_needs'))}</FormHelperText>}
      </Box>
      {problem && <Alert severity="error">{problem}</Alert>}
      {previews && previews.length === 0 && <Alert severity="info">{translate(M('service.no_previews'))}</Alert>}
      {previews && previews.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }} data-testid="service-previews">
          {previews.map((entry) => (
            <Box key={`${entry.width}x${entry.height}`}>
              <Typography variant="caption" color="text.secondary">{entry.width}x{entry.height}</Typography>
              <iframe src={entry.url} title={`${entry.width}x${entry.height}`} width={entry.width} height={entry.height} sandbox="allow-scripts"
                style={{ display: 'block', border: '1px solid rgba(0, 0, 0, 0.12)', background: '#fff' }} />
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
