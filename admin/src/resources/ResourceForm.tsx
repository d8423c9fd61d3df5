/** The inputs of a create or edit form, one per declared field that the form may show. */
import { useLocaleState } from 'react-admin';
import { canGiveOption, canWriteField, resourceByName, type FieldDef, type ResourceDef } from '@adsuite/config';
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

/**
 * The input of each declared field as the generated forms make it: label, help text, validation and choices from
 * the declaration; a field the role may not set shows its value (or default) but cannot be changed (FieldDef.writeRoles).
 */
function useFieldInputs(resource: ResourceDef, mode: FormMode, writable: boolean) {
  const can = useCan();
  const [locale] = useLocaleState();
  const valueLabel = useValueLabel(resource.name);
  const role = session.role();
  const settable = (source: string) => role !== null && canWriteField(resource, source, role, mode === 'create' ? 'create' : 'update');
  const rawJson = role === 'systemoperator';
  const input = (source: string, field: FieldDef, defaultValue?: unknown) =>
    inputFor(source, field, {
      resource: resource.name,
      label: `resources.${resource.name}.fields.${source}`,
      disabled: !writable || !settable(source),
      defaultValue,
      canRead: (name) => can('read', name),
      help: field.help?.[locale as Language],
      valueLabel: (value) => valueLabel(source, value),
      rawJson,
      givable: (option) => role !== null && canGiveOption(field, option, role),
    });
  return { input, rawJson };
}

export function useResourceInputs({ resource, mode, writable, preset = {} }: ResourceInputsProps) {
  const { input, rawJson } = useFieldInputs(resource, mode, writable);
  const selected = { advertiser: session.selectedAdvertiser(), publisher: session.selectedPublisher() };
  return formFields(resource, mode, { rawJson }).map(([source, field]) =>
    input(source, field, mode === 'create' ? preset[source] ?? initialValue(resource, source, selected) : undefined));
}

/**
 * One declared field's input on a plugin's own screen of a declared resource (the booking flow's line item): the
 * same label, help text, validation and write rights as the generated edit form; `disabled` for a user who only looks.
 */
export function DeclaredInput({ resource, source, disabled = false }: { resource: string; source: string; disabled?: boolean }) {
  const declaration = resourceByName[resource];
  const field = declaration?.fields[source];
  if (!field) throw new Error(`${resource} declares no field ${source}`);
  const { input } = useFieldInputs(declaration, 'edit', !disabled);
  return input(source, field);
}
