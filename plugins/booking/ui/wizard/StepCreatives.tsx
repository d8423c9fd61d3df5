/**
 * Step 3, creatives or the creative service: upload images, videos and HTML banners, write search ads, paste
 * ad codes, and give each creative the channels it runs on, next to what every chosen channel takes; or let
 * the creative service build the banners.
 */
import { useState, type DragEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Alert, Box, Button, Chip, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { CreativeCard } from './CreativeCard.tsx';
import { CreativeServiceForm } from './CreativeServiceForm.tsx';
import { newCreativeKey, type BannerType, type CreativeService, type WizardCreative } from './draft.ts';
import { M, Section, useValueLabel, type StepProps } from './fields.tsx';
import { channelsWithoutCreative, defaultChannels, requirementHints } from './requirements.ts';
import { SavedCreatives } from './SavedCreatives.tsx';
import { UploadList } from './UploadList.tsx';
import { kindOfFile, useUploads } from './useUploads.ts';
import type { UploadKind } from './wizardApi.ts';

const BANNER_TYPE_OF: Record<UploadKind, BannerType> = { image: 'image_ad', video: 'video_ad', html: 'html_ad', logo: 'image_ad', productImage: 'image_ad' };
const EMPTY_SERVICE: CreativeService = { logo: null, productImage: null, slogan: '', productName: '' };

function Requirements({ channels }: { channels: string[] }) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }} data-testid="requirements">
      {requirementHints(channels).map((hint) => (
        <Paper key={hint.channel} variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="subtitle2">{hint.name}</Typography>
          <Typography variant="body2" color="text.secondary">{hint.bannerTypes.map((type) => labelOf('bannerType', type)).join(', ')}</Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {[
              hint.sizes.length ? translate(M('requirements.sizes'), { sizes: hint.sizes.join(', ') }) : translate(M('requirements.any_size')),
              hint.ratios.length ? translate(M('requirements.ratios'), { ratios: hint.ratios.join(' / ') }) : null,
              hint.videoSeconds ? translate(M('requirements.video'), hint.videoSeconds) : null,
              translate(M('requirements.max_size'), { max: hint.maxMegabytes }),
            ].filter(Boolean).join(' · ')}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function OwnCreatives({ draft, change, errors, readOnly }: StepProps) {
  const translate = useTranslate();
  const { uploads, upload, refuse, clearRefused, dismiss } = useUploads();
  const [dragging, setDragging] = useState(false);
  const add = (creative: Omit<WizardCreative, 'key' | 'channels'>) => {
    const full = { ...creative, key: newCreativeKey(), channels: defaultChannels(draft.channels, creative) };
    change((current) => ({ creatives: [...current.creatives, full] }));
  };
  const setCreative = (key: string, changes: Partial<WizardCreative>) =>
    change((current) => ({ creatives: current.creatives.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry)) }));
  const remove = (key: string) => change((current) => ({ creatives: current.creatives.filter((entry) => entry.key !== key) }));

  const send = (files: FileList | File[] | null) => {
    const chosen = Array.from(files ?? []);
    if (!chosen.length) return;
    clearRefused();
    for (const file of chosen) {
      const kind = kindOfFile(file);
      // A dropped file skips the chooser's filter: say at the drop zone why it is not taken.
      if (!kind) {
        refuse(file, translate(M('upload.wrong_type')));
        continue;
      }
      upload(file, kind).then((stored) => stored && add({
        bannerType: BANNER_TYPE_OF[kind], name: file.name.replace(/\.[^.]+$/, ''), file: stored.id, url: stored.url, mime: stored.mime,
        width: stored.width, height: stored.height, duration: stored.duration,
      }));
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!readOnly) send(event.dataTransfer.files);
  };
  const missing = channelsWithoutCreative(draft.channels, draft.creatives);

  return (
    <Stack spacing={2}>
      {!readOnly && (
        <Paper
          variant="outlined"
          data-testid="drop-zone"
          onDragOver={(event) => { event.preventDefault(); setDragging(true); }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          sx={{ p: 3, textAlign: 'center', borderStyle: 'dashed', borderWidth: 2, bgcolor: dragging ? 'action.hover' : 'background.default' }}
        >
          <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography>{translate(M('upload.drop'))}</Typography>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1.5 }}>{translate(M('upload.help'))}</Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, mb: uploads.length ? 2 : 0 }}>
            <Button component="label" variant="contained" startIcon={<CloudUploadIcon />}>
              {translate(M('upload.choose'))}
              <input hidden multiple type="file" name="creative-files" accept="image/*,video/*,.html,.htm,.zip"
                onChange={(event) => { send(event.target.files); event.target.value = ''; }} />
            </Button>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => add({ bannerType: 'search_ad', name: translate(M('creative.search_ad_name')), headlines: [], descriptions: [], keywords: [] })}>
              {translate(M('creative.add_search_ad'))}
            </Button>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => add({ bannerType: 'html_ad', name: translate(M('creative.ad_code_name')), width: 300, height: 250, adCode: '' })}>
              {translate(M('creative.add_ad_code'))}
            </Button>
          </Stack>
          <Box sx={{ textAlign: 'left' }}><UploadList uploads={uploads} dismiss={dismiss} /></Box>
        </Paper>
      )}
      {!readOnly && <SavedCreatives chosen={draft.creatives} onAdd={add} />}
      {errors.creatives && <Alert severity="error" data-field="creatives">{errors.creatives}</Alert>}
      {draft.creatives.length === 0 && uploads.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 2 }} data-testid="no-creatives">{translate(M('creative.none'))}</Typography>
      )}
      {draft.creatives.map((creative, index) => (
        <CreativeCard key={creative.key} creative={creative} index={index} channels={draft.channels} errors={errors} readOnly={readOnly}
          onChange={(changes) => setCreative(creative.key, changes)} onRemove={() => remove(creative.key)} />
      ))}
      {draft.creatives.length > 0 && missing.length > 0 && (
        <Alert severity="warning">
          {translate(M('creative.channels_missing'), { channels: missing.map((key) => channelByKey[key]?.name ?? key).join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}

export function StepCreatives(props: StepProps) {
  const translate = useTranslate();
  const { draft, change, errors, readOnly } = props;
  const service = draft.creativeService;
  const setMode = (mode: 'own' | 'service' | null) => mode && change({ creativeService: mode === 'service' ? service ?? EMPTY_SERVICE : null });
  return (
    <>
      <Section title={M('sections.creative_mode')} description={M('sections.creative_mode_help')}>
        <ToggleButtonGroup exclusive color="primary" value={service ? 'service' : 'own'} disabled={readOnly} onChange={(_event, mode) => setMode(mode)}>
          <ToggleButton value="own" name="mode-own">{translate(M('mode.own'))}</ToggleButton>
          <ToggleButton value="service" name="mode-service">{translate(M('mode.service'))}</ToggleButton>
        </ToggleButtonGroup>
      </Section>
      {!service && draft.channels.length > 0 && (
        <Section title={M('sections.requirements')}>
          <Requirements channels={draft.channels} />
        </Section>
      )}
      <Section title={M(service ? 'sections.service' : 'sections.creatives')}>
        {service
          ? <CreativeServiceForm service={service} errors={errors} readOnly={readOnly} onChange={(changes) => change((current) => ({ creativeService: { ...(current.creativeService ?? EMPTY_SERVICE), ...changes } }))} />
          : <OwnCreatives {...props} />}
      </Section>
      {draft.channels.length === 0 && <Chip color="warning" label={translate(M('creative.no_channels'))} />}
    </>
  );
}
