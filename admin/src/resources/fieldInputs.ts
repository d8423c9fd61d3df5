/**
 * Inputs plugins give single fields of a generated form (`widgets.fieldInputs` of a PluginUi), by resource and
 * field: the sync job's synchronised record as a link instead of a raw id. Filled from the enabled plugins like
 * the record actions; the generated form only reads it, so it never imports the plugins.
 */
import type { ComponentType } from 'react';
import type { FieldDef } from '@adsuite/config';

/** What a field input gets: the field, and the generated form's own options for it. */
export interface FieldInputProps {
  source: string;
  field: FieldDef;
  resource: string;
  /** The label key, e.g. `resources.sync-queue.fields.foreignId`. */
  label: string;
  disabled: boolean;
  defaultValue?: unknown;
}

const inputs = new Map<string, ComponentType<FieldInputProps>>();

export function addFieldInputs(resource: string, byField: Readonly<Record<string, ComponentType<FieldInputProps>>>) {
  for (const [field, input] of Object.entries(byField)) inputs.set(`${resource}.${field}`, input);
}

export const fieldInputOf = (resource: string, field: string): ComponentType<FieldInputProps> | undefined => inputs.get(`${resource}.${field}`);
