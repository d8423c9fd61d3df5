/** Small pieces the wizard's steps share: sections, a field's server error, value labels, chip choices. */
import type { ReactNode } from 'react';
import { Box, Chip, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { valueLabels } from '@adsuite/config/i18n/index';
import type { BookingDraft } from './draft.ts';
import type { Patch } from './useBookingWizard.ts';

/** What every step receives. */
export interface StepProps {
  draft: BookingDraft;
  change: (patch: Patch) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}

export const M = (key: string) => `app.booking_wizard.${key}`;

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ '& + &': { mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate(title)}</Typography>
      {description && <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(description)}</Typography>}
      <Box sx={{ mt: description ? 0 : 2 }}>{children}</Box>
    </Box>
  );
}

/** Two columns on wide screens, one on narrow ones. */
export function Columns({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` } }}>{children}</Box>;
}

/** The props that show a field's server error in place of its help text. */
export function errorProps(errors: Record<string, string>, field: string, help?: ReactNode) {
  const error = errors[field];
  return { error: Boolean(error), helperText: error ?? help, 'data-field': field };
}

/** How a code or enum value reads: the shared value labels, else the wizard's own. */
export function useValueLabel() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labels = valueLabels[locale === 'en' ? 'en' : 'de'] as Record<string, string>;
  return (group: string, value: string) => labels[value] ?? translate(M(`values.${group}.${value}`), { _: value });
}

/** A multiple choice as chips: none chosen reads "all". */
export function ChipChoice({ label, field, options, value, onChange, errors, readOnly, group }: {
  label: string; field: string; options: readonly string[]; value: string[]; onChange: (value: string[]) => void;
  errors: Record<string, string>; readOnly: boolean; group: string;
}) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  const toggle = (option: string) => onChange(value.includes(option) ? value.filter((entry) => entry !== option) : [...value, option]);
  return (
    <FormControl error={Boolean(errors[field])} data-field={field} component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1 }}>{translate(label)}</FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {options.map((option) => (
          <Chip
            key={option}
            label={labelOf(group, option)}
            color={value.includes(option) ? 'primary' : 'default'}
            variant={value.includes(option) ? 'filled' : 'outlined'}
            onClick={readOnly ? undefined : () => toggle(option)}
            aria-pressed={value.includes(option)}
          />
        ))}
      </Stack>
      <FormHelperText>{errors[field] ?? (value.length ? '' : translate(M('all_when_none')))}</FormHelperText>
    </FormControl>
  );
}

/** Text with one entry per line <-> a list. */
export const toLines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
