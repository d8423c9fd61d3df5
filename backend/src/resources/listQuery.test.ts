/** List parameters from the request never reach the database unchecked: each malformed one is an Invalid (400). */
import { describe, expect, it } from 'vitest';
import { resourceByName, type ResourceDef } from '@adsuite/config';
import { Invalid } from '../errors.ts';
import { declared, parseListQuery } from './listQuery.ts';

const advertiser = resourceByName.advertiser;
const banner = resourceByName.banner;
const BUILT_INS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

function refused(resource: ResourceDef, query: Record<string, unknown>): Invalid {
  try {
    parseListQuery(resource, query);
  } catch (error) {
    expect(error).toBeInstanceOf(Invalid);
    return error as Invalid;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('keys named like built-in object members', () => {
  it('are unknown in a declaration map', () => {
    for (const key of BUILT_INS) expect(declared(advertiser.fields, key)).toBeUndefined();
    expect(declared(advertiser.fields, 'name')).toBe(advertiser.fields.name);
  });

  it.each(BUILT_INS)('%s is no filter, range filter, populate or lookup', (key) => {
    expect(refused(banner, { filter: JSON.stringify({ [key]: 'x' }) }).errors[0]?.field).toBe(key);
    refused(banner, { filter: JSON.stringify({ [`${key}_gte`]: 1 }) });
    refused(banner, { populate: key });
    refused(banner, { populate: JSON.stringify([key]) });
    refused(advertiser, { lookup: key });
    refused(advertiser, { lookup: JSON.stringify([key]) });
    refused(banner, { sort: JSON.stringify([key, 'ASC']) });
  });

  it('a filter object whose own key is __proto__ is refused, not merged into the prototype', () => {
    refused(banner, { filter: '{"__proto__":{"name":"x"}}' });
  });

  it('declared keys still work', () => {
    const query = parseListQuery(advertiser, { filter: JSON.stringify({ name: 'Demo' }), lookup: Object.keys(advertiser.lookup)[0], populate: 'owner' });
    expect(query.where).toHaveLength(1);
    expect(query.lookup).toEqual([Object.keys(advertiser.lookup)[0]]);
  });
});

describe('NUL characters and deep JSON', () => {
  it('a NUL in a filter value, the search text or a name list is refused', () => {
    expect(refused(banner, { filter: JSON.stringify({ name: 'a\u0000b' }) }).errors[0]?.field).toBe('name');
    expect(refused(banner, { filter: JSON.stringify({ q: 'a\u0000b' }) }).errors[0]?.field).toBe('q');
    refused(banner, { filter: JSON.stringify({ bannerType: ['image_ad', 'x\u0000'] }) });
    refused(banner, { populate: 'advertiser\u0000' });
    refused(banner, { sort: JSON.stringify(['name\u0000', 'ASC']) });
  });

  it('JSON nested deeper than the cap is refused, however deep', () => {
    for (const depth of [100, 10_000, 200_000]) {
      refused(banner, { filter: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}` });
      refused(banner, { sort: `${'['.repeat(depth)}${']'.repeat(depth)}` });
      refused(banner, { range: `${'['.repeat(depth)}${']'.repeat(depth)}` });
    }
    expect(refused(banner, { filter: `${'{"a":'.repeat(100)}1${'}'.repeat(100)}` }).message).toMatch(/nested too deeply/);
  });
});
