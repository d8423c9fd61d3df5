/** The create screen of any declared resource: writable fields with their declared defaults. */
import { useParams } from 'react-router';
import { Create, SimpleForm, useGetResourceLabel, useTranslate } from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { useResourceInputs } from './ResourceForm.tsx';
import { writableValues } from './record.ts';
import { useSaveFeedback } from './useSaveFeedback.ts';

interface ResourceCreateProps {
  resource: ResourceDef;
  /** A path parameter presetting the field of the same name (`/product/new/:catalog`). */
  param?: string;
}

export function ResourceCreate({ resource, param }: ResourceCreateProps) {
  const { ready } = useAbilityState();
  const translate = useTranslate();
  const params = useParams();
  const title = translate('ra.page.create', { name: useGetResourceLabel()(resource.name, 1) });
  const feedback = useSaveFeedback(resource, 'created');
  const preset = param && params[param] ? { [param]: params[param] } : {};
  const inputs = useResourceInputs({ resource, mode: 'create', writable: true, preset });
  if (!ready) return null;
  return (
    <Create title={title} transform={(data) => writableValues(resource, data)} mutationOptions={feedback}>
      <SimpleForm sanitizeEmptyValues>{inputs}</SimpleForm>
    </Create>
  );
}
