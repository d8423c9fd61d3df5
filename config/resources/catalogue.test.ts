import { subject } from '@casl/ability';
import { describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../abilities.ts';
import { CHANNELS, CHANNEL_KEYS, channelByKey } from '../channels.ts';
import { CHANNEL_GROUPS, INVITATION_STATUSES } from '../constants.ts';
import { snake, type Change, type ResourceDef } from '../resource.ts';
import { ROLES, type Role } from '../roles.ts';
import { say } from '../i18n/serverText.ts';
import { resourceByName, resources } from './index.ts';

/** The entity types of SPEC section 2 and 3 beyond the first thirteen. */
const CATALOGUE = [
  'bookingtemplate', 'event', 'segment', 'bannertemplate', 'ci', 'crr', 'mediaplan', 'optimizer', 'accesslog', 'product',
  'topproduct', 'graphic', 'folder', 'transaction', 'website', 'invitation', 'assignment', 'contract', 'program', 'domainlist',
  'blogpost', 'audience', 'country', 'category', 'channel', 'trackingcode', 'richvideo', 'richvideotemplate', 'vast', 'splitter',
  'host', 'video', 'audio', 'setting', 'invoice', 'creditnote',
];
const FIRST = ['advertiser', 'banner', 'booking', 'campaign', 'campaignlog', 'catalog', 'coupon', 'lineitem', 'login', 'publisher', 'sync-queue', 'vertical', 'wizard'];

/** List paths of SPEC section 2 ("Other routes", publisher area) and section 6 that are entity lists. */
const SPEC_LIST_PATHS = [
  '/advertisers', '/campaigns', '/bookingtemplate', '/bookings', '/syncqueue', '/logins', '/banners', '/lineitems', '/programs',
  '/contracts', '/transactions', '/domainlists', '/blogposts', '/audiences', '/segments', '/catalogs', '/cis', '/bannertemplates',
  '/graphics', '/videos', '/audios', '/vasts', '/splitters', '/trackingcodes', '/richvideos', '/hosts', '/mediaplans', '/crrs',
  '/richvideotemplates', '/verticals', '/optimizers', '/topproducts', '/events', '/assignments', '/settings', '/coupons',
  '/wizards', '/accesslogs', '/campaignlogs', '/products', '/publishers',
];
const SYSTEM_FIELDS = ['id', 'created', 'updated'];
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const P = '33333333-3333-4333-8333-333333333333';

const user = (role: Role, advertiserIds = [A], publisherIds: string[] = []) => defineAbilityFor({ id: 'u1', role, advertiserIds, publisherIds });
const validate = (resource: string, values: Record<string, unknown>, before?: Record<string, unknown>, role: Role = 'systemoperator') =>
  resourceByName[resource].hooks?.validate?.({ values, before, user: { id: 'u1', role } } as Change) ?? [];

describe('the entity catalogue', () => {
  it('declares every entity type once', () => {
    const names = resources.map((r) => r.name);
    for (const name of [...FIRST, ...CATALOGUE]) expect(names, name).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(resources.map((r) => r.table)).size).toBe(resources.length);
  });

  it.each(resources.map((r) => [r.name, r] as [string, ResourceDef]))('%s: list columns, search, sort, filters and title name declared fields', (_name, resource) => {
    const fields = resource.fields;
    const computed = Object.keys(resource.list.periods ?? {});
    for (const key of resource.list.columns) expect([...SYSTEM_FIELDS, ...computed, ...Object.keys(fields)], `column ${key}`).toContain(key);
    for (const key of resource.list.filters) expect(Object.keys(fields), `filter ${key}`).toContain(key);
    for (const key of resource.list.sort) expect(Object.keys(fields), `sort ${key}`).toContain(key);
    for (const key of resource.list.search) {
      expect(Object.keys(fields), `search ${key}`).toContain(key);
      expect(['text', 'textarea', 'email', 'url'], `search ${key}`).toContain(fields[key].type);
      expect(fields[key].private, `search ${key}`).toBeFalsy();
    }
    const [sortField] = resource.list.defaultSort ?? ['created'];
    expect([...SYSTEM_FIELDS, ...resource.list.sort], `default sort ${sortField}`).toContain(sortField);
    expect(Object.keys(fields)).toContain(resource.titleField);
    for (const key of Object.keys(fields)) {
      expect(['id', '_id', 'created', 'updated', 'archivedAt', 'lookups'], `${key} is a system name`).not.toContain(key);
    }
    // Column names as the backend derives them (db/columns.ts): no two fields may share one.
    const columns = Object.entries(fields).map(([key, field]) => (field.type === 'ref' ? `${snake(key)}_id` : field.type === 'refMany' ? `${snake(key)}_ids` : snake(key)));
    expect(columns.filter((column, i) => columns.indexOf(column) !== i)).toEqual([]);
    expect(columns).not.toContain('archived_at');
  });

  it.each(resources.map((r) => [r.name, r] as [string, ResourceDef]))('%s: references, options, lookups and tenant are consistent', (_name, resource) => {
    for (const [key, field] of Object.entries(resource.fields)) {
      if (field.type === 'ref' || field.type === 'refMany') expect(resourceByName, `${key} -> ${field.ref}`).toHaveProperty([field.ref!]);
      else expect(field.ref, key).toBeUndefined();
      if (field.type === 'enum') expect(field.options?.length, key).toBeGreaterThan(0);
      if (field.default !== undefined && field.type === 'enum') expect(field.options, key).toContain(field.default);
      // The activity log reads `campaign` as a campaign id.
      if (key === 'campaign') expect(field).toMatchObject({ type: 'ref', ref: 'campaign' });
    }
    for (const [key, lookup] of Object.entries(resource.lookup)) {
      const child = resourceByName[lookup.resource];
      expect(child, key).toBeDefined();
      expect(child.fields[lookup.field], key).toMatchObject({ type: 'ref', ref: resource.name });
    }
    if (resource.tenant && resource.tenant.field !== 'id') {
      expect(resource.fields[resource.tenant.field]).toMatchObject({ type: 'ref', ref: resource.tenant.by });
    }
  });

  it('gives every resource unique routes in the SPEC shape', () => {
    const paths = resources.flatMap((r) => [r.routes.list, r.routes.create, r.routes.edit]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const resource of resources) {
      expect(resource.routes.edit).toMatch(/\/:id$/);
      for (const path of Object.values(resource.routes)) expect(path).toMatch(/^\/[a-z0-9/:-]+$/);
    }
    const lists = resources.map((r) => r.routes.list);
    for (const path of SPEC_LIST_PATHS) expect(lists, path).toContain(path);
  });

  it('uses the SPEC exceptions to the default routes', () => {
    expect(resourceByName.bookingtemplate.routes).toEqual({ list: '/bookingtemplate', create: '/bookingtemplate/create', edit: '/bookingtemplate/update/:id' });
    expect(resourceByName.country.routes.list).toBe('/countries');
    expect(resourceByName.category.routes.list).toBe('/categories');
    expect(resourceByName.transaction.routes.create).toBe('/transaction/new');
    expect(resourceByName.product.routes.create).toBe('/product/new');
    expect(resourceByName.optimizer.routes.edit).toBe('/optimizer/edit/:id');
  });

  it('stores money as money', () => {
    const money = ['transaction.amount', 'invoice.net', 'invoice.vat', 'invoice.gross', 'creditnote.gross', 'crr.totalRevenue', 'crr.totalCost',
      'bookingtemplate.minDailyBudget', 'bookingtemplate.maxDailyBudget', 'channel.minBudget', 'optimizer.totalDailyBudget', 'product.price'];
    for (const path of money) {
      const [resource, field] = path.split('.');
      expect(resourceByName[resource].fields[field]?.type, path).toBe('money');
    }
  });
});

describe('access of the catalogue', () => {
  const everySignedIn = ROLES.filter((role) => role !== 'registered');

  it('lets the systemoperator read everything and a viewer change nothing', () => {
    for (const resource of resources) {
      expect(user('systemoperator', []).can('read', resource.name), resource.name).toBe(true);
      for (const action of ['create', 'update', 'delete', 'recover'] as const) expect(user('viewer').can(action, resource.name), `${action} ${resource.name}`).toBe(false);
    }
  });

  it('scopes advertiser-owned data to the advertiser and lets advertisers change it', () => {
    for (const name of ['segment', 'ci', 'catalog', 'product', 'host', 'domainlist', 'audience', 'splitter', 'richvideo', 'graphic', 'folder', 'bannertemplate']) {
      expect(resourceByName[name].tenant, name).toEqual({ by: 'advertiser', field: 'advertiser' });
      const advertiser = user('advertiser');
      expect(advertiser.can('read', subject(name, { advertiser: A }) as never), name).toBe(true);
      expect(advertiser.can('read', subject(name, { advertiser: B }) as never), name).toBe(false);
      expect(advertiser.can('update', subject(name, { advertiser: A }) as never), name).toBe(true);
      expect(user('viewer').can('read', subject(name, { advertiser: A }) as never), name).toBe(true);
      expect(user('accounting', []).can('read', subject(name, { advertiser: B }) as never), name).toBe(true);
    }
    expect(user('agency').can('update', subject('bookingtemplate', { advertiser: A }) as never)).toBe(true);
    expect(user('viewer').can('read', subject('bookingtemplate', { advertiser: A }) as never)).toBe(true);
  });

  it('keeps finances from viewers and lets accounting read them', () => {
    for (const name of ['advertiser', 'campaign', 'transaction', 'invoice', 'creditnote']) expect(user('accounting', []).can('read', name), name).toBe(true);
    for (const name of ['transaction', 'invoice', 'creditnote']) {
      expect(user('advertiser').can('read', subject(name, { advertiser: A }) as never), name).toBe(true);
      expect(user('advertiser').can('create', name), name).toBe(false);
      expect(user('viewer').can('read', name), name).toBe(false);
    }
    // The ledger is append-only through the generic API: plugins/finances writes it with the balance.
    for (const role of ROLES) expect(user(role, []).can('create', 'transaction'), role).toBe(false);
    expect(user('accounting', []).can('update', 'invoice')).toBe(true);
  });

  it('keeps staff data from advertisers and publishers', () => {
    const staffOnly = ['optimizer', 'crr', 'mediaplan', 'accesslog', 'trackingcode', 'program', 'topproduct', 'setting', 'assignment', 'event', 'vast', 'video', 'audio'];
    for (const name of staffOnly) {
      for (const role of ['advertiser', 'agency', 'co_worker', 'viewer', 'dealer', 'publisher'] as Role[]) {
        expect(user(role, [A], [P]).can('read', name), `${role} ${name}`).toBe(false);
      }
    }
    for (const name of ['setting', 'assignment']) expect(user('administrator', []).can('read', name), name).toBe(false);
    for (const name of ['event', 'vast', 'video', 'audio', 'accesslog', 'crr', 'optimizer']) expect(user('wizard', []).can('read', name), name).toBe(true);
    for (const name of ['optimizer', 'mediaplan', 'trackingcode', 'contract', 'program', 'topproduct']) expect(user('affiliatemanager', []).can('read', name), name).toBe(true);
  });

  it('lets every signed-in role read the platform catalogues and only the systemoperator change them', () => {
    for (const name of ['country', 'category', 'channel', 'blogpost']) {
      for (const role of everySignedIn) expect(user(role, [A], [P]).can('read', name), `${role} ${name}`).toBe(true);
    }
    for (const name of ['country', 'category', 'channel']) {
      for (const role of everySignedIn) expect(user(role, [A], [P]).can('update', name), `${role} ${name}`).toBe(role === 'systemoperator');
    }
  });

  it('scopes websites and invitations to the publisher', () => {
    for (const name of ['website', 'invitation']) {
      expect(resourceByName[name].tenant).toEqual({ by: 'publisher', field: 'publisher' });
      const publisher = user('publisher', [], [P]);
      expect(publisher.can('read', subject(name, { publisher: P }) as never), name).toBe(true);
      expect(publisher.can('read', subject(name, { publisher: B }) as never), name).toBe(false);
      expect(user('advertiser').can('read', name), name).toBe(false);
    }
    expect(user('publisher', [], [P]).can('create', 'invitation')).toBe(false);
    // A publisher answers through the publisher area, which mails the affiliate manager: never through the generic API.
    expect(user('publisher', [], [P]).can('update', subject('invitation', { publisher: P }) as never)).toBe(false);
    expect(user('affiliatemanager').can('update', 'invitation')).toBe(true);
  });
});

describe('rules of the declarations', () => {
  it('keeps the booking template budget range ordered (cents)', () => {
    expect(validate('bookingtemplate', { minDailyBudget: 500, maxDailyBudget: 20_000, defaultDailyBudget: 1_000 })).toEqual([]);
    expect(validate('bookingtemplate', { minDailyBudget: 500, maxDailyBudget: 100 }).map((e) => e.field)).toContain('maxDailyBudget');
    expect(validate('bookingtemplate', { defaultDailyBudget: 50 }, { minDailyBudget: '500', maxDailyBudget: '900' }).map((e) => e.field)).toEqual(['defaultDailyBudget']);
  });

  it('checks ledger signs and invoice sums', () => {
    expect(validate('transaction', { type: 'topup', amount: 5000 })).toEqual([]);
    expect(validate('transaction', { type: 'topup', amount: -5000 })).toHaveLength(1);
    expect(validate('transaction', { type: 'spend', amount: 5000 })).toHaveLength(1);
    expect(validate('transaction', { type: 'refund', amount: 0 })).toHaveLength(1);
    expect(validate('transaction', { type: 'vat', amount: -190 })).toEqual([]);
    expect(validate('invoice', { net: 10_000, vat: 1_900, gross: 11_900 })).toEqual([]);
    const [gross] = validate('creditnote', { gross: 11_000 }, { net: '10000', vat: '1900', gross: '11900' });
    expect([gross.field, say('en', gross.message), say('de', gross.message)]).toEqual(['gross', 'The gross amount must equal net plus VAT.', 'Der Bruttobetrag muss Netto plus USt. entsprechen.']);
    const [sign] = validate('transaction', { type: 'topup', amount: -5000 });
    expect([say('en', sign.message), say('de', sign.message)]).toEqual(['A top-up must be a positive amount.', 'Eine Buchung der Art „Aufladung“ muss ein positiver Betrag sein.']);
  });

  it('checks domains against the channel limits', () => {
    expect(validate('domainlist', { domains: ['spiegel.de', 'news.example.co.uk'], channels: ['platform161'] })).toEqual([]);
    expect(validate('domainlist', { domains: ['not a domain'] }).map((e) => e.field)).toEqual(['domains']);
    const many = Array.from({ length: 2001 }, (_, i) => `site${i}.example.com`);
    expect(validate('domainlist', { domains: many, channels: ['platform161'] })).toHaveLength(1);
    expect(validate('domainlist', { domains: many, channels: ['dv360'] })).toEqual([]);
  });

  it('declares the twelve invitation statuses', () => {
    expect(resourceByName.invitation.fields.invitationStatus.options).toEqual(INVITATION_STATUSES);
    expect(INVITATION_STATUSES).toHaveLength(12);
  });

  it('checks codes, colours, hosts and slugs', () => {
    expect(validate('country', { alpha2: 'DE' })).toEqual([]);
    expect(validate('country', { alpha2: 'de' })).toHaveLength(1);
    expect(validate('channel', { key: 'affiliate_cpc', color: '#1877f2' })).toEqual([]);
    expect(validate('channel', { key: 'Affiliate CPC', color: 'blue' })).toHaveLength(2);
    expect(validate('ci', { primaryColor: '#abcdef', secondaryColor: 'red' }).map((e) => e.field)).toEqual(['secondaryColor']);
    expect(validate('host', { name: 'shop.demo.test' })).toEqual([]);
    expect(validate('host', { name: 'https://shop.demo.test/' })).toHaveLength(1);
    expect(validate('blogpost', { slug: 'new-channels-2026' })).toEqual([]);
    expect(validate('blogpost', { slug: 'New Channels' })).toHaveLength(1);
    expect(validate('folder', { parent: 'f1' }, { id: 'f1' })).toHaveLength(1);
    expect(validate('splitter', { targets: [{ url: 'https://a.example.com', weight: 1 }] })).toEqual([]);
    expect(validate('splitter', { targets: [{ url: 'javascript:alert(1)', weight: 1 }] })).toHaveLength(1);
  });
});

describe('the channel catalogue', () => {
  it('holds every channel of SPEC section 9 with its group and limits', () => {
    const active = ['platform161', 'dv360', 'facebook', 'instagram', 'uzeads', 'ssp1', 'outbrain', 'audienceserv', 'googleads', 'affiliate_cpc', 'affiliate', 'decentraland', 'cyrl', 'voxels', 'anzu'];
    const inactive = ['adform', 'tiktok', 'youtube', 'tradedesk', 'stroer', 'proxyunlimited'];
    expect(CHANNELS.filter((c) => c.active).map((c) => c.key)).toEqual(active);
    expect(CHANNELS.filter((c) => !c.active).map((c) => c.key)).toEqual(inactive);
    expect(new Set(CHANNEL_KEYS).size).toBe(CHANNELS.length);
    for (const channel of CHANNELS) {
      expect(CHANNEL_GROUPS, channel.key).toContain(channel.category);
      expect(channel.key).toMatch(/^[a-z0-9_]+$/);
      expect(channel.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(CHANNEL_GROUPS).toHaveLength(8);
    expect(new Set(CHANNELS.map((c) => c.category)).size).toBe(8);
  });

  it('carries the fees and minimum budgets of SPEC section 9', () => {
    const min = Object.fromEntries(CHANNELS.map((c) => [c.key, c.minBudget]));
    expect(min).toMatchObject({
      platform161: 0.1, dv360: 0.1, facebook: 2, instagram: 2, uzeads: 1, ssp1: 1, outbrain: 30, audienceserv: 0.1, googleads: 1,
      affiliate_cpc: 1, affiliate: 0, decentraland: 1, cyrl: 1, voxels: 1, anzu: 1, tiktok: 20,
    });
    expect(channelByKey.outbrain.programmaticFee).toBe(0.3);
    expect(channelByKey.googleads.programmaticFee).toBe(0.15);
    expect(CHANNELS.filter((c) => !['outbrain', 'googleads'].includes(c.key)).every((c) => c.programmaticFee === 0.5)).toBe(true);
    expect(channelByKey.platform161.maxDomains).toBe(2000);
    expect(CHANNELS.filter((c) => !c.dailyBudget).map((c) => c.key)).toEqual(['affiliate']);
    expect(channelByKey.affiliate.name).toBe('Affiliate CPO');
  });

  it('matches the channel declaration field by field', () => {
    const fields = resourceByName.channel.fields;
    for (const channel of CHANNELS) {
      for (const [key, value] of Object.entries(channel)) {
        expect(fields, key).toHaveProperty([key]);
        if (fields[key].type === 'enum') expect(fields[key].options).toContain(value);
        if (fields[key].type === 'stringList') for (const flag of value as string[]) expect(fields[key].options).toContain(flag);
      }
    }
  });
});
