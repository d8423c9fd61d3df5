/**
 * The edit screen of any declared resource: every non-private field, read-only ones disabled; a user who
 * may not update this record sees the form disabled and without buttons. Whether the screen opens at all
 * is the route guard's question.
 */
import { Box } from '@mui/material';
import { Edit, SaveButton, SimpleForm, Toolbar, useGetResourceLabel, useRecordContext } from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { ArchiveButton } from './ArchiveButton.tsx';
import { useResourceInputs } from './ResourceForm.tsx';
import { writableValues } from './record.ts';
import { recordActionsOf } from './recordActions.ts';
import { pathTo } from './routes.ts';
import { useSaveFeedback } from './useSaveFeedback.ts';

function EditForm({ resource }: { resource: ResourceDef }) {
  const record = useRecordContext();
  const can = useCan();
  const writable = Boolean(record) && can('update', resource.name, record);
  const one = useGetResourceLabel()(resource.name, 1);
  const inputs = useResourceInputs({ resource, mode: 'edit', writable });
  const actions = recordActionsOf(resource.name);
  usePageTitle(record ? `${one} ${record[resource.titleField] ?? record.id}` : one);
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

export function ResourceEdit({ resource }: { resource: ResourceDef }) {
  const { ready } = useAbilityState();
  const feedback = useSaveFeedback(resource, 'updated');
  if (!ready) return null;
  return (
    <Edit mutationMode="pessimistic" transform={(data) => writableValues(resource, data)} mutationOptions={feedback}>
      <EditForm resource={resource} />
    </Edit>
  );
}
