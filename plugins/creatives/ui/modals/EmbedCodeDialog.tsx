/**
 * The banner embed code modal (SPEC section 2 "banner embed code (iframe to /banner?id={id})"): the iframe a page
 * embeds to show the banner from the ad server, with a copy button and the banner as it shows.
 */
import { useState } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { CopyButton } from '@adsuite/admin/kit';
import { embedCode } from '../../generator.ts';
import { ScaledFrame } from '../banner/ScaledFrame.tsx';
import { useText } from '../useText.ts';

export interface EmbeddedBanner { id: string; name: string; width?: number | null; height?: number | null }

export function EmbedCodeDialog({ banner, onClose }: { banner: EmbeddedBanner; onClose: () => void }) {
  const text = useText();
  const code = embedCode(globalThis.location.origin, banner);
  const width = banner.width || 300;
  const height = banner.height || 250;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="embed-code-dialog">
      <DialogTitle sx={{ wordBreak: 'break-word' }}>{text('embed.title', { name: banner.name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">{text('embed.help')}</Typography>
          <TextField label={text('embed.code')} value={code} fullWidth multiline minRows={3}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'embed-code', style: { fontFamily: 'monospace', fontSize: 12 } } }} />
          <Box sx={{ minWidth: 0 }}><ScaledFrame title={text('embed.preview', { name: banner.name })} width={width} height={height} src={`/banner?id=${encodeURIComponent(banner.id)}`} /></Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Box data-copy="embed-code"><CopyButton text={code} label="app.creatives.embed.copy" /></Box>
        <Button onClick={onClose}>{text('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Opens the embed code of a banner: a labelled button, or an icon in a row. */
export function EmbedCodeButton({ banner, compact = false }: { banner: EmbeddedBanner; compact?: boolean }) {
  const text = useText();
  const [open, setOpen] = useState(false);
  return (
    <>
      {compact
        ? <Tooltip title={text('embed.open')}><IconButton size="small" aria-label={text('embed.open')} onClick={() => setOpen(true)} data-action="embed-code"><CodeIcon fontSize="small" /></IconButton></Tooltip>
        : <Button startIcon={<CodeIcon />} onClick={() => setOpen(true)} data-action="embed-code">{text('embed.open')}</Button>}
      {open && <EmbedCodeDialog banner={banner} onClose={() => setOpen(false)} />}
    </>
  );
}
