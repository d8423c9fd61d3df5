/**
 * The edit screen of any declared resource: every non-private field, read-only ones disabled; a user who
 * may not update this record sees the form disabled and without buttons. The plugins' record actions
 * (recordActions.ts) sit beside the save button; a user who only reads the record gets, above the form, those of
 * them made for readers too (a component with `forReaders = true`: staff who read a campaign open its invitations).
 * Each action still decides whom it shows itself to. Whether the screen opens at all is the route guard's question.
 */
import { Box } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useGetResourceLabel, useRecordContext, type RaRecord } from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useRecordTitle } from '../screens/useRecordTitle.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { useResourceInputs } from './ResourceForm.tsx';
import { writableValues } from './record.ts';
import { recordActionsOf } from './recordActions.ts';
import { pathTo } from './routes.ts';
import { useSaveFeedback } from './useSaveFeedback.ts';
import { useValueLabel } from './useValueLabel.ts';

/**
 * What names a record in its screen's title: its title field as the user reads it, i.e. the name of the record
 * a reference names (a coupon redemption's coupon, an optimizer's campaign) and an enum's label; never an id.
 */
function useRecordName(resource: ResourceDef, record: RaRecord | undefined): string | undefined {
  const field = resource.fields[resource.titleField];
  const value = record?.[resource.titleField];
  const ref = field?.type === 'ref' ? field.ref : undefined;
  const referenced = useRecordTitle(ref ?? '', ref && value ? String(value) : undefined);
  const valueLabel = useValueLabel(resource.name);
  if (value === undefined || value === null || value === '') return undefined;
  if (ref) return referenced;
  if (field?.type === 'enum') return valueLabel(resource.titleField, value);
  return typeof value === 'object' ? undefined : String(value);
}

/** The title: the entity type and the record's name (`Gutscheineinlösung NEW25`); also the page title. */
function RecordHeading({ resource }: { resource: ResourceDef }) {
  const record = useRecordContext();
  const one = useGetResourceLabel()(resource.name, 1);
  const name = useRecordName(resource, record);
  const title = name ? `${one} ${name}` : one;
  usePageTitle(title);
  return <>{title}</>;
}

function EditForm({ resource }: { resource: ResourceDef }) {
  const record = useRecordContext();
  const can = useCan();
  const writable = Boolean(record) && can('update', resource.name, record);
  const inputs = useResourceInputs({ resource, mode: 'edit', writable });
  const actions = recordActionsOf(resource.name);
  const toolbar = writable ? (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <SaveButton />
      {actions.map((Action, index) => <Action key={index} />)}
      <Box sx={{ flex: 1 }} />
      <ArchiveButton resource={resource} redirectTo={pathTo(resource, 'list')} />
    </Toolbar>
  ) : false;
  return (
    <SimpleForm toolbar={toolbar} sanitizeEmptyValues>
      {inputs}
    </SimpleForm>
  );
}

/** For a user who may not change the record: the record actions made for readers, above the form (none: nothing). */
function ReaderActions({ resource }: { resource: ResourceDef }) {
  const record = useRecordContext();
  const can = useCan();
  if (!record || can('update', resource.name, record)) return null;
  const actions = recordActionsOf(resource.name).filter((Action) => (Action as { forReaders?: boolean }).forReaders === true);
  if (!actions.length) return null;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', '&:empty': { display: 'none' } }}>
      {actions.map((Action, index) => <Action key={index} />)}
    </TopToolbar>
  );
}

export function ResourceEdit({ resource }: { resource: ResourceDef }) {
  const { ready } = useAbilityState();
  const feedback = useSaveFeedback(resource, 'updated');
  if (!ready) return null;
  return (
    <Edit title={<RecordHeading resource={resource} />} actions={<ReaderActions resource={resource} />} mutationMode="pessimistic" transform={(data) => writableValues(resource, data)} mutationOptions={feedback}>
      <EditForm resource={resource} />
    </Edit>
  );
}
