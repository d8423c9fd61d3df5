/**
 * The affiliate wizard's form (SPEC section 2 "Affiliate wizard", sections 3 and 5 "Wizard"): every field with its
 * default (width 300, height 250, channel platform161, comma delimiter, the tracking domain as ad server), the
 * pickers, the network's preset applied as the revenue source is chosen, and the ad code with its live preview.
 */
import type { ReactNode } from 'react';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { Box, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import {
  AutocompleteArrayInput, AutocompleteInput, Button, NumberInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput,
  required, useNotify, type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { AFFILIATE_NETWORKS, WIZARD_CHANNELS, WIZARD_COMPRESSIONS, WIZARD_DATATYPES } from '@adsuite/config';
import { CSV_DELIMITERS, MANUAL_DATASOURCE } from '@adsuite/config/resources/wizard';
import { session, useValueLabel } from '@adsuite/admin/kit';
import { hasPreset, presetFields } from '../presets.ts';
import { AdCodeEditor } from './AdCodeEditor.tsx';
import { CategoriesInput, CountryInput } from './pickers.tsx';
import { useText } from './useText.ts';

const label = (field: string) => `resources.wizard.fields.${field}`;
const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '|': 'pipe', tab: 'tab' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%', '& + &': { mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>{title}</Typography>
      {children}
    </Box>
  );
}

const Columns = ({ children, columns = 2 }: { children: ReactNode; columns?: number }) => (
  <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` }, width: '100%' }}>{children}</Box>
);

/** Applies the chosen network's preset to the form (prefix, ad code, compression) and says what it filled. */
function usePreset() {
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const text = useText();
  const valueLabel = useValueLabel('wizard');
  return (source: unknown) => {
    const values = getValues();
    const name = valueLabel('revenueSource', source);
    if (!hasPreset(source)) return notify(text('preset.none', { source: name }), { type: 'info' });
    const preset = presetFields(source, values.affiliatelink, { width: values.width, height: values.height, name: values.name });
    if (!preset) return notify(text('preset.needs_link'), { type: 'warning' });
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('affiliateprefix', preset.affiliateprefix, options);
    setValue('adcode', preset.adcode, options);
    if (preset.compression) setValue('compression', preset.compression, options);
    notify(text('preset.applied', { source: name, compression: preset.compression ? text('preset.compression') : '' }), { type: 'info' });
  };
}

function NetworkInputs({ writable }: { writable: boolean }) {
  const text = useText();
  const valueLabel = useValueLabel('wizard');
  const apply = usePreset();
  const source = useWatch({ name: 'revenueSource' });
  const prefixNeeded: Validator = (value, all) => (all.datasource !== MANUAL_DATASOURCE && !value ? text('prefix_needed') : undefined);
  return (
    <>
      <Columns>
        <Box sx={{ display: 'flex', columnGap: 1, alignItems: 'flex-start', flexWrap: 'wrap', '& > :first-of-type': { flex: '1 1 12rem' } }}>
          <SelectInput
            source="revenueSource" label={label('revenueSource')} validate={required()} fullWidth
            choices={AFFILIATE_NETWORKS.map((id) => ({ id, name: valueLabel('revenueSource', id) }))}
            onChange={(event) => apply(event?.target?.value)}
          />
          {writable && hasPreset(source) && (
            <Button label={text('preset.again')} onClick={() => apply(source)} sx={{ mt: { xs: 0, sm: 2 }, mb: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' }}>
              <AutoFixHighIcon />
            </Button>
          )}
        </Box>
        <TextInput source="programid" label={label('programid')} validate={required()} fullWidth />
      </Columns>
      <TextInput source="affiliatelink" label={label('affiliatelink')} validate={required()} type="url" fullWidth />
      <TextInput source="affiliateprefix" label={label('affiliateprefix')} validate={prefixNeeded} fullWidth />
      <TextInput source="targeturl" label={label('targeturl')} validate={required()} type="url" fullWidth />
    </>
  );
}

function FeedInputs() {
  const text = useText();
  const valueLabel = useValueLabel('wizard');
  const { setValue } = useFormContext();
  const [datasource, datatype, delimiter] = useWatch({ name: ['datasource', 'datatype', 'delimiter'] });
  const manual = datasource === MANUAL_DATASOURCE;
  const choose = (mode: string) => setValue('datasource', mode === 'manual' ? MANUAL_DATASOURCE : '', { shouldDirty: true, shouldValidate: true });
  const changeType = (type: string) => {
    const csv = (CSV_DELIMITERS as readonly string[]).includes(delimiter);
    if (type === 'xml' && csv) setValue('delimiter', 'product', { shouldDirty: true });
    if (type !== 'xml' && !csv) setValue('delimiter', ',', { shouldDirty: true });
  };
  return (
    <>
      <RadioGroup row value={manual ? 'manual' : 'automatic'} onChange={(event) => choose(event.target.value)} aria-label={text('sections.feed')}>
        <FormControlLabel value="automatic" control={<Radio size="small" />} label={text('datasource.automatic')} />
        <FormControlLabel value="manual" control={<Radio size="small" />} label={text('datasource.manual')} />
      </RadioGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{text(manual ? 'datasource.manual_help' : 'datasource.automatic_help')}</Typography>
      {/* Kept in the form either way: a manual program stores `manual` as its data source. */}
      <Box sx={{ display: manual ? 'none' : 'block', width: '100%' }}>
        <TextInput source="datasource" label={label('datasource')} validate={required()} type="url" fullWidth />
      </Box>
      <Columns columns={3}>
        <SelectInput
          source="datatype" label={label('datatype')} validate={required()} fullWidth
          choices={WIZARD_DATATYPES.map((id) => ({ id, name: valueLabel('datatype', id) }))} onChange={(event) => changeType(event?.target?.value)}
        />
        <SelectInput source="compression" label={label('compression')} validate={required()} fullWidth choices={WIZARD_COMPRESSIONS.map((id) => ({ id, name: valueLabel('compression', id) }))} />
        {datatype === 'xml'
          ? <TextInput source="delimiter" label={text('delimiter.selector')} helperText={text('delimiter.selector_help')} validate={required()} fullWidth />
          : <SelectInput source="delimiter" label={label('delimiter')} validate={required()} fullWidth choices={CSV_DELIMITERS.map((id) => ({ id, name: text(`delimiter.${DELIMITER_NAMES[id]}`) }))} />}
      </Columns>
    </>
  );
}

export function WizardForm({ writable }: { writable: boolean }) {
  const text = useText();
  const valueLabel = useValueLabel('wizard');
  return (
    <>
      <Section title={text('sections.program')}>
        <Columns>
          <TextInput source="name" label={label('name')} validate={required()} fullWidth />
          <ReferenceInput source="advertiser" reference="advertiser">
            <AutocompleteInput label={label('advertiser')} validate={required()} fullWidth />
          </ReferenceInput>
          <TextInput source="url" label={label('url')} validate={required()} type="url" fullWidth />
          <ReferenceArrayInput source="vertical" reference="vertical">
            <AutocompleteArrayInput label={label('vertical')} validate={required()} fullWidth />
          </ReferenceArrayInput>
          <CountryInput label={label('countries')} validate={required()} />
          <CategoriesInput label={label('categories')} validate={required()} />
        </Columns>
      </Section>
      <Section title={text('sections.network')}>
        <NetworkInputs writable={writable} />
      </Section>
      <Section title={text('sections.feed')}>
        <FeedInputs />
      </Section>
      <Section title={text('sections.ad')}>
        <Columns columns={4}>
          <NumberInput source="width" label={label('width')} validate={required()} min={1} max={4000} step={1} fullWidth />
          <NumberInput source="height" label={label('height')} validate={required()} min={1} max={4000} step={1} fullWidth />
          <SelectInput source="channel" label={label('channel')} validate={required()} fullWidth choices={WIZARD_CHANNELS.map((id) => ({ id, name: valueLabel('channel', id) }))} />
          <TextInput source="adserver" label={label('adserver')} validate={required()} fullWidth />
        </Columns>
        <AdCodeEditor label={label('adcode')} />
      </Section>
    </>
  );
}

/** What a new wizard starts with (SPEC section 3): the declared defaults, the selected advertiser, the tracking domain. */
export const newWizardDefaults = () => ({
  advertiser: session.selectedAdvertiser() ?? undefined, adserver: window.location.host, width: 300, height: 250, channel: 'platform161',
  datatype: 'csv', compression: 'none', delimiter: ',', datasource: '', vertical: [], countries: [], categories: [],
});
