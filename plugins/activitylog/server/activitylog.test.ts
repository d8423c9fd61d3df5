/** The activity log's API: a page of at most 3 days with filters and search, a record's versions, the retention job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { removeOldEntries } from './index.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let couponId: string;
let campaignId: string;
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const list = async (params: string, role = 'sysop', language = 'en') => {
  const res = await server.api(`/api/activitylog?${params}`, { token: tokens[role], headers: { Language: language } });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  for (const role of ['sysop', 'admin', 'affiliatemanager', 'wizard', 'advertiser']) tokens[role] = await server.token(`${role}@demo.test`);
  const created = await server.api('/api/coupon', { method: 'POST', token: tokens.sysop, body: { name: 'AUTUMN10', amount: 10, minDeposit: 50, active: true } });
  expect(created.status).toBe(201);
  couponId = (await created.json()).id;
  for (const amount of [12.5, 15]) {
    expect((await server.api(`/api/coupon/${couponId}`, { method: 'PUT', token: tokens.sysop, body: { amount } })).status).toBe(200);
  }
  campaignId = ((await server.core.model('campaign').findOne({ where: { name: 'Summer Sale 2026' }, raw: true })) as { id: string }).id;
  expect((await server.api(`/api/campaign/${campaignId}`, { method: 'PUT', token: tokens.admin, body: { invoiceItemName: 'Summer' } })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('activity log (SPEC section 2 "/campaignlogsnew")', () => {
  it('lists today\'s entries newest first with user and campaign, paged with a count', async () => {
    const { status, body } = await list('qty=2');
    expect(status).toBe(200);
    expect(body.count).toBe(4);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({ entityType: 'campaign', entityAction: 'update', level: 'administrator', category: 'Campaign Management' });
    expect(body.items[0].login.email).toBe('admin@demo.test');
    expect(body.items[0].campaign.name).toBe('Summer Sale 2026');
    const second = await list('qty=2&offset=2');
    expect(second.body.items.map((item: { entityAction: string }) => item.entityAction)).toEqual(['update', 'create']);
  });

  it('filters by login, campaign, level, category and searches message, type and id', async () => {
    const admin = ((await server.core.model('login').findOne({ where: { email: 'admin@demo.test' }, raw: true })) as { id: string }).id;
    expect((await list(`login=${admin}`)).body.count).toBe(1);
    expect((await list(`campaign=${campaignId}`)).body.count).toBe(1);
    expect((await list('level=advertiser')).body.count).toBe(0);
    expect((await list('category=Optimizer')).body.count).toBe(0);
    expect((await list('search=AUTUMN10')).body.count).toBe(3);
    expect((await list(`search=${couponId.slice(0, 8)}`)).body.count).toBe(3);
    // German readers read the messages in German.
    const german = await list('search=coupon', 'sysop', 'de');
    expect(german.body.items[0].message).toMatch(/Gutschein/);
  });

  it('reads 3 days at most and refuses bad parameters, naming them', async () => {
    expect((await list(`start=${day(2)}&end=${day(0)}`)).body.count).toBe(4);
    expect((await list(`start=${day(5)}&end=${day(3)}`)).body.count).toBe(0);
    for (const [params, field] of [
      [`start=${day(3)}&end=${day(0)}`, 'start'], ['start=yesterday', 'start'], [`start=${day(0)}&end=${day(1)}`, 'end'], ['login=x', 'login'],
      ['level=boss', 'level'], ['category=Other', 'category'], ['qty=1000', 'qty'], ['offset=-1', 'offset'], [`search=${'x'.repeat(201)}`, 'search'],
    ]) {
      const { status, body } = await list(params);
      expect(status, params).toBe(400);
      expect(body.errors[0].field, params).toBe(field);
    }
    const german = await list(`start=${day(3)}&end=${day(0)}`, 'sysop', 'de');
    expect(german.body.message).toBe('Der Zeitraum darf höchstens 3 Tage umfassen.');
  });

  it('answers a record\'s versions oldest first, each with its snapshot', async () => {
    const res = await server.api(`/api/activitylog/versions?entityId=${couponId}&entityType=coupon`, { token: tokens.admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.versions.map((v: { entityAction: string }) => v.entityAction)).toEqual(['create', 'update', 'update']);
    expect(body.versions.map((v: { version: { amount: number } }) => v.version.amount)).toEqual([10, 12.5, 15]);
    expect(body.versions[0].login.email).toBe('sysop@demo.test');
  });

  it('is the administrator\'s and above: the wizard and the advertiser are refused', async () => {
    expect((await list('', 'affiliatemanager')).status).toBe(200);
    expect((await list('', 'admin')).status).toBe(200);
    expect((await list('', 'wizard')).status).toBe(403);
    expect((await list('', 'advertiser')).status).toBe(403);
    expect((await server.api(`/api/activitylog/versions?entityId=${couponId}`, { token: tokens.advertiser })).status).toBe(403);
  });

  it('removes entries older than seven days (SPEC section 9)', async () => {
    const model = server.core.model('campaignlog');
    const old = await model.create({ message: 'old', level: 'system', category: 'Optimizer', entityType: 'coupon', entityId: couponId, entityAction: 'update' });
    await server.core.sequelize.query(`UPDATE campaignlogs SET created = now() - interval '8 days' WHERE id = $1`, { bind: [old.get('id')] });
    const recent = await model.create({ message: 'recent', level: 'system', category: 'Optimizer', entityType: 'coupon', entityId: couponId, entityAction: 'update' });
    await server.core.sequelize.query(`UPDATE campaignlogs SET created = now() - interval '6 days' WHERE id = $1`, { bind: [recent.get('id')] });
    expect(await removeOldEntries(server.core)).toBe(1);
    expect(await model.count({ where: { id: old.get('id') } })).toBe(0);
    expect(await model.count({ where: { id: recent.get('id') } })).toBe(1);
  });

  it('keeps the generic /campaignlogs list to 3 days too: the last 3 by default, an older range when named, never more', async () => {
    const generic = async (filter: Record<string, unknown>) => {
      const res = await server.api(`/api/campaignlog?filter=${encodeURIComponent(JSON.stringify({ entityId: couponId, ...filter }))}&range=[0,99]`, { token: tokens.sysop, headers: { Language: 'en' } });
      return { status: res.status, body: await res.json() };
    };
    const messages = (body: unknown) => (body as { message: string }[]).map((row) => row.message).sort();
    const lately = await generic({});
    expect(lately.status, JSON.stringify(lately.body)).toBe(200);
    expect(messages(lately.body)).not.toContain('recent');
    expect(messages(lately.body).length).toBeGreaterThan(0);
    const then = await generic({ created_gte: day(7), created_lte: day(5) });
    expect(then.status, JSON.stringify(then.body)).toBe(200);
    expect(messages(then.body)).toEqual(['recent']);
    const wide = await generic({ created_gte: day(6), created_lte: day(0) });
    expect(wide.status).toBe(400);
    expect(wide.body.errors[0]).toMatchObject({ field: 'created_gte' });
  });
});
