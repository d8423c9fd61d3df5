/** Client-side validation derived from a field declaration: required, and min/max as length, value or count. */
import { maxLength, maxValue, minLength, minValue, regex, email, required, type Validator } from 'react-admin';
import type { FieldDef } from '@adsuite/config';

const TEXTS = ['text', 'textarea', 'email', 'url'];
const NUMBERS = ['number', 'integer', 'money'];
const LISTS = ['stringList', 'refMany'];

const wholeNumber: Validator = (value) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : 'app.validation.integer';

const atMostItems = (max: number): Validator => (value) =>
  Array.isArray(value) && value.length > max ? { message: 'app.validation.max_items', args: { max } } : undefined;

export function validatorsFor(field: FieldDef): Validator[] {
  const validators: Validator[] = [];
  if (field.required && field.type !== 'boolean') validators.push(required());
  if (TEXTS.includes(field.type)) {
    if (field.min !== undefined) validators.push(minLength(field.min));
    if (field.max !== undefined) validators.push(maxLength(field.max));
  }
  if (NUMBERS.includes(field.type)) {
    if (field.min !== undefined) validators.push(minValue(field.min));
    if (field.max !== undefined) validators.push(maxValue(field.max));
  }
  if (field.type === 'integer') validators.push(wholeNumber);
  if (LISTS.includes(field.type) && field.max !== undefined) validators.push(atMostItems(field.max));
  if (field.type === 'email') validators.push(email());
  if (field.type === 'url') validators.push(regex(/^https?:\/\/\S+$/, 'app.validation.url'));
  return validators;
}

/** A JSON field holds its text while it does not parse; such a text must not be saved. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
