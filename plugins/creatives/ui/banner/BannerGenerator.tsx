/**
 * /banner/create, the banner generator (SPEC section 2, full width; wizard and up): an advertiser and a banner
 * template, the slogan, product name, product image, and the advertiser's colours and logo from its corporate
 * identity; every size rendered live by the ad server as it will serve it; saved as the advertiser's banners,
 * which it then finds in the booking wizard's creatives step.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert, Box, Button, Card, CardContent, Chip, LinearProgress, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { useMayOpen } from '@adsuite/admin/kit';
import { GENERATOR_FIELDS, isColourKey, sizeName, templateUrl } from '../../generator.ts';
import { creativesApi, type GeneratorStart, type SavedBanner, type TemplateSummary } from '../api.ts';
import { AdvertiserPicker } from '../AdvertiserPicker.tsx';
import { EmbedCodeButton } from '../modals/EmbedCodeDialog.tsx';
import { useSubmit } from '../useSubmit.ts';
import { useAdvertiserChoice, useText } from '../useText.ts';
import { ColourField } from './ColourField.tsx';
import { ImageField } from './ImageField.tsx';
import { ScaledFrame } from './ScaledFrame.tsx';
import { useDebounced } from './useDebounced.ts';

type Values = Record<string, string>;

/** The form's first values: the corporate identity's colours, logo and texts, the advertiser's website as target. */
function startValues(start: GeneratorStart): Values {
  const ci = start.ci;
  const values: Values = {
    slogan: ci?.slogan ?? '', productName: ci?.productName ?? '', productImage: '', logo: ci?.logo ?? '',
    primaryColor: ci?.primaryColor ?? '#0b6fb8', secondaryColor: ci?.secondaryColor ?? '#ffb400', textColor: ci?.textColor ?? '#ffffff',
    clickUrl: ci?.url ?? start.advertiser.url ?? '', cta: '',
  };
  return values;
}

/** The template the form starts with: one that takes the advertiser's colours, else the first. */
const firstTemplate = (templates: TemplateSummary[]) =>
  templates.find((template) => template.placeholder.some((entry) => isColourKey(entry.key))) ?? templates[0];

const filled = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));

export function BannerGenerator() {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const mayOpen = useMayOpen();
  const [params] = useSearchParams();
  const { advertisers, advertiser, choose } = useAdvertiserChoice(params.get('advertiser'));
  const start = useQuery({ queryKey: ['creatives', 'generator', advertiser], queryFn: () => creativesApi.generator(advertiser!), enabled: !!advertiser, retry: false });
  const [template, setTemplate] = useState('');
  const [values, setValues] = useState<Values>({});
  const [images, setImages] = useState<GeneratorStart['images']>([]);
  const [sizes, setSizes] = useState<Set<string>>(new Set());
  const [saved, setSaved] = useState<SavedBanner[] | null>(null);
  const { busy, errors, setErrors, submit } = useSubmit();

  // A new advertiser's data starts the form anew.
  useEffect(() => {
    const data = start.data;
    if (!data) return;
    setValues(startValues(data));
    setImages(data.images);
    setTemplate(firstTemplate(data.templates)?.id ?? '');
    setSizes(new Set(data.sizes.map(sizeName)));
    setErrors({});
    setSaved(null);
  }, [start.data]);

  const chosenTemplate = start.data?.templates.find((entry) => entry.id === template);
  const preview = useDebounced(useMemo(() => filled(values), [values]), 400);
  const extraFields = (chosenTemplate?.placeholder ?? []).filter((entry) => !GENERATOR_FIELDS.some((field) => field.key === entry.key));
  const set = (key: string, value: string) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => ({ ...now, [`values.${key}`]: '' }));
  };
  const toggleSize = (name: string) => setSizes((now) => {
    const next = new Set(now);
    if (next.has(name)) next.delete(name);
    else next.add(name);
    return next;
  });
  const shownSizes = (start.data?.sizes ?? []).filter((size) => sizes.has(sizeName(size)));

  const save = () => advertiser && template && submit(async () => {
    const answer = await creativesApi.generate({ advertiser, template, values: filled(values), sizes: shownSizes.map(sizeName) });
    setSaved(answer.banners);
    notify('app.creatives.generator.saved', { type: 'success', messageArgs: { smart_count: answer.banners.length, advertiser: start.data?.advertiser.name ?? '' } });
  });

  const field = (key: string, label: string, max?: number, required = false) => (
    <TextField key={key} size="small" fullWidth name={key} label={label} required={required} value={values[key] ?? ''} onChange={(event) => set(key, event.target.value)}
      error={!!errors[`values.${key}`]} helperText={errors[`values.${key}`] || undefined} slotProps={{ htmlInput: { maxLength: max } }} />
  );
  const imageField = (key: 'productImage' | 'logo') => advertiser && (
    <ImageField name={key} label={text(`fields.${key}`)} value={values[key] ?? ''} images={images} advertiser={advertiser} error={errors[`values.${key}`] || undefined}
      onChange={(file) => set(key, file)} onUploaded={(image) => setImages((now) => [image, ...now])} />
  );

  return (
    <Box data-testid="banner-generator" sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('app.banner_create.title')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card sx={{ width: { xs: '100%', md: 400 }, flex: 'none' }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">{text('generator.intro')}</Typography>
              <AdvertiserPicker advertisers={advertisers} value={advertiser} onChange={choose} />
              {start.isFetching && <LinearProgress />}
              {start.error && <Alert severity="error">{(start.error as Error).message}</Alert>}
              {start.data && (
                <>
                  {!start.data.ci && <Alert severity="info">{text('generator.no_ci')}</Alert>}
                  <TextField select size="small" name="template" label={text('generator.template')} value={template} onChange={(event) => setTemplate(event.target.value)}
                    error={!!errors.template} helperText={errors.template || undefined}>
                    {start.data.templates.map((entry) => (
                      <MenuItem key={entry.id} value={entry.id}>{entry.name}{entry.advertiser ? '' : ` (${text('generator.platform')})`}</MenuItem>
                    ))}
                  </TextField>
                  {field('slogan', text('fields.slogan'), 90, true)}
                  {field('productName', text('fields.productName'), 60, true)}
                  {imageField('productImage')}
                  {imageField('logo')}
                  <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                    {(['primaryColor', 'secondaryColor', 'textColor'] as const).map((key) => (
                      <ColourField key={key} name={key} label={text(`fields.${key}`)} value={values[key] ?? ''} error={errors[`values.${key}`] || undefined} onChange={(value) => set(key, value)} />
                    ))}
                  </Stack>
                  {field('clickUrl', text('fields.clickUrl'))}
                  {field('cta', text('fields.cta'), 30)}
                  {extraFields.map((entry) => field(entry.key, entry.label || entry.key, entry.max, entry.required))}
                  <Box>
                    <Typography variant="caption" color="text.secondary">{text('generator.sizes')}</Typography>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }} data-testid="generator-sizes">
                      {start.data.sizes.map((size) => {
                        const name = sizeName(size);
                        const on = sizes.has(name);
                        return <Chip key={name} label={name} size="small" color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} onClick={() => toggleSize(name)} aria-pressed={on} />;
                      })}
                    </Stack>
                    {errors.sizes && <Typography variant="caption" color="error">{errors.sizes}</Typography>}
                  </Box>
                  <Button variant="contained" size="large" startIcon={<SaveIcon />} disabled={busy || !template || !shownSizes.length} onClick={save} data-action="save-banners">
                    {text('generator.save', { smart_count: shownSizes.length })}
                  </Button>
                </>
              )}
            </Stack>
          </CardContent>
        </Card>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          {saved && (
            <Card data-testid="saved-banners">
              <CardContent>
                <Typography variant="h6" gutterBottom>{text('generator.saved_title', { smart_count: saved.length, advertiser: start.data?.advertiser.name ?? '' })}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{text('generator.saved_help')}</Typography>
                <Stack spacing={0.5}>
                  {saved.map((banner) => (
                    <Stack key={banner.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-saved={banner.name}>
                      <Typography sx={{ flex: 1, minWidth: 160 }}>{banner.name}</Typography>
                      <EmbedCodeButton banner={banner} compact />
                    </Stack>
                  ))}
                </Stack>
                {mayOpen('/banners') && <Button component={RouterLink} to={`/banners?bannerType=template_ad&advertiser=${advertiser}`} sx={{ mt: 1 }}>{text('generator.to_banners')}</Button>}
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent>
              <Typography variant="h6">{text('generator.preview')}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{text('generator.preview_help')}</Typography>
              {!shownSizes.length && <Typography color="text.secondary">{text('generator.no_sizes')}</Typography>}
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }} data-testid="generator-previews">
                {template && shownSizes.map((size) => (
                  <Box key={sizeName(size)} data-size={sizeName(size)} sx={{ minWidth: 0, maxWidth: '100%' }}>
                    <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>{sizeName(size)}</Typography>
                    <ScaledFrame title={text('generator.preview_of', { size: sizeName(size) })} width={size.width} height={size.height} src={templateUrl(template, size, preview)} />
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Stack>
      </Stack>
    </Box>
  );
}
