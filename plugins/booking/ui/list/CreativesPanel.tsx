/** The creatives of a booking: those it names, else the banners of its campaign; image, name, type and size. */
import { useState } from 'react';
import ImageIcon from '@mui/icons-material/Image';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useCan, useValueLabel } from '@adsuite/admin/kit';

interface Creative {
  id?: string;
  name?: string;
  bannerType?: string;
  width?: number;
  height?: number;
  downloadLink?: string;
  url?: string;
  thumbnail?: { downloadLink?: string };
}

const imageOf = (creative: Creative) => creative.thumbnail?.downloadLink ?? creative.url ?? (creative.bannerType === 'image_ad' ? creative.downloadLink : undefined);

/** Banners the ad server renders (the creative service's templates, HTML): the real banner, scaled into the card. */
const FRAMED = ['template_ad', 'html_ad'];
const PREVIEW_HEIGHT = 96;
const PREVIEW_WIDTH = 140;

function FramePreview({ creative }: { creative: Creative & { id: string; width: number; height: number } }) {
  const scale = Math.min(PREVIEW_WIDTH / creative.width, PREVIEW_HEIGHT / creative.height, 1);
  return (
    <Box sx={{ width: creative.width * scale, height: creative.height * scale, overflow: 'hidden' }}>
      <Box
        component="iframe" src={`/banner?id=${encodeURIComponent(creative.id)}`} title={creative.name ?? creative.id} width={creative.width} height={creative.height}
        sandbox="allow-scripts" loading="lazy" data-testid="creative-frame"
        sx={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }}
      />
    </Box>
  );
}

function Preview({ creative }: { creative: Creative }) {
  const [broken, setBroken] = useState(false);
  const src = imageOf(creative);
  const framed = creative.id && creative.width && creative.height && FRAMED.includes(creative.bannerType ?? '');
  return (
    <Box sx={{ height: PREVIEW_HEIGHT, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 1, overflow: 'hidden' }}>
      {framed ? <FramePreview creative={creative as Creative & { id: string; width: number; height: number }} /> : src && !broken
        ? <Box component="img" src={src} alt={creative.name ?? ''} onError={() => setBroken(true)} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        : <ImageIcon sx={{ fontSize: 40, color: 'grey.400' }} />}
    </Box>
  );
}

export function CreativesPanel({ booking }: { booking: { creatives?: unknown; campaign?: string | null } }) {
  const translate = useTranslate();
  const can = useCan();
  const valueLabel = useValueLabel('banner');
  const named = Array.isArray(booking.creatives) ? (booking.creatives as Creative[]) : [];
  const { data: banners = [] } = useGetList<Creative & { id: string }>(
    'banner',
    { filter: { campaign: booking.campaign }, pagination: { page: 1, perPage: 24 }, sort: { field: 'created', order: 'ASC' } },
    { enabled: !named.length && Boolean(booking.campaign) && can('read', 'banner') },
  );
  const creatives = named.length ? named : banners;
  if (!creatives.length) return <Typography color="text.secondary">{translate('app.bookings.detail.no_creatives')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5 }} data-testid="creatives-panel">
      {creatives.map((creative, index) => (
        <Card key={creative.id ?? index} variant="outlined">
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
