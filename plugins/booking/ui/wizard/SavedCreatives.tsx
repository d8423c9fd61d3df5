/**
 * The advertiser's saved creatives in the wizard's creatives step: banners made earlier (by the banner generator,
 * for an earlier booking, by staff) to add to this booking as they are, each with its preview as the ad server
 * serves it (at most 60 px high).
 */
import { useQuery } from '@tanstack/react-query';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { API, apiFetch, session } from '@adsuite/admin/kit';
import type { BannerType, WizardCreative } from './draft.ts';
import { useValueLabel } from './fields.tsx';

const PREVIEW_HEIGHT = 60;
const PREVIEW_WIDTH = 220;
const SHOWN = 50;

interface SavedBanner { id: string; name: string; bannerType: BannerType; width: number | null; height: number | null }

async function savedBanners(advertiser: string | null): Promise<SavedBanner[]> {
  const query = new URLSearchParams({ range: JSON.stringify([0, SHOWN - 1]), sort: JSON.stringify(['created', 'DESC']), ...(advertiser ? { filter: JSON.stringify({ advertiser }) } : {}) });
  return (await apiFetch(`${API}/banner?${query}`)).json as SavedBanner[];
}

function Preview({ banner }: { banner: SavedBanner }) {
  if (banner.bannerType === 'search_ad' || !banner.width || !banner.height) return null;
  const scale = Math.min(PREVIEW_HEIGHT / banner.height, PREVIEW_WIDTH / banner.width);
  return (
    <Box sx={{ width: Math.round(banner.width * scale), height: Math.round(banner.height * scale), overflow: 'hidden', border: 1, borderColor: 'divider', flex: 'none' }}>
      <iframe title={banner.name} src={`/banner?id=${encodeURIComponent(banner.id)}`} width={banner.width} height={banner.height} scrolling="no" sandbox="allow-scripts"
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }} />
    </Box>
  );
}

export function SavedCreatives({ chosen, onAdd }: { chosen: readonly WizardCreative[]; onAdd: (creative: Omit<WizardCreative, 'key' | 'channels'>) => void }) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  const advertiser = session.selectedAdvertiser();
  const banners = useQuery({ queryKey: ['wizard', 'saved-creatives', advertiser], queryFn: () => savedBanners(advertiser), retry: false });
  const offered = (banners.data ?? []).filter((banner) => !chosen.some((creative) => creative.id === banner.id));
  if (!offered.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="saved-creatives">
      <Typography variant="subtitle2">{translate('app.saved_creatives.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>{translate('app.saved_creatives.help')}</Typography>
      <Stack spacing={1} sx={{ maxHeight: 360, overflowY: 'auto' }}>
        {offered.map((banner) => (
          <Stack key={banner.id} direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} data-saved-creative={banner.name}>
            <Preview banner={banner} />
            <Box sx={{ flex: 1, minWidth: 140 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{banner.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[labelOf('bannerType', banner.bannerType), banner.width && banner.height ? `${banner.width}x${banner.height}` : null].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Button size="small" startIcon={<AddIcon />} onClick={() => onAdd({ id: banner.id, bannerType: banner.bannerType, name: banner.name, width: banner.width, height: banner.height })}>
              {translate('app.saved_creatives.add')}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
