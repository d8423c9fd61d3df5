/** The role-dependent parts of generated lists (SPEC section 6 "Other rules"), read from the real declarations. */
import { describe, expect, it } from 'vitest';
import { canGiveOption, columnsFor, defineResource, filtersFor, t } from './resource.ts';
import { INDUSTRY_CODES } from './constants.ts';
import { resourceByName, resources } from './resources/index.ts';
import { ROLES, type Role } from './roles.ts';

const sees = (resource: string, role: Role) => columnsFor(resourceByName[resource], role);
const offered = (resource: string, role: Role) => filtersFor(resourceByName[resource], role);
const NOT_SYSOP = ROLES.filter((role) => role !== 'systemoperator');

describe('list columns by role', () => {
  it('hide the advertisers column from advertisers on every list of advertiser-owned data', () => {
    const owned = resources.filter((resource) => resource.tenant?.by === 'advertiser' && resource.list.columns.includes(resource.tenant.field));
    expect(owned.map((resource) => resource.name)).toEqual(expect.arrayContaining(['campaign', 'banner', 'booking', 'segment', 'catalog']));
    for (const resource of owned) expect(columnsFor(resource, 'advertiser'), resource.name).not.toContain(resource.tenant!.field);
    expect(sees('campaign', 'agency')).toContain('advertiser');
    expect(sees('campaign', 'systemoperator')).toContain('advertiser');
  });

  it('take the advertisers column from agencies on booking templates', () => {
    expect(sees('bookingtemplate', 'agency')).not.toContain('advertiser');
    expect(sees('bookingtemplate', 'co_worker')).not.toContain('advertiser');
    expect(sees('bookingtemplate', 'administrator')).toContain('advertiser');
  });

  it.each(['bannertemplate', 'segment', 'ci', 'catalog'])('show the advertisers column on %s to the systemoperator only', (resource) => {
    expect(sees(resource, 'systemoperator')).toContain('advertiser');
    for (const role of NOT_SYSOP) expect(sees(resource, role), role).not.toContain('advertiser');
  });

  it('show the campaigns column on catalogs to the systemoperator only', () => {
    expect(sees('catalog', 'systemoperator')).toContain('campaigns');
    for (const role of NOT_SYSOP) expect(sees('catalog', role), role).not.toContain('campaigns');
  });

  it('give accounting no populated columns on any list, and the runtime and invoice name on campaigns', () => {
    for (const resource of resources) {
      const populated = columnsFor(resource, 'accounting').filter((column) => ['ref', 'refMany'].includes(resource.fields[column]?.type));
      expect(populated, resource.name).toEqual([]);
    }
    expect(sees('campaign', 'accounting')).toEqual(expect.arrayContaining(['runtime', 'invoiceItemName']));
    expect(sees('campaign', 'administrator')).not.toContain('runtime');
  });

  it('keep the create button from accounting on every list', () => {
    for (const resource of resources) expect(resource.list.createHiddenFor, resource.name).toContain('accounting');
  });
});

describe('list filters by role', () => {
  it.each(['ci', 'graphic', 'bannertemplate', 'bookingtemplate'])('offer the advertiser filter on %s to the systemoperator only', (resource) => {
    expect(offered(resource, 'systemoperator')).toContain('advertiser');
    for (const role of NOT_SYSOP) expect(offered(resource, role), role).not.toContain('advertiser');
  });

  it('honour a declaration\'s filterRoles and leave other filters to everyone', () => {
    const template = defineResource({
      name: 'template',
      label: { de: { one: 'Vorlage', many: 'Vorlagen' }, en: { one: 'Template', many: 'Templates' } },
      fields: {
        name: { type: 'text', label: t('Name', 'Name') },
        advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
        active: { type: 'boolean', label: t('Aktiv', 'Active') },
      },
      list: { columns: ['name', 'advertiser'], filterRoles: { advertiser: { only: ['systemoperator'] } } },
      access: {},
      tenant: { by: 'advertiser', field: 'advertiser' },
    });
    expect(filtersFor(template, 'systemoperator')).toEqual(['advertiser', 'active']);
    expect(filtersFor(template, 'agency')).toEqual(['active']);
    // the declared column rule joins the defaults: advertisers and accounting still lose the column
    expect(columnsFor(template, 'advertiser')).toEqual(['name']);
    expect(columnsFor(template, 'accounting')).toEqual(['name']);
  });
});

describe('options only some roles may give', () => {
  it('lets only the systemoperator give the role systemoperator; every other role is anyone\'s to give', () => {
    const role = resourceByName.login.fields.role;
    expect(canGiveOption(role, 'systemoperator', 'systemoperator')).toBe(true);
    expect(canGiveOption(role, 'systemoperator', 'administrator')).toBe(false);
    expect(ROLES.filter((option) => !canGiveOption(role, option, 'administrator'))).toEqual(['systemoperator']);
  });
});

describe('industry codes', () => {
  it.each(['advertiser', 'website'])('%s names each of the 61 industry codes in German and English', (resource) => {
    const { options, optionLabels } = resourceByName[resource].fields.industry;
    expect(options).toEqual(INDUSTRY_CODES);
    for (const language of ['de', 'en'] as const) {
      const labels = INDUSTRY_CODES.map((code) => optionLabels?.[code]?.[language]);
      expect(labels.every((label) => label && !/^\d+$/.test(label)), language).toBe(true);
      expect(new Set(labels).size, language).toBe(61);
    }
  });
});

describe('lookups by a name from a request', () => {
  it('find no channel and no resource for built-in object property names', async () => {
    const { channelByKey } = await import('./channels.ts');
    const { resourceByName } = await import('./resources/index.ts');
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(channelByKey[name]).toBeUndefined();
      expect(resourceByName[name]).toBeUndefined();
    }
    expect(channelByKey.facebook?.key).toBe('facebook');
  });
});
