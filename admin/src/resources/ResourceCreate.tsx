/** The create screen of any declared resource: writable fields with their declared defaults. */
import { Create, SimpleForm, useGetResourceLabel, useTranslate } from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { useAbilityState, useCan } from '../abilities/AbilityProvider.tsx';
import { Forbidden } from '../layout/Forbidden.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useResourceInputs } from './ResourceForm.tsx';
import { writableValues } from './record.ts';
import { useSaveFeedback } from './useSaveFeedback.ts';

export function ResourceCreate({ resource }: { resource: ResourceDef }) {
  const { ready } = useAbilityState();
  const can = useCan();
  const translate = useTranslate();
  const title = translate('ra.page.create', { name: useGetResourceLabel()(resource.name, 1) });
  const feedback = useSaveFeedback(resource, 'created');
  const inputs = useResourceInputs({ resource, mode: 'create', writable: true });
  usePageTitle(title);
  if (!ready) return null;
  if (!can('create', resource.name)) return <Forbidden />;
  return (
    <Create title={title} transform={(data) => writableValues(resource, data)} mutationOptions={feedback}>
      <SimpleForm sanitizeEmptyValues>{inputs}</SimpleForm>
    </Create>
  );
}
