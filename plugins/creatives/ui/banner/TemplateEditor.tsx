/**
 * /banner/template, the template editor (SPEC section 2, full width): a banner template's HTML with its `{{key}}`
 * placeholders and `{{#key}}...{{/key}}` sections, the placeholders' declarations, and a live preview rendered by
 * the ad server's own renderer with sample values, at the template's size or any size the generator offers.
 */
import { useEffect, useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, Chip, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff, type Role } from '@adsuite/config';
import { API, apiFetch, useAbilityState, useCan } from '@adsuite/admin/kit';
import { GENERATOR_SIZES, isColourKey, sizeName } from '../../generator.ts';
import { creativesApi, type PlaceholderDeclaration } from '../api.ts';
import { useSubmit } from '../useSubmit.ts';
import { useText } from '../useText.ts';
import { ScaledFrame } from './ScaledFrame.tsx';
import { useDebounced } from './useDebounced.ts';

interface TemplateRecord {
  id?: string;
  name: string;
  advertiser: string | null;
  width: number;
  height: number;
  html: string;
  placeholder: PlaceholderDeclaration[];
  active: boolean;
}

const STARTER_HTML = `<!doctype html>
<html><head><meta charset="utf-8">
<style>
*{box-sizing:border-box;margin:0}
body{width:{{width}}px;height:{{height}}px;overflow:hidden;font-family:Arial,sans-serif}
a{display:flex;flex-direction:column;justify-content:center;gap:8px;height:100%;padding:12px;text-decoration:none;background:{{primaryColor}};color:{{textColor}}}
</style></head>
<body><a href="{{clickUrl}}" target="_blank" rel="noopener">
{{#logo}}<img src="{{logo}}" alt="" style="height:32px;align-self:flex-start">{{/logo}}
<strong>{{productName}}</strong><span>{{slogan}}</span>
</a></body></html>
`;

const STARTER: TemplateRecord = {
  name: '', advertiser: null, width: 300, height: 250, html: STARTER_HTML, active: true,
  placeholder: [
    { key: 'slogan', label: 'Slogan', type: 'text', required: true, max: 90 },
    { key: 'productName', label: 'Product name', type: 'text', required: true, max: 60 },
    { key: 'logo', label: 'Logo', type: 'image' },
    { key: 'clickUrl', label: 'Target URL', type: 'url' },
    { key: 'primaryColor', label: 'Primary colour', type: 'text' },
    { key: 'textColor', label: 'Text colour', type: 'text' },
  ],
};

/** A sample value the preview shows for a placeholder until the user types one. */
function sampleOf(entry: PlaceholderDeclaration): string {
  if (isColourKey(entry.key)) return /text/i.test(entry.key) ? '#ffffff' : /second/i.test(entry.key) ? '#ffb400' : '#0b6fb8';
  if (entry.type === 'url') return 'https://example.com';
  if (entry.type === 'image') return '';
  return entry.label || entry.key;
}

const templatesQuery = async (): Promise<(TemplateRecord & { id: string })[]> =>
  (await apiFetch(`${API}/bannertemplate?${new URLSearchParams({ range: JSON.stringify([0, 199]), sort: JSON.stringify(['name', 'ASC']) })}`)).json;

export function TemplateEditor() {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const can = useCan();
  const client = useQueryClient();
  const { user } = useAbilityState();
  const templates = useQuery({ queryKey: ['creatives', 'templates'], queryFn: templatesQuery, retry: false });
  const [chosen, setChosen] = useState<string>('new');
  const [draft, setDraft] = useState<TemplateRecord>(STARTER);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [size, setSize] = useState<string | null>(null);
  const { busy, errors, setErrors, submit } = useSubmit();
  // Staff choose whose template it is (none: the platform's); an advertiser's own are its selected advertiser's.
  const staff = !!user && isStaff(user.role as Role);

  useEffect(() => {
    const found = templates.data?.find((entry) => entry.id === chosen);
    setDraft(found ? { ...found, placeholder: Array.isArray(found.placeholder) ? found.placeholder : [] } : STARTER);
    setErrors({});
    setSize(null);
  }, [chosen, templates.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const values = useMemo(() => Object.fromEntries(draft.placeholder.filter((entry) => entry.key)
    .map((entry) => [entry.key, samples[entry.key] ?? sampleOf(entry)]).filter(([, value]) => value)), [draft.placeholder, samples]);
  const shownSize = size ? GENERATOR_SIZES.find((entry) => sizeName(entry) === size)! : { width: Number(draft.width) || 300, height: Number(draft.height) || 250 };
  const request = useDebounced(useMemo(() => ({ html: draft.html, placeholder: draft.placeholder.filter((entry) => entry.key), width: shownSize.width, height: shownSize.height, values }),
    [draft.html, draft.placeholder, shownSize.width, shownSize.height, values]), 500);
  const preview = useQuery({ queryKey: ['creatives', 'template-preview', request], queryFn: () => creativesApi.preview(request), retry: false, placeholderData: (previous) => previous });

  const change = (changes: Partial<TemplateRecord>) => setDraft((now) => ({ ...now, ...changes }));
  const setPlaceholder = (index: number, changes: Partial<PlaceholderDeclaration>) =>
    change({ placeholder: draft.placeholder.map((entry, at) => (at === index ? { ...entry, ...changes } : entry)) });
  const writable = draft.id ? can('update', 'bannertemplate') : can('create', 'bannertemplate');

  const save = () => submit(async () => {
    const body = { name: draft.name, advertiser: draft.advertiser, width: Number(draft.width), height: Number(draft.height), html: draft.html, placeholder: draft.placeholder, active: draft.active };
    const { json } = await apiFetch(draft.id ? `${API}/bannertemplate/${draft.id}` : `${API}/bannertemplate`, { method: draft.id ? 'PUT' : 'POST', body: JSON.stringify(body) });
    notify('app.creatives.template.saved', { type: 'success', messageArgs: { name: draft.name } });
    await client.invalidateQueries({ queryKey: ['creatives'] });
    setChosen(json.id);
  });

  return (
    <Box data-testid="template-editor" sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={translate('app.banner_template.title')} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <CardContent>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">{text('template.intro')}</Typography>
              <TextField select size="small" name="template-choice" label={text('template.choose')} value={chosen} onChange={(event) => setChosen(event.target.value)}>
                <MenuItem value="new">{text('template.new')}</MenuItem>
                {(templates.data ?? []).map((entry) => <MenuItem key={entry.id} value={entry.id}>{entry.name} ({entry.width}x{entry.height})</MenuItem>)}
              </TextField>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField size="small" name="name" label={text('template.name')} required value={draft.name} onChange={(event) => change({ name: event.target.value })}
                  error={!!errors.name} helperText={errors.name} sx={{ flex: 2 }} />
                {staff && (
                  <TextField select size="small" name="advertiser" label={text('advertiser')} value={draft.advertiser ?? ''} onChange={(event) => change({ advertiser: event.target.value || null })}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} error={!!errors.advertiser} helperText={errors.advertiser} sx={{ flex: 2 }}>
                    <MenuItem value="">{text('template.platform')}</MenuItem>
                    {(user?.advertisers ?? []).map((entry) => <MenuItem key={entry.id} value={String(entry.id)}>{entry.name}</MenuItem>)}
                  </TextField>
                )}
              </Stack>
              <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                {(['width', 'height'] as const).map((side) => (
                  <TextField key={side} size="small" type="number" name={side} label={text(`template.${side}`)} value={draft[side]} sx={{ width: 120 }}
                    onChange={(event) => change({ [side]: Number(event.target.value) })} error={!!errors[side]} helperText={errors[side]} slotProps={{ htmlInput: { min: 1, max: 4000 } }} />
                ))}
                <FormControlLabel control={<Switch checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />} label={text('template.active')} />
              </Stack>
              <TextField name="html" label={text('template.html')} value={draft.html} onChange={(event) => change({ html: event.target.value })} multiline minRows={12} maxRows={30}
                error={!!errors.html} helperText={errors.html || text('template.html_help')} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }} />
              <Box>
                <Typography variant="subtitle2" gutterBottom>{text('template.placeholders')}</Typography>
                {errors.placeholder && <Alert severity="error" sx={{ mb: 1 }}>{errors.placeholder}</Alert>}
                <Stack spacing={1} data-testid="placeholders">
                  {draft.placeholder.map((entry, index) => (
                    <Box key={index} sx={{ display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0,1fr) minmax(0,1fr) 100px auto minmax(0,1fr) auto' } }} data-placeholder={entry.key}>
                      <TextField size="small" label={text('template.key')} value={entry.key} onChange={(event) => setPlaceholder(index, { key: event.target.value.replace(/[^\w.-]/g, '') })} />
                      <TextField size="small" label={text('template.label')} value={entry.label ?? ''} onChange={(event) => setPlaceholder(index, { label: event.target.value })} />
                      <TextField select size="small" label={text('template.type')} value={entry.type ?? 'text'} onChange={(event) => setPlaceholder(index, { type: event.target.value as PlaceholderDeclaration['type'] })}>
                        {(['text', 'image', 'url'] as const).map((type) => <MenuItem key={type} value={type}>{text(`template.types.${type}`)}</MenuItem>)}
                      </TextField>
                      <FormControlLabel control={<Checkbox size="small" checked={!!entry.required} onChange={(event) => setPlaceholder(index, { required: event.target.checked })} />} label={text('template.required')} />
                      <TextField size="small" label={text('template.sample')} value={samples[entry.key] ?? sampleOf(entry)} disabled={entry.type === 'image'}
                        onChange={(event) => setSamples((now) => ({ ...now, [entry.key]: event.target.value }))} />
                      <Tooltip title={text('template.remove')}>
                        <IconButton sx={{ justifySelf: 'start' }} size="small" aria-label={text('template.remove')} onClick={() => change({ placeholder: draft.placeholder.filter((_entry, at) => at !== index) })}><DeleteOutlineIcon fontSize="small" /></IconButton>
                      </Tooltip>
                    </Box>
                  ))}
                </Stack>
                <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => change({ placeholder: [...draft.placeholder, { key: '', label: '', type: 'text' }] })}>{text('template.add')}</Button>
              </Box>
              {writable && (
                <Box><Button variant="contained" startIcon={<SaveIcon />} disabled={busy || !draft.name.trim()} onClick={save} data-action="save-template">{text('template.save')}</Button></Box>
              )}
            </Stack>
          </CardContent>
        </Card>
        <Card sx={{ width: { xs: '100%', lg: 560 }, flex: 'none', position: { lg: 'sticky' }, top: { lg: 72 } }}>
          <CardContent>
            <Typography variant="h6">{text('template.preview')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{text('template.preview_help')}</Typography>
            <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', mb: 2 }}>
              <Chip size="small" label={text('template.own_size', { size: `${draft.width}x${draft.height}` })} color={size === null ? 'primary' : 'default'} onClick={() => setSize(null)} />
              {GENERATOR_SIZES.map((entry) => <Chip key={sizeName(entry)} size="small" label={sizeName(entry)} color={size === sizeName(entry) ? 'primary' : 'default'} onClick={() => setSize(sizeName(entry))} />)}
            </Stack>
            {preview.error && <Alert severity="warning" sx={{ mb: 1 }}>{(preview.error as Error).message}</Alert>}
            <Box sx={{ minWidth: 0 }} data-testid="template-preview">
              <ScaledFrame title={text('template.preview')} width={request.width} height={request.height} srcDoc={preview.data?.html ?? ''} />
            </Box>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
