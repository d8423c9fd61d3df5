/** What the generated screens need to know about a record of a declared resource. */
import type { RaRecord } from 'react-admin';
import type { FieldDef, ResourceDef } from '@adsuite/config';

export type FormMode = 'create' | 'edit';

/**
 * The fields a form shows: never private ones; read-only ones only when editing (and then disabled); JSON
 * without declared parts (free-form data) only to whoever may edit raw JSON, the systemoperator.
 */
export function formFields(resource: ResourceDef, mode: FormMode, { rawJson = false } = {}): [string, FieldDef][] {
  return Object.entries(resource.fields).filter(([, field]) =>
    !field.private && (mode === 'edit' || !field.readOnly) && (rawJson || field.type !== 'json' || field.shape !== undefined));
}

/** Only the declared, writable fields go to the server; read-only and private ones are the server's. */
export function writableValues(resource: ResourceDef, data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => {
      const field = resource.fields[key];
      return field && !field.readOnly && !field.private;
    }),
  );
}

/** Archived (soft-deleted) records carry `archivedAt`. */
export function isArchived(record: RaRecord | undefined): boolean {
  return Boolean(record && (record.archivedAt || record.archived === true));
}

/**
 * The value a new record starts with: the declared default, or for the tenant field (the advertiser or
 * publisher a record belongs to) the one currently selected in the top bar.
 */
export function initialValue(
  resource: ResourceDef,
  source: string,
  selected: { advertiser?: string | null; publisher?: string | null },
): unknown {
  const declared = resource.fields[source]?.default;
  if (declared !== undefined) return declared;
  const tenant = resource.tenant;
  if (!tenant || tenant.field !== source || tenant.by === 'owner') return undefined;
  return (tenant.by === 'advertiser' ? selected.advertiser : selected.publisher) ?? undefined;
}
