/**
 * One creative of the booking: its preview, name, what it is (an uploaded image, video or HTML file, a search
 * ad with headlines, descriptions and keywords, or an ad code with width, height and code) and the chosen
 * channels it runs on.
 */
import { useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import CodeIcon from '@mui/icons-material/Code';
import ImageIcon from '@mui/icons-material/Image';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import MovieIcon from '@mui/icons-material/Movie';
import { Box, Card, CardContent, Chip, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import type { WizardCreative } from './draft.ts';
import { Columns, errorProps, M, useValueLabel } from './fields.tsx';
import { accepts } from './requirements.ts';

interface CreativeProps {
  creative: WizardCreative;
  index: number;
  channels: string[];
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (changes: Partial<WizardCreative>) => void;
  onRemove: () => void;
}

const ICONS = { image_ad: ImageIcon, video_ad: MovieIcon, html_ad: CodeIcon, search_ad: ManageSearchIcon, template_ad: ImageIcon };

function Preview({ creative }: { creative: WizardCreative }) {
  const [broken, setBroken] = useState(false);
  const Icon = ICONS[creative.bannerType];
  const box = { width: 120, height: 90, flex: 'none', borderRadius: 1, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' };
  if (creative.url && !broken && creative.bannerType === 'image_ad') {
    return <Box sx={box}><img src={creative.url} alt={creative.name} onError={() => setBroken(true)} style={{ maxWidth: '100%', maxHeight: '100%' }} /></Box>;
  }
  if (creative.url && !broken && creative.bannerType === 'video_ad') {
    return <Box sx={box}><video src={creative.url} muted onError={() => setBroken(true)} style={{ maxWidth: '100%', maxHeight: '100%' }} /></Box>;
  }
  return <Box sx={box}><Icon color="action" fontSize="large" /></Box>;
}

/** One entry per line; the lines stay as typed until the booking is sent. */
function LinesField({ field, value, errors, readOnly, onChange, rows = 3 }: {
  field: string; value: string[] | undefined; errors: Record<string, string>; readOnly: boolean; onChange: (lines: string[]) => void; rows?: number;
}) {
  const translate = useTranslate();
  const name = field.split('.').pop()!;
  const count = (value ?? []).filter((line) => line.trim()).length;
  return (
    <TextField multiline minRows={rows} name={field} label={translate(M(`creative.${name}`))} value={(value ?? []).join('\n')} disabled={readOnly}
      onChange={(event) => onChange(event.target.value.split('\n'))} {...errorProps(errors, field, translate(M(`creative.${name}_help`), { count }))} />
  );
}

export function CreativeCard({ creative, index, channels, errors, readOnly, onChange, onRemove }: CreativeProps) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  const at = (name: string) => `creatives.${index}.${name}`;
  const toggle = (channel: string) => onChange({
    channels: creative.channels.includes(channel) ? creative.channels.filter((entry) => entry !== channel) : [...creative.channels, channel],
  });
  // An ad code, or an uploaded HTML5 banner whose page declares no size: its size is the user's to give.
  const sized = creative.bannerType === 'html_ad';
  const adCode = sized && !creative.file;
  const atFields = new Set(['name', ...(creative.bannerType === 'search_ad' ? ['headlines', 'descriptions', 'keywords'] : []), ...(sized ? ['width', 'height'] : []), ...(adCode ? ['adCode'] : [])]);
  const facts = [
    creative.width && creative.height ? `${creative.width}x${creative.height}` : null,
    creative.duration ? `${Math.round(creative.duration)} s` : null,
  ].filter(Boolean).join(' · ');
  const ownErrors = Object.entries(errors).filter(([field]) => field === `creatives.${index}` || field.startsWith(`creatives.${index}.`));
  return (
    <Card variant="outlined" data-creative={index} sx={{ borderColor: ownErrors.length ? 'error.main' : undefined }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <Preview creative={creative} />
          <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Chip size="small" label={labelOf('bannerType', adCode ? 'ad_code' : creative.bannerType)} />
              {facts && <Typography variant="caption" color="text.secondary">{facts}</Typography>}
              <Box sx={{ flex: 1 }} />
              {!readOnly && (
                <Tooltip title={translate(M('creative.remove'))}>
                  <IconButton size="small" onClick={onRemove} aria-label={translate(M('creative.remove'))}><DeleteOutlineIcon fontSize="small" /></IconButton>
                </Tooltip>
              )}
            </Stack>
            <TextField size="small" name={at('name')} label={translate(M('creative.name'))} value={creative.name} disabled={readOnly}
              onChange={(event) => onChange({ name: event.target.value })} {...errorProps(errors, at('name'))} />
            {creative.bannerType === 'search_ad' && (
              <Columns columns={3}>
                <LinesField field={at('headlines')} value={creative.headlines} errors={errors} readOnly={readOnly} onChange={(headlines) => onChange({ headlines })} />
                <LinesField field={at('descriptions')} value={creative.descriptions} errors={errors} readOnly={readOnly} onChange={(descriptions) => onChange({ descriptions })} />
                <LinesField field={at('keywords')} value={creative.keywords} errors={errors} readOnly={readOnly} rows={5} onChange={(keywords) => onChange({ keywords })} />
              </Columns>
            )}
            {sized && (
              <Box>
                <Columns columns={4}>
                  {(['width', 'height'] as const).map((side) => (
                    <TextField key={side} size="small" type="number" name={at(side)} label={translate(M(`creative.${side}`))} value={creative[side] ?? ''}
                      disabled={readOnly} onChange={(event) => onChange({ [side]: event.target.value === '' ? null : Number(event.target.value) })}
                      slotProps={{ htmlInput: { min: 1, step: 1 } }} {...errorProps(errors, at(side))} />
                  ))}
                </Columns>
                {!adCode && <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>{translate(M('creative.html_size_help'))}</Typography>}
              </Box>
            )}
            {adCode && (
              <TextField multiline minRows={4} name={at('adCode')} label={translate(M('creative.adCode'))} value={creative.adCode ?? ''} disabled={readOnly}
                onChange={(event) => onChange({ adCode: event.target.value })} slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
                {...errorProps(errors, at('adCode'))} />
            )}
            <Box data-field={at('channels')}>
              <Typography variant="caption" color="text.secondary">{translate(M('creative.channels'))}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
                {channels.map((channel) => {
                  const fits = accepts(channel, creative);
                  const on = creative.channels.includes(channel);
                  return (
                    <Tooltip key={channel} title={fits ? '' : translate(M('creative.not_accepted'))}>
                      <span>
                        <Chip size="small" label={channelByKey[channel]?.name ?? channel} color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'}
                          disabled={readOnly || (!fits && !on)} onClick={() => toggle(channel)} aria-pressed={on} />
                      </span>
                    </Tooltip>
                  );
                })}
              </Stack>
            </Box>
            {/* What no field of this card shows (a size or type the channel refuses, a missing file) shows here, at the card. */}
            {ownErrors.filter(([field]) => !atFields.has(field.slice(`creatives.${index}.`.length))).map(([field, text]) => (
              <FormHelperText key={field} error data-card-error={field}>{text}</FormHelperText>
            ))}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
