/**
 * What an accepted campaign gives the publisher to earn (issue 35; SPEC section 2 "banner embed code", "ad
 * preview"): per creative a preview at 60 px height, the embed code (an iframe to the ad server) and a splitter
 * link, each with a copy button. Both carry the publisher's id, the website chosen here and its SUBID
 * (config/adTags.ts), so the ad server credits their views and clicks to the publisher and website.
 */
import { useState } from 'react';
import { Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { bannerUrl, embedCode, splitterLink, SUBID_MAX, type TagOwner } from '@adsuite/config/adTags';
import { CopyButton } from '@adsuite/admin/kit';
import type { OfferDetail, TagPlacement } from './api.ts';
import { useText } from './useText.ts';

/** SPEC section 9: the ad preview's default size. */
export const PREVIEW_HEIGHT = 60;

/** The banner as the ad server shows it (without a line item: a preview counts no view), scaled to 60 px high. */
function Preview({ placement }: { placement: TagPlacement }) {
  const text = useText();
  const width = placement.width || 300;
  const height = placement.height || 250;
  const scale = PREVIEW_HEIGHT / height;
  return (
    <Box sx={{ width: Math.round(width * scale), height: PREVIEW_HEIGHT, overflow: 'hidden', border: 1, borderColor: 'divider', flex: 'none' }} data-testid="ad-preview">
      <iframe
        title={text('detail.preview', { name: placement.name })}
        src={`/banner?id=${encodeURIComponent(placement.banner)}`}
        width={width}
        height={height}
        scrolling="no"
        sandbox="allow-scripts"
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }}
      />
    </Box>
  );
}

function CodeField({ label, value, copy, testId }: { label: string; value: string; copy: string; testId: string }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField label={label} value={value} size="small" fullWidth multiline maxRows={4}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace', fontSize: 12 } } }} />
      <Box sx={{ flex: 'none' }} data-copy={testId}><CopyButton text={value} label={copy} /></Box>
    </Stack>
  );
}

export function AdTags({ offer, publisher }: { offer: OfferDetail; publisher: string }) {
  const text = useText();
  const [website, setWebsite] = useState(offer.websites[0]?.host ?? '');
  const [subid, setSubid] = useState('');
  const origin = globalThis.location.origin;
  const owner: TagOwner = { publisher, website: website || null, subid: subid.trim() || null };
  if (!offer.placements.length) return <Typography color="text.secondary">{text('detail.no_placements')}</Typography>;
  return (
    <Stack spacing={2} data-testid="ad-tags">
      <Typography variant="body2" color="text.secondary">{text('detail.attribution')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField select size="small" label={text('detail.website')} value={website} onChange={(event) => setWebsite(event.target.value)} sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'tag-website' } }}>
          <MenuItem value="">{text('detail.website_none')}</MenuItem>
          {offer.websites.map((site) => <MenuItem key={site.id} value={site.host}>{site.name === site.host ? site.host : `${site.name} (${site.host})`}</MenuItem>)}
        </TextField>
        <TextField size="small" label={text('detail.subid')} value={subid} onChange={(event) => setSubid(event.target.value.slice(0, SUBID_MAX))}
          helperText={text('detail.subid_help', { max: SUBID_MAX })} slotProps={{ htmlInput: { maxLength: SUBID_MAX, 'data-testid': 'tag-subid' } }} sx={{ flex: 1, minWidth: 0 }} />
      </Stack>
      {offer.placements.map((placement) => (
        <Card key={`${placement.lineitem}:${placement.banner}`} variant="outlined" data-placement={placement.banner} data-src={bannerUrl(origin, placement, owner)}>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
              <Preview placement={placement} />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{placement.name}</Typography>
                {placement.width && placement.height && <Typography variant="body2" color="text.secondary">{text('detail.size', { width: placement.width, height: placement.height })}</Typography>}
              </Box>
            </Stack>
            <Stack spacing={2}>
              <CodeField label={text('detail.embed')} value={embedCode(origin, placement, owner)} copy={text('detail.copy_embed')} testId="embed-code" />
              <CodeField label={text('detail.link')} value={splitterLink(origin, placement, owner)} copy={text('detail.copy_link')} testId="splitter-link" />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
