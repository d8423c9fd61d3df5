/**
 * What staff review (SPEC section 2 "Creative approval"): the image, the video, the HTML banner or ad code as the
 * ad server serves it for preview (`/banner?id=` without a line item counts nothing), a search ad's headlines,
 * descriptions and keywords; for a line item the changed fields with their old and new value.
 */
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import type { ApprovalItem } from './approvalApi.ts';
import { useText } from './useText.ts';

/**
 * An uploaded file (or a demo image) by its path on this server: a stored link names the public host, which need not
 * be this one.
 */
const fileLink = (link: string | null | undefined) => (link ? link.replace(/^https?:\/\/[^/]+(?=\/(?:banner\/file|demo-media)\/)/i, '') : undefined);

/** Previews are shown at most this wide; larger creatives are scaled down. */
const MAX_WIDTH = 320;

function Frame({ item }: { item: ApprovalItem }) {
  const width = item.creative?.width ?? 300;
  const height = item.creative?.height ?? 250;
  const scale = Math.min(1, MAX_WIDTH / width);
  return (
    <Box sx={{ width: width * scale, height: height * scale, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <iframe
        title={item.name} data-testid="preview-frame" src={`/banner?id=${item.id}`} sandbox="allow-scripts" width={width} height={height}
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0' }}
      />
    </Box>
  );
}

/**
 * The advertiser's own words (headlines, descriptions, keywords) as written: staff approve exactly these, so they are
 * marked not to be translated (a keyword 'delivery' is the advertiser's, not the event kind of that name).
 */
function Words({ label, words }: { label: string; words: string[] }) {
  if (!words.length) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Stack direction="row" flexWrap="wrap" gap={0.5} translate="no">
        {words.map((word, index) => <Chip key={`${word}-${index}`} size="small" label={word} />)}
      </Stack>
    </Box>
  );
}

function BannerPreview({ item }: { item: ApprovalItem }) {
  const text = useText();
  const creative = item.creative!;
  switch (creative.bannerType) {
    case 'image_ad': {
      const src = fileLink(creative.downloadLink ?? creative.thumbnail?.downloadLink);
      return src
        ? <Box component="img" data-testid="preview-image" src={src} alt={item.name} sx={{ maxWidth: '100%', width: creative.width ?? undefined, maxHeight: 320, objectFit: 'contain', border: 1, borderColor: 'divider' }} />
        : <Typography color="text.secondary">{text('no_preview')}</Typography>;
    }
    case 'video_ad': {
      const src = fileLink(creative.video?.downloadLink ?? creative.downloadLink);
      return src
        ? <Box component="video" data-testid="preview-video" src={src} controls muted sx={{ maxWidth: '100%', maxHeight: 320 }} />
        : <Typography color="text.secondary">{text('no_preview')}</Typography>;
    }
    case 'search_ad':
      return (
        <Stack spacing={1} data-testid="preview-search">
          <Words label={text('headlines')} words={creative.headlines} />
          <Words label={text('descriptions')} words={creative.descriptions} />
          <Words label={text('keywords')} words={(creative.keywords ?? '').split('\n').map((k) => k.trim()).filter(Boolean)} />
        </Stack>
      );
    default:
      return <Frame item={item} />;
  }
}

function ChangesPreview({ item }: { item: ApprovalItem }) {
  const text = useText();
  const [locale] = useLocaleState();
  const fields = resourceByName.lineitem.fields as Record<string, { label: { de: string; en: string } } | undefined>;
  const show = (value: unknown) => {
    if (value === null || value === undefined) return '–';
    if (Array.isArray(value)) return value.join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  return (
    <Table size="small" data-testid="preview-changes">
      <TableHead><TableRow><TableCell>{text('field')}</TableCell><TableCell>{text('old')}</TableCell><TableCell>{text('new')}</TableCell></TableRow></TableHead>
      <TableBody>
        {(item.changes ?? []).map((change) => (
          <TableRow key={change.field}>
            <TableCell>{fields[change.field]?.label[locale === 'en' ? 'en' : 'de'] ?? change.field}</TableCell>
            <TableCell>{show(change.old)}</TableCell>
            <TableCell><strong>{show(change.new)}</strong></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ItemPreview({ item }: { item: ApprovalItem }) {
  return item.type === 'banner' ? <BannerPreview item={item} /> : <ChangesPreview item={item} />;
}
