/** The inputs of a create or edit form, one per declared field that the form may show. */
import { useLocaleState } from 'react-admin';
import { canGiveOption, canWriteField, type ResourceDef } from '@adsuite/config';
import { useCan } from '../abilities/AbilityProvider.tsx';
import { session, type Language } from '../session.ts';
import { inputFor } from './inputs.tsx';
import { formFields, initialValue, type FormMode } from './record.ts';
import { useValueLabel } from './useValueLabel.ts';

interface ResourceInputsProps {
  resource: ResourceDef;
  mode: FormMode;
  /** False when the user may only look: every input is disabled. */
  writable: boolean;
  /** Values a new record starts with, over the declared defaults (from the path, e.g. the catalog). */
  preset?: Record<string, unknown>;
}

export function useResourceInputs({ resource, mode, writable, preset = {} }: ResourceInputsProps) {
  const can = useCan();
  const [locale] = useLocaleState();
  const valueLabel = useValueLabel(resource.name);
  const selected = { advertiser: session.selectedAdvertiser(), publisher: session.selectedPublisher() };
  const role = session.role();
  // A field the role may not set shows its value (or default) but cannot be changed (FieldDef.writeRoles).
  const settable = (source: string) => role !== null && canWriteField(resource, source, role, mode === 'create' ? 'create' : 'update');
  const rawJson = role === 'systemoperator';
  return formFields(resource, mode, { rawJson }).map(([source, field]) =>
    inputFor(source, field, {
      resource: resource.name,
      label: `resources.${resource.name}.fields.${source}`,
      disabled: !writable || !settable(source),
      defaultValue: mode === 'create' ? preset[source] ?? initialValue(resource, source, selected) : undefined,
      canRead: (name) => can('read', name),
      help: field.help?.[locale as Language],
      valueLabel: (value) => valueLabel(source, value),
      rawJson,
      givable: (option) => role !== null && canGiveOption(field, option, role),
    }),
  );
}
