import { describe, expect, it } from 'vitest';
import { resourceByName, type FieldDef } from '@adsuite/config';
import { isJsonText, validatorsFor } from './validation.ts';

/** The first error the declared validators give for a value, or undefined when it passes. */
const check = (field: FieldDef, value: unknown) => {
  for (const validate of validatorsFor(field)) {
    const error = validate(value, {}, {} as never);
    if (error) return typeof error === 'string' ? error : (error as { message: string }).message;
  }
  return undefined;
};

describe('validation from declarations', () => {
  const { name, url } = resourceByName.advertiser.fields;

  it('requires required fields and bounds text length by min/max', () => {
    expect(check(name, '')).toBe('ra.validation.required');
    expect(check(name, 'ab')).toBe('ra.validation.minLength');
    expect(check(name, 'x'.repeat(201))).toBe('ra.validation.maxLength');
    expect(check(name, 'Demo Shop GmbH')).toBeUndefined();
  });

  it('bounds numbers by value and insists on whole numbers for integers', () => {
    const width = resourceByName.banner.fields.width;
    expect(check(width, 0)).toBe('ra.validation.minValue');
    expect(check(width, 5000)).toBe('ra.validation.maxValue');
    expect(check(width, 12.5)).toBe('app.validation.integer');
    expect(check(width, 300)).toBeUndefined();
    expect(check(resourceByName.coupon.fields.amount, 0)).toBe('ra.validation.minValue');
  });

  it('checks addresses and e-mails', () => {
    expect(check(url, 'shop.example')).toBe('app.validation.url');
    expect(check(url, 'https://shop.example')).toBeUndefined();
    expect(check(url, undefined)).toBeUndefined();
    expect(check(resourceByName.login.fields.email, 'not-an-email')).toBe('ra.validation.email');
  });

  it('counts list entries and requires non-empty required lists', () => {
    const countries = resourceByName.wizard.fields.countries;
    expect(check(countries, [])).toBe('ra.validation.required');
    expect(check(countries, ['de', 'at'])).toBe('app.validation.max_items');
    expect(check(countries, ['de'])).toBeUndefined();
  });

  it('never requires a boolean to be true', () => {
    expect(validatorsFor({ type: 'boolean', label: { de: 'A', en: 'A' }, required: true })).toEqual([]);
  });

  it('tells JSON text from broken text', () => {
    expect(isJsonText('{"a": [1, 2]}')).toBe(true);
    expect(isJsonText('{"a": ')).toBe(false);
  });
});
