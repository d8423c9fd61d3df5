/** Create/update bodies: a NUL character or JSON nested too deeply is a field error, whatever the field's type. */
import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { inWords } from '../errors.ts';
import { checkInput } from './input.ts';

const advertiser = resourceByName.advertiser;
const banner = resourceByName.banner;
const login = resourceByName.login;

const fieldsOf = (result: ReturnType<typeof checkInput>) => result.errors.map((e) => e.field);

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
}

describe('links', () => {
  it('name a host with a dot or this machine (a local server\'s own files), nothing else', () => {
    for (const url of ['https://shop.example.com/sale', 'http://localhost:8080/demo-media/a.svg', 'http://127.0.0.1:8080/x']) {
      expect(fieldsOf(checkInput(advertiser, { url }, 'update')), url).toEqual([]);
    }
    for (const url of ['http://intranet/x', 'ftp://shop.example.com', 'https://localhostile/x', 'shop.example.com']) {
      expect(fieldsOf(checkInput(advertiser, { url }, 'update')), url).toEqual(['url']);
    }
  });
});

describe('NUL characters', () => {
  it('are refused at the field in every text-like type (not stored as the two characters \\0)', () => {
    expect(fieldsOf(checkInput(advertiser, { name: 'Shop', url: 'https://example.com/\u0000' }, 'update'))).toEqual(['url']);
    expect(fieldsOf(checkInput(advertiser, { url: 'http://exa\u0000mple.com' }, 'update'))).toEqual(['url']);
    expect(fieldsOf(checkInput(login, { email: 'a\u0000b@example.com' }, 'update'))).toEqual(['email']);
    expect(fieldsOf(checkInput(banner, { name: 'a\u0000b' }, 'update'))).toEqual(['name']);
    expect(fieldsOf(checkInput(banner, { headlines: 'one\u0000\ntwo' }, 'update'))).toEqual(['headlines']);
    expect(fieldsOf(checkInput(banner, { headlines: ['one', 'tw\u0000o'] }, 'update'))).toEqual(['headlines']);
    expect(fieldsOf(checkInput(banner, { bannerType: 'image_ad\u0000' }, 'update'))).toEqual(['bannerType']);
    expect(fieldsOf(checkInput(banner, { width: '300\u0000' }, 'update'))).toEqual(['width']);
  });

  it('a date with a NUL is no date (the date parser would ignore what follows it)', () => {
    const booking = resourceByName.booking;
    const dateField = Object.entries(booking.fields).find(([, f]) => f.type === 'date' && !f.readOnly && !f.private)?.[0];
    expect(dateField).toBeDefined();
    expect(fieldsOf(checkInput(booking, { [dateField!]: '2030-01-01\u0000' }, 'update'))).toEqual([dateField]);
  });

  it('are refused in JSON fields, in values and in keys (jsonb stores no \\u0000)', () => {
    expect(fieldsOf(checkInput(banner, { thumbnail: { url: 'x\u0000' } }, 'update'))).toEqual(['thumbnail']);
    expect(fieldsOf(checkInput(banner, { placeholder: [{ ['k\u0000']: 1 }] }, 'update'))).toEqual(['placeholder']);
    const [error] = checkInput(banner, { thumbnail: { url: 'x\u0000' } }, 'update').errors;
    expect(inWords(error.message, 'en')).toMatch(/invalid characters/);
    expect(inWords(error.message, 'de')).toMatch(/enthält ungültige Zeichen/);
  });

  it('texts without NUL still pass', () => {
    const { values, errors } = checkInput(advertiser, { name: 'Shop', url: 'https://example.com/' }, 'update');
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ name: 'Shop', url: 'https://example.com/' });
  });
});

describe('deep JSON', () => {
  it('a JSON field nested thousands of levels deep is a field error, not a stack overflow', () => {
    for (const depth of [100, 5000, 50_000]) {
      const { errors } = checkInput(banner, { reviews: nested(depth) }, 'update');
      expect(errors.map((e) => e.field)).toEqual(['reviews']);
      expect(inWords(errors[0].message, 'en')).toMatch(/nested too deeply/);
    }
  });

  it('ordinary nesting passes', () => {
    expect(checkInput(banner, { reviews: nested(10) }, 'update').errors).toEqual([]);
  });
});
