/**
 * The ad preview modal (SPEC section 2 "ad preview (search-ad headlines/descriptions, ad code, image or frame;
 * default size 60 px)"): a search ad's headlines and descriptions, an ad code's code, and any banner as the ad
 * server frames it, 60 px high by default or at its real size.
 */
import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { ScaledFrame } from '../banner/ScaledFrame.tsx';
import { useText } from '../useText.ts';

/** SPEC section 9: the ad preview's default size. */
export const PREVIEW_HEIGHT = 60;

export interface PreviewedBanner {
  id: string;
  name: string;
  bannerType?: string | null;
  width?: number | null;
  height?: number | null;
  headlines?: string[] | null;
  descriptions?: string[] | null;
  adCode?: string | null;
  downloadLink?: string | null;
}

function SearchAd({ banner }: { banner: PreviewedBanner }) {
  const text = useText();
  const lines = (list?: string[] | null) => (list ?? []).filter((line) => line.trim());
  return (
    <Stack spacing={2} data-testid="search-ad-preview">
      <Box>
        <Typography variant="subtitle2">{text('preview.headlines')}</Typography>
        {lines(banner.headlines).map((line, index) => <Typography key={index} sx={{ color: '#1a0dab', fontSize: 18 }}>{line}</Typography>)}
      </Box>
      <Box>
        <Typography variant="subtitle2">{text('preview.descriptions')}</Typography>
        {lines(banner.descriptions).map((line, index) => <Typography key={index} variant="body2" sx={{ color: '#4d5156' }}>{line}</Typography>)}
      </Box>
    </Stack>
  );
}

export function AdPreviewDialog({ banner, onClose }: { banner: PreviewedBanner; onClose: () => void }) {
  const text = useText();
  const [size, setSize] = useState<'small' | 'full'>('small');
  const width = banner.width || 300;
  const height = banner.height || 250;
  const searchAd = banner.bannerType === 'search_ad';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="ad-preview-dialog">
      <DialogTitle sx={{ wordBreak: 'break-word' }}>{text('preview.title', { name: banner.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {searchAd ? <SearchAd banner={banner} /> : (
            <>
              <ToggleButtonGroup exclusive size="small" value={size} onChange={(_event, next) => next && setSize(next)}>
                <ToggleButton value="small" data-size="small">{text('preview.small', { height: PREVIEW_HEIGHT })}</ToggleButton>
                <ToggleButton value="full" data-size="full">{text('preview.full', { width, height })}</ToggleButton>
              </ToggleButtonGroup>
              <Box sx={{ minWidth: 0 }} data-testid="ad-preview">
                <ScaledFrame title={text('preview.title', { name: banner.name })} width={width} height={height} src={`/banner?id=${encodeURIComponent(banner.id)}`}
                  scaleToHeight={size === 'small' ? PREVIEW_HEIGHT : undefined} />
              </Box>
            </>
          )}
          {banner.adCode && (
            <TextField label={text('preview.ad_code')} value={banner.adCode} fullWidth multiline maxRows={10}
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{text('close')}</Button></DialogActions>
    </Dialog>
  );
}

export function AdPreviewButton({ banner }: { banner: PreviewedBanner }) {
  const text = useText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<VisibilityIcon />} onClick={() => setOpen(true)} data-action="ad-preview">{text('preview.open')}</Button>
      {open && <AdPreviewDialog banner={banner} onClose={() => setOpen(false)} />}
    </>
  );
}
