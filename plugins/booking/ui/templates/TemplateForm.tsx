/** The booking template form of create and edit: general data, preset channels, daily budget range, target group. */
import { Grid, Typography } from '@mui/material';
import {
  AutocompleteInput, BooleanInput, NumberInput, ReferenceInput, SaveButton, SelectArrayInput, SelectInput, SimpleForm, TextInput,
  Toolbar, required, useInput, useTranslate,
} from 'react-admin';
import { AGE_CODES, GENDERS, GOALS, resourceByName } from '@adsuite/config';
import { ArchiveButton, useValueLabel } from '@adsuite/admin/kit';
import { ChannelPicker } from '../list/ChannelPicker.tsx';
import { budgetRangeErrors } from './templateRules.ts';

const field = (name: string) => `resources.bookingtemplate.fields.${name}`;

function ChannelsInput({ disabled }: { disabled?: boolean }) {
  const { field: input } = useInput({ source: 'channels', defaultValue: [] });
  return <ChannelPicker value={input.value ?? []} onChange={input.onChange} disabled={disabled} />;
}

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return <Typography variant="subtitle1" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>{translate(`app.booking_templates.sections.${title}`)}</Typography>;
}

interface TemplateFormProps {
  /** False when the user may only look. */
  writable: boolean;
  defaultAdvertiser?: string | null;
  withDelete?: boolean;
}

export function TemplateForm({ writable, defaultAdvertiser, withDelete }: TemplateFormProps) {
  const translate = useTranslate();
  const valueLabel = useValueLabel('bookingtemplate');
  const choices = (options: readonly string[], name: string) => options.map((id) => ({ id, name: valueLabel(name, id) }));
  const ages = AGE_CODES.map((id) => ({ id, name: translate(`app.bookings.age.${id}`) }));
  const toolbar = writable ? (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {withDelete && <ArchiveButton resource={resourceByName.bookingtemplate} redirectTo="/bookingtemplate" />}
    </Toolbar>
  ) : false;
  return (
    <SimpleForm toolbar={toolbar} disabled={!writable} validate={(values) => budgetRangeErrors(values)} sanitizeEmptyValues>
      <Section title="general" />
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 6 }}><TextInput source="name" label={field('name')} validate={required()} fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReferenceInput source="advertiser" reference="advertiser">
            <AutocompleteInput label={field('advertiser')} validate={required()} defaultValue={defaultAdvertiser ?? undefined} fullWidth />
          </ReferenceInput>
        </Grid>
        <Grid size={12}><TextInput source="description" label={field('description')} multiline minRows={2} fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 4 }}><SelectInput source="goal" label={field('goal')} choices={choices(GOALS, 'goal')} defaultValue="clicks" fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 6 }}><TextInput source="target" label={field('target')} type="url" fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 2 }}><BooleanInput source="active" label={field('active')} defaultValue /></Grid>
      </Grid>
      <Section title="channels" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.booking_templates.channels_help')}</Typography>
      <ChannelsInput disabled={!writable} />
      <Section title="budget" />
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 4 }}><NumberInput source="minDailyBudget" label={field('minDailyBudget')} min={0} step={0.01} defaultValue={1} fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 4 }}><NumberInput source="maxDailyBudget" label={field('maxDailyBudget')} min={0} step={0.01} fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 4 }}><NumberInput source="defaultDailyBudget" label={field('defaultDailyBudget')} min={0} step={0.01} defaultValue={5} fullWidth /></Grid>
      </Grid>
      <Section title="targeting" />
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 4 }}><SelectInput source="gender" label={field('gender')} choices={choices(GENDERS, 'gender')} defaultValue="all" fullWidth /></Grid>
        <Grid size={{ xs: 12, md: 8 }}><SelectArrayInput source="age" label={field('age')} choices={ages} defaultValue={[]} fullWidth /></Grid>
      </Grid>
    </SimpleForm>
  );
}
