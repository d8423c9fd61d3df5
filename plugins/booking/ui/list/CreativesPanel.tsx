/**
 * The creatives of a booking: those it names (read with their banners), else the banners of its campaign; each
 * with a real preview, as the wizard shows them: the image, the video's first frame (or its poster), template
 * and HTML banners as the ad server renders them (`/banner?id=` in a frame), search ads as their text.
 */
import { useState } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import ImageIcon from '@mui/icons-material/Image';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MovieIcon from '@mui/icons-material/Movie';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useGetList, useGetMany, useTranslate } from 'react-admin';
import { useCan, useValueLabel } from '@adsuite/admin/kit';
import { previewOf, type Creative } from './creativePreview.ts';

const PREVIEW_HEIGHT = 96;
const PREVIEW_WIDTH = 140;
const ICONS: Record<string, typeof ImageIcon> = { image_ad: ImageIcon, video_ad: MovieIcon, html_ad: CodeIcon, template_ad: CodeIcon, search_ad: ManageSearchIcon };

function FramePreview({ src, title, width, height }: { src: string; title: string; width: number; height: number }) {
  const scale = Math.min(PREVIEW_WIDTH / width, PREVIEW_HEIGHT / height, 1);
  return (
    <Box sx={{ width: width * scale, height: height * scale, overflow: 'hidden' }}>
      <Box
        component="iframe" src={src} title={title} width={width} height={height} sandbox="allow-scripts" loading="lazy" data-testid="creative-frame"
        sx={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }}
      />
    </Box>
  );
}

/** A search ad as a search engine shows it: headlines as the link, descriptions below. */
function SearchAdPreview({ headlines, descriptions }: { headlines: string[]; descriptions: string[] }) {
  return (
    <Box sx={{ p: 1, width: '100%', height: '100%', bgcolor: 'background.paper', textAlign: 'left', overflow: 'hidden' }} data-testid="creative-search-ad">
      <Typography sx={{ color: '#1a0dab', fontSize: 13, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {headlines.slice(0, 3).join(' | ')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 11, lineHeight: 1.3, mt: 0.25, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {descriptions.slice(0, 2).join(' ')}
      </Typography>
    </Box>
  );
}

function Preview({ creative }: { creative: Creative }) {
  const [broken, setBroken] = useState(false);
  const preview = previewOf(creative);
  const Icon = ICONS[creative.bannerType ?? ''] ?? ImageIcon;
  const media = { maxWidth: '100%', maxHeight: '100%', display: 'block' };
  let content;
  if (preview.kind === 'frame') content = <FramePreview src={preview.src} title={creative.name ?? ''} width={preview.width} height={preview.height} />;
  else if (preview.kind === 'text') content = <SearchAdPreview headlines={preview.headlines} descriptions={preview.descriptions} />;
  else if (preview.kind === 'image' && !broken) {
    content = <Box component="img" src={preview.src} alt={creative.name ?? ''} onError={() => setBroken(true)} sx={media} data-testid="creative-image" />;
  } else if (preview.kind === 'video' && !broken) {
    // Without a poster the first frame shows (metadata and the first frame load, the video does not play).
    content = <Box component="video" src={preview.src} poster={preview.poster} preload="metadata" muted playsInline onError={() => setBroken(true)} sx={media} data-testid="creative-video" />;
  } else content = <Icon sx={{ fontSize: 40, color: 'grey.400' }} data-testid="creative-icon" />;
  return (
    <Box sx={{ height: PREVIEW_HEIGHT, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 1, overflow: 'hidden' }} data-preview={preview.kind}>
      {content}
    </Box>
  );
}

const idOf = (creative: Creative) => (typeof creative.id === 'string' && creative.id ? creative.id : null);

export function CreativesPanel({ booking }: { booking: { creatives?: unknown; campaign?: string | null } }) {
  const translate = useTranslate();
  const can = useCan();
  const valueLabel = useValueLabel('banner');
  const mayRead = can('read', 'banner');
  // The booking lists its creatives; once they are banners only by id, name, type and size: the banners hold the rest.
  const named = (Array.isArray(booking.creatives) ? booking.creatives : [])
    .map((entry): Creative | null => (typeof entry === 'string' ? { id: entry } : entry && typeof entry === 'object' ? (entry as Creative) : null))
    .filter((entry): entry is Creative => entry !== null);
  const ids = named.map(idOf).filter((id): id is string => id !== null);
  const { data: stored = [] } = useGetMany<Creative & { id: string }>('banner', { ids }, { enabled: ids.length > 0 && mayRead });
  const { data: banners = [] } = useGetList<Creative & { id: string }>(
    'banner',
    { filter: { campaign: booking.campaign }, pagination: { page: 1, perPage: 24 }, sort: { field: 'created', order: 'ASC' } },
    { enabled: !named.length && Boolean(booking.campaign) && mayRead },
  );
  const byId = new Map(stored.map((banner) => [banner.id, banner]));
  const creatives = named.length ? named.map((entry) => ({ ...entry, ...(byId.get(idOf(entry) ?? '') ?? {}) })) : banners;
  if (!creatives.length) return <Typography color="text.secondary">{translate('app.bookings.detail.no_creatives')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5 }} data-testid="creatives-panel">
      {creatives.map((creative, index) => (
        <Card key={creative.id ?? index} variant="outlined" data-creative={creative.name}>
          <CardContent sx={{ p: 1, '&:last-child': { pb: 1 } }}>
            <Preview creative={creative} />
            <Typography variant="body2" noWrap title={creative.name} sx={{ mt: 1, fontWeight: 500 }}>{creative.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {creative.bannerType ? valueLabel('bannerType', creative.bannerType) : ''}
              {creative.width && creative.height ? ` · ${creative.width}×${creative.height}` : ''}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
