/**
 * The ad code editor (SPEC section 2 "Affiliate wizard: ad code editor"): the code, and beside it the ad as the ad
 * server will serve it, at the wizard's size, with `{click}` leading where the click tracker sends the click.
 */
import { Box, Typography } from '@mui/material';
import { TextInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { deeplinkOf } from '../presets.ts';
import { useText } from './useText.ts';

const size = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Math.min(Number(value), 4000) : fallback);

/** The page the preview frame shows: the ad alone, its links opening outside. */
const previewPage = (adcode: string, deeplink: string) =>
  `<!doctype html><html><head><base target="_blank"></head><body style="margin:0">${adcode.replaceAll('{click}', deeplink.replaceAll('"', '&quot;'))}</body></html>`;

export function AdCodeEditor({ label }: { label: string }) {
  const text = useText();
  const [adcode, width, height, adserver, prefix, targeturl, link] = useWatch({ name: ['adcode', 'width', 'height', 'adserver', 'affiliateprefix', 'targeturl', 'affiliatelink'] });
  const deeplink = deeplinkOf(prefix, targeturl, link);
  const w = size(width, 300);
  const h = size(height, 250);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, width: '100%' }}>
      <TextInput
        source="adcode" label={label} validate={required()} multiline minRows={6} fullWidth helperText={text('adcode.help')}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
      />
      <Box data-testid="adcode-preview">
        <Typography variant="caption" color="text.secondary">{text('adcode.preview', { width: w, height: h })}</Typography>
        <Box sx={{ overflowX: 'auto', maxWidth: '100%', mt: 0.5 }}>
          {adcode ? (
            <iframe
              // No scripts run in the preview, so it may keep the admin's origin (which lets the images load as on the page).
              title={text('adcode.preview', { width: w, height: h })} width={w} height={h} sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              srcDoc={previewPage(String(adcode), deeplink)} style={{ border: '1px dashed #bbb', display: 'block' }}
            />
          ) : (
            <Box sx={{ width: w, height: h, maxWidth: '100%', border: '1px dashed #bbb', display: 'grid', placeItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">{text('adcode.empty')}</Typography>
            </Box>
          )}
        </Box>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-all' }} data-testid="adcode-click">
          {text('adcode.click', { tracker: `https://${adserver || window.location.host}/s/…/1/SUBID`, deeplink: deeplink || '…' })}
        </Typography>
      </Box>
    </Box>
  );
}
