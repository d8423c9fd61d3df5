/**
 * Who may set which field (FieldDef.writeRoles, createOnly): a write that would give a field a value its role
 * may not set is refused at that field. The admin sends whole records back, so a protected field sent with the
 * value it has already (or, on create, its default) passes and is simply not written.
 */
import { canWriteField, type FieldDef, type ResourceDef, type Role } from '@adsuite/config';
import { text, type FieldError } from '../errors.ts';
import { inSentence } from '@adsuite/config/i18n/serverText';
import { labelOf } from './input.ts';
import { toCents, type Row } from './values.ts';

/** One comparable form of a stored or checked value (dates as ISO text, money and numbers as numbers). */
function comparable(field: FieldDef, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (value instanceof Date) return JSON.stringify(field.type === 'date' ? value.toISOString().slice(0, 10) : value.toISOString());
  if (['money', 'number', 'integer'].includes(field.type)) return JSON.stringify(Number(value));
  if (field.type === 'datetime' && typeof value === 'string') return JSON.stringify(new Date(value).toISOString());
  if ((field.type === 'refMany' || field.type === 'stringList') && Array.isArray(value) && value.length === 0) return 'null';
  return JSON.stringify(value);
}

function declaredDefault(field: FieldDef): unknown {
  if (field.default === undefined) return null;
  return field.type === 'money' ? toCents(field.default as number) : field.default;
}

/**
 * Checks `values` (checked, stored form) against the role's field rights: returns the refused fields and
 * removes from `values` the protected ones that would not change anything. `before` is the row on update.
 */
export function refuseUnwritableFields(resource: ResourceDef, role: Role, values: Row, before?: Row): FieldError[] {
  const mode = before ? 'update' : 'create';
  const errors: FieldError[] = [];
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(resource.fields, key)) continue;
    const field = resource.fields[key];
    if (field.readOnly || field.private || canWriteField(resource, key, role, mode)) continue;
    const current = before ? before[key] : declaredDefault(field);
    if (comparable(field, values[key]) === comparable(field, current)) {
      if (before) delete values[key];
      continue;
    }
    const label = labelOf(field, key);
    errors.push({ field: key, message: field.createOnly && before ? text('validation.create_only', { label }) : text('validation.not_writable', { label: inSentence(label) }) });
  }
  return errors;
}
