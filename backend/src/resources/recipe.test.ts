import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, defineResource, resources, STAFF_READERS, t, union } from '@adsuite/config';
import { checkSchemaDrift } from '../db/schema.ts';
import { seedDemo } from '../seed.ts';
import { startTestServer, type TestServer } from '../testing.ts';

/** The README recipe: one declaration is enough for table, endpoints, access and documentation. */
const promotion = defineResource({
  name: 'promotion',
  label: { de: { one: 'Aktion', many: 'Aktionen' }, en: { one: 'Promotion', many: 'Promotions' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 100 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    discount: { type: 'money', label: t('Rabatt', 'Discount'), min: 0 },
    channel: { type: 'enum', label: t('Kanal', 'Channel'), options: ['facebook', 'outbrain'] },
  },
  list: { columns: ['name', 'advertiser', 'discount', 'channel'] },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS), create: union(ADMINS, ADVERTISER_WRITERS), update: union(ADMINS, ADVERTISER_WRITERS), delete: ADMINS },
  tenant: { by: 'advertiser', field: 'advertiser' },
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ resources: [...resources, promotion] });
});
afterAll(async () => {
  await server?.stop();
});

describe('adding an entity type in one file', () => {
  it('gives a migrated table in step with the declaration', async () => {
    expect(await checkSchemaDrift(server.core.sequelize, [...resources, promotion])).toEqual([]);
  });

  it('gives working, tenant-scoped endpoints', async () => {
    const advertiser = await server.token('advertiser@demo.test');
    const other = await server.token('other@demo.test');
    const created = await server.api('/api/promotion', { method: 'POST', token: advertiser, body: { name: 'Black Friday', discount: 9.99, channel: 'facebook' } });
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row.discount).toBe(9.99);
    const mine = await server.api('/api/promotion', { token: advertiser });
    expect(mine.headers.get('content-range')).toBe('promotion 0-0/1');
    expect(await (await server.api('/api/promotion', { token: other })).json()).toEqual([]);
    expect((await server.api(`/api/promotion/${row.id}`, { token: other })).status).toBe(404);
    const invalid = await server.api('/api/promotion', { method: 'POST', token: advertiser, body: { name: 'X', channel: 'tv' } });
    expect((await invalid.json()).errors.map((e: { field: string }) => e.field)).toEqual(['name', 'channel']);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = await (await server.api('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/promotion', '/api/promotion/{id}', '/api/promotion/{id}/recover']));
    // An optional field may be null (it is, in every record that has no value).
    expect(doc.components.schemas.promotion.properties.channel).toMatchObject({ type: ['string', 'null'], enum: ['facebook', 'outbrain', null] });
  });
});

describe('demo data', () => {
  it('is seeded idempotently', async () => {
    const count = async () => Object.fromEntries(await Promise.all(resources.map(async (r) => [r.name, await server.core.model(r.name).count()])));
    const before = await count();
    await seedDemo(server.core);
    expect(await count()).toEqual(before);
    expect(before.login).toBe(11);
    expect(before.advertiser).toBe(4);
  });
});
