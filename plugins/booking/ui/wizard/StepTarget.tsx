/**
 * Step 2, target group and advertised item: the target URL, gender, age and income groups, locations,
 * countries, the domain list (one per line, within the channels' maximum), blacklist keywords, CDP segments,
 * categories and retargeting.
 */
import { Autocomplete, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { AGE_CODES, GENDERS, INCOME_CODES } from '@adsuite/config';
import { ChipChoice, Columns, errorProps, M, Section, useValueLabel, type StepProps } from './fields.tsx';
import { Locations } from './Locations.tsx';
import { domainLimits } from './requirements.ts';

interface Option {
  value: string;
  label: string;
}

/** Several records of a resource, chosen by name; `valueField` is what the booking keeps. */
function RecordPicker({ resource, field, valueField, labelField, value, onChange, errors, readOnly, empty }: {
  resource: string; field: string; valueField: string; labelField: string; value: string[]; onChange: (value: string[]) => void;
  errors: Record<string, string>; readOnly: boolean; empty: string;
}) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList(resource, { pagination: { page: 1, perPage: 500 }, sort: { field: labelField, order: 'ASC' } });
  const options: Option[] = data.map((record) => ({ value: String(record[valueField]), label: String(record[labelField] ?? record[valueField]) }));
  const chosen = value.map((entry) => options.find((option) => option.value === entry) ?? { value: entry, label: entry });
  const help = !isPending && options.length === 0 ? translate(M(empty)) : undefined;
  return (
    <Autocomplete<Option, true>
      multiple
      options={options}
      loading={isPending}
      disabled={readOnly}
      value={chosen}
      isOptionEqualToValue={(option, other) => option.value === other.value}
      getOptionLabel={(option) => option.label}
      onChange={(_event, next) => onChange(next.map((option) => option.value))}
      noOptionsText={translate(M('no_options'))}
      renderInput={(params) => <TextField {...params} name={field} label={translate(M(`fields.${field}`))} {...errorProps(errors, field, help)} />}
    />
  );
}

export function StepTarget(props: StepProps) {
  const translate = useTranslate();
  const labelOf = useValueLabel();
  const { draft, change, errors, readOnly } = props;
  const domains = domainLimits(draft.domains, draft.channels);
  const domainHelp = [
    translate(M('domains_count'), { smart_count: domains.count }),
    ...domains.limits.map((limit) => translate(M('domains_max'), { channel: limit.name, max: limit.max })),
  ].join(' · ');
  return (
    <>
      <Section title={M('sections.item')}>
        <Columns>
          <TextField name="target" type="url" label={translate(M('fields.target'))} value={draft.target} disabled={readOnly} placeholder="https://"
            onChange={(event) => change({ target: event.target.value })} {...errorProps(errors, 'target', translate(M('target_help')))} />
          <FormControlLabel
            sx={{ alignSelf: 'center' }}
            disabled={readOnly}
            control={<Switch name="retargeting" checked={draft.retargeting} onChange={(event) => change({ retargeting: event.target.checked })} />}
            label={translate(M('fields.retargeting'))}
          />
        </Columns>
      </Section>
      <Section title={M('sections.audience')}>
        <Stack spacing={2.5}>
          <TextField select name="gender" label={translate(M('fields.gender'))} value={draft.gender} disabled={readOnly} sx={{ maxWidth: 320 }}
            onChange={(event) => change({ gender: event.target.value as typeof draft.gender })} {...errorProps(errors, 'gender')}>
            {GENDERS.map((gender) => <MenuItem key={gender} value={gender}>{labelOf('gender', gender)}</MenuItem>)}
          </TextField>
          <ChipChoice label={M('fields.age')} field="age" group="age" options={AGE_CODES} value={draft.age} errors={errors} readOnly={readOnly}
            onChange={(age) => change({ age })} />
          <ChipChoice label={M('fields.income')} field="income" group="income" options={INCOME_CODES} value={draft.income} errors={errors}
            readOnly={readOnly} onChange={(income) => change({ income })} />
          <Columns>
            <RecordPicker resource="segment" field="cdpSegments" valueField="id" labelField="name" value={draft.cdpSegments} errors={errors}
              readOnly={readOnly} empty="no_segments" onChange={(cdpSegments) => change({ cdpSegments })} />
            <RecordPicker resource="category" field="categories" valueField="id" labelField="name" value={draft.categories} errors={errors}
              readOnly={readOnly} empty="no_categories" onChange={(categories) => change({ categories })} />
          </Columns>
        </Stack>
      </Section>
      <Section title={M('sections.locations')} description={M('sections.locations_help')}>
        <Stack spacing={2}>
          <Locations {...props} />
          <RecordPicker resource="country" field="countries" valueField="alpha2" labelField="name" value={draft.countries} errors={errors}
            readOnly={readOnly} empty="no_countries" onChange={(countries) => change({ countries })} />
        </Stack>
      </Section>
      <Section title={M('sections.placement')} description={M('sections.placement_help')}>
        <Columns>
          <TextField name="domains" multiline minRows={5} maxRows={12} label={translate(M('fields.domains'))} value={draft.domains} disabled={readOnly}
            placeholder={'example.com\nnews.example.org'} onChange={(event) => change({ domains: event.target.value })}
            {...errorProps(errors, 'domains', domainHelp)} error={Boolean(errors.domains) || domains.exceeded.length > 0} />
          <TextField name="blacklist" multiline minRows={5} maxRows={12} label={translate(M('fields.blacklist'))} value={draft.blacklist}
            disabled={readOnly} onChange={(event) => change({ blacklist: event.target.value })}
            {...errorProps(errors, 'blacklist', translate(M('blacklist_help')))} />
        </Columns>
      </Section>
    </>
  );
}
