import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, defineAbilityFor, resources, type FieldDef, type ResourceDef, type Role } from '@adsuite/config';
import { sampleOf } from '@adsuite/config/resources/jsonShapes';
import { DEMO_ACCOUNTS } from '../seed.ts';
import { startTestServer, type TestServer } from '../testing.ts';

/** The entity catalogue through the API: every declaration works end to end, with its access and rules. */
let server: TestServer;
const tokens = new Map<string, string>();
let demoShop: { id: string; balance: string };
let otherShop: { id: string };
let publisherRow: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  for (const account of DEMO_ACCOUNTS) tokens.set(account.email, await server.token(account.email));
  demoShop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as typeof demoShop;
  otherShop = (await server.core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as typeof otherShop;
  publisherRow = (await server.core.model('publisher').findOne({ where: { name: 'Demo Publisher' }, raw: true })) as typeof publisherRow;
  // A wizard names its categories as the picker does: `id|||code` of a seeded category.
  const category = (await server.core.model('category').findOne({ where: { code: 'IAB22' }, raw: true })) as { id: string; code: string };
  SPECIAL.wizard.categories = [`${category.id}|||${category.code}`];
});
afterAll(async () => {
  await server?.stop();
});

const token = (email: string) => tokens.get(email)!;
const sysop = () => token('sysop@demo.test');
const q = (params: Record<string, unknown>) => Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');
const list = async (name: string, email: string, params: Record<string, unknown> = {}) => {
  const res = await server.api(`/api/${name}?${q({ range: [0, 999], ...params })}`, { token: token(email) });
  return { status: res.status, rows: res.status === 200 ? ((await res.json()) as Record<string, unknown>[]) : [] };
};

/** Values that satisfy a field's type, bounds and the rules of its declaration. */
const SPECIAL: Record<string, Record<string, unknown>> = {
  host: { name: 'catalogue-test.example.com' },
  country: { alpha2: 'ZZ' },
  channel: { key: 'catalogue_test', color: '#123456' },
  blogpost: { slug: 'catalogue-test' },
  transaction: { type: 'topup' },
  invoice: { net: 100, vat: 19, gross: 119 },
  creditnote: { net: 10, vat: 1.9, gross: 11.9 },
  // The affiliate wizard's rules (plugins/affiliate): an ad server host, a manual product feed, an ad code with {click}.
  wizard: { adserver: 'track.example.com', datasource: 'manual', delimiter: ',', categories: [], adcode: '<a href="{click}">Catalogue test</a>' },
  // POST /api/booking is the booking plugin's: the wizard's rules need a channel, a budget, a target and a creative.
  booking: {
    start: new Date().toISOString().slice(0, 10), channels: ['platform161'], dailyBudget: 5, target: 'https://catalogue.example.com/test',
    creatives: [{ name: 'Catalogue test', bannerType: 'image_ad', width: 300, height: 250, file: 'catalogue-test', channels: ['platform161'] }],
  },
};

async function firstId(name: string): Promise<string> {
  const where = name === 'advertiser' ? { id: demoShop.id } : name === 'publisher' ? { id: publisherRow.id } : {};
  const row = (await server.core.model(name).findOne({ where, raw: true })) as { id: string } | null;
  if (row) return row.id;
  // A required reference to an empty resource: create one of those first.
  return (await createMinimal(server.core.resource(name))).id as string;
}

async function valueFor(resource: ResourceDef, key: string, field: FieldDef): Promise<unknown> {
  const suffix = `${resource.name} ${key}`;
  switch (field.type) {
    case 'text': case 'textarea': {
      const text = `Catalogue test ${suffix}`;
      return text.slice(0, field.max ?? text.length).padEnd(field.min ?? 0, 'x');
    }
    case 'email': return `${resource.name}@catalogue.test`;
    case 'url': return 'https://catalogue.example.com/test';
    case 'number': case 'integer': case 'money': return Math.max(field.min ?? 1, 1);
    case 'boolean': return true;
    case 'date': return '2026-06-01';
    case 'datetime': return '2026-06-01T12:00:00.000Z';
    case 'enum': return field.default ?? field.options![0];
    case 'ref': return firstId(field.ref!);
    case 'refMany': return [await firstId(field.ref!)];
    case 'stringList': return field.options ? [field.options[0]] : ['DE'];
    case 'json': return field.shape ? sampleOf(field.shape) : {};
    default: return 'x';
  }
}

async function createMinimal(resource: ResourceDef): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.required && !field.readOnly) body[key] = await valueFor(resource, key, field);
  }
  Object.assign(body, SPECIAL[resource.name] ?? {});
  const res = await server.api(`/api/${resource.name}`, { method: 'POST', token: sysop(), body });
  const answer = await res.json();
  expect(res.status, `${resource.name}: ${JSON.stringify(answer)}`).toBe(201);
  return answer;
}

describe('every declared resource', () => {
  const root = defineAbilityFor({ id: 'x', role: 'systemoperator', advertiserIds: [], publisherIds: [] });
  const writable = resources.filter((r) => root.can('create', r.name));

  it('leaves only the server-written access logs, activity log, coupon usages, tracking events, outbox, payouts and ledgers without create for the systemoperator', () => {
    expect(resources.filter((r) => !root.can('create', r.name)).map((r) => r.name)).toEqual(['accesslog', 'campaignlog', 'couponusage', 'event', 'outbox', 'payout', 'transaction', 'earning']);
  });

  it.each(writable.map((r) => [r.name, r] as [string, ResourceDef]))('%s: the systemoperator creates, reads, saves back and deletes a minimal record', async (_name, resource) => {
    const created = await createMinimal(resource);
    const read = await server.api(`/api/${resource.name}/${created.id}`, { token: sysop() });
    expect(read.status).toBe(200);
    const record = await read.json();
    // react-admin sends the whole record back on save
    const updated = await server.api(`/api/${resource.name}/${created.id}`, { method: 'PUT', token: sysop(), body: record });
    expect(updated.status, JSON.stringify(await updated.clone().json())).toBe(root.can('update', resource.name) ? 200 : 403);
    const removed = await server.api(`/api/${resource.name}/${created.id}${resource.archivable ? '?hard=true' : ''}`, { method: 'DELETE', token: sysop() });
    expect(removed.status).toBe(200);
    expect((await server.api(`/api/${resource.name}/${created.id}`, { token: sysop() })).status).toBe(404);
  });

  it('answers each demo account\'s list request as its abilities say', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const ability = defineAbilityFor({ id: 'x', role: account.role as Role, advertiserIds: [], publisherIds: [] });
      for (const resource of resources) {
        const res = await server.api(`/api/${resource.name}`, { token: token(account.email) });
        expect(res.status, `${account.email} ${resource.name}`).toBe(ability.can('read', resource.name) ? 200 : 403);
      }
    }
  });
});

describe('the seeded catalogues and demo rows', () => {
  it('lists the channel catalogue, countries and categories for every signed-in account', async () => {
    for (const email of ['advertiser@demo.test', 'publisher@demo.test', 'accounting@demo.test', 'viewer@demo.test']) {
      const { status, rows } = await list('channel', email);
      expect(status, email).toBe(200);
      expect(rows.map((r) => r.key).sort()).toEqual(CHANNELS.map((c) => c.key).sort());
    }
    const { rows: channels } = await list('channel', 'advertiser@demo.test', { filter: { active: true } });
    expect(channels).toHaveLength(15);
    const outbrain = channels.find((c) => c.key === 'outbrain')!;
    expect(outbrain).toMatchObject({ minBudget: 30, programmaticFee: 0.3, category: 'Native Ads' });
    expect(channels.find((c) => c.key === 'platform161')).toMatchObject({ minBudget: 0.1, maxDomains: 2000 });
    const { rows: countries } = await list('country', 'advertiser@demo.test');
    expect(countries.map((c) => c.alpha2)).toEqual(['AT', 'FR', 'DE', 'NL', 'CH', 'GB', 'US']);
    expect((await list('category', 'publisher@demo.test')).rows.length).toBeGreaterThan(5);
  });

  it('shows Demo Shop its own template, segments, domain list, host and ledger, and the other shop none of them', async () => {
    for (const name of ['bookingtemplate', 'segment', 'domainlist', 'host', 'transaction']) {
      const own = await list(name, 'advertiser@demo.test');
      expect(own.rows.length, name).toBeGreaterThan(0);
      expect(own.rows.every((r) => r.advertiser === demoShop.id), name).toBe(true);
      expect((await list(name, 'other@demo.test')).rows.filter((r) => r.advertiser !== otherShop.id), name).toEqual([]);
    }
  });

  it('keeps a ledger that adds up to the balance, readable by accounting and not by a viewer', async () => {
    const { rows } = await list('transaction', 'accounting@demo.test', { filter: { advertiser: demoShop.id } });
    const sum = rows.reduce((total, r) => total + Math.round((r.amount as number) * 100), 0);
    expect(sum).toBe(Number(demoShop.balance));
    // Spend is booked by the ad server as it delivers (plugins/tracking); test servers seed no delivery history.
    expect(rows.map((r) => r.type).sort()).toEqual(['coupon', 'topup']);
    expect((await list('transaction', 'viewer@demo.test')).status).toBe(403);
    expect((await list('invoice', 'viewer@demo.test')).status).toBe(403);
    expect((await list('invoice', 'accounting@demo.test')).status).toBe(200);
  });
});

describe('rules through the API', () => {
  it('keeps a segment identifier unique within the advertiser only', async () => {
    const body = { name: 'Duplicate', identifier: 'Cart-Abandoners' };
    const dup = await server.api('/api/segment', { method: 'POST', token: token('advertiser@demo.test'), body });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toEqual({
      message: 'The identifier must be unique within the advertiser.',
      errors: [{ field: 'identifier', message: 'The identifier must be unique within the advertiser.' }],
    });
    const elsewhere = await server.api('/api/segment', { method: 'POST', token: token('other@demo.test'), body });
    expect(elsewhere.status).toBe(201);
    expect((await elsewhere.json()).advertiser).toBe(otherShop.id);
  });

  it('lets an agency, not a company, create booking templates, within a sane budget range', async () => {
    const company = await server.api('/api/bookingtemplate', { method: 'POST', token: token('advertiser@demo.test'), body: { name: 'Mine' } });
    expect(company.status).toBe(403);
    const inverted = await server.api('/api/bookingtemplate', { method: 'POST', token: token('agency@demo.test'), body: { name: 'Agency template', minDailyBudget: 50, maxDailyBudget: 10 } });
    expect(inverted.status).toBe(400);
    expect((await inverted.json()).errors.map((e: { field: string }) => e.field)).toContain('maxDailyBudget');
    const ok = await server.api('/api/bookingtemplate', { method: 'POST', token: token('agency@demo.test'), body: { name: 'Agency template', minDailyBudget: 5, maxDailyBudget: 100, channels: ['facebook'] } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ minDailyBudget: 5, maxDailyBudget: 100, defaultDailyBudget: 5 });
  });

  it('refuses ledger entries through the generic API and an invoice that does not add up', async () => {
    const admin = await server.token('admin@demo.test');
    // The ledger is append-only through the generic API: plugins/finances writes it with the balance.
    const wrong = await server.api('/api/transaction', { method: 'POST', token: admin, body: { advertiser: demoShop.id, type: 'spend', amount: 12, description: 'Spend' } });
    expect(wrong.status).toBe(403);
    const invoice = await server.api('/api/invoice', { method: 'POST', token: token('accounting@demo.test'), body: { number: 'R-1', date: '2026-01-31', advertiser: demoShop.id, net: 100, vat: 19, gross: 120 } });
    expect((await invoice.json()).errors).toEqual([{ field: 'gross', message: 'The gross amount must equal net plus VAT.' }]);
    const advertiserWrite = await server.api('/api/transaction', { method: 'POST', token: token('advertiser@demo.test'), body: { type: 'topup', amount: 1000, description: 'Free money' } });
    expect(advertiserWrite.status).toBe(403);
  });

  it('lets a publisher keep its websites and read its invitations, and write none of them', async () => {
    const publisher = token('publisher@demo.test');
    const site = await server.api('/api/website', { method: 'POST', token: publisher, body: { name: 'Demo News', url: 'https://news.demo.test' } });
    expect(site.status).toBe(201);
    expect((await site.json()).publisher).toBe(publisherRow.id);
    expect((await list('website', 'advertiser@demo.test')).status).toBe(403);

    const [campaign] = (await list('campaign', 'sysop@demo.test', { filter: { q: 'Summer Sale' } })).rows;
    const invite = (body: Record<string, unknown>) => server.api('/api/invitation', { method: 'POST', token: sysop(), body: { publisher: publisherRow.id, campaign: campaign.id, ...body } });
    const open = await (await invite({ invitationStatus: 'invited', end: '2999-12-31' })).json();
    expect((await server.api('/api/invitation', { method: 'POST', token: publisher, body: { campaign: campaign.id, invitationStatus: 'accepted' } })).status).toBe(403);

    // It answers through the publisher area (which mails the affiliate manager), never through the generic API.
    const [mine] = (await list('invitation', 'publisher@demo.test', { filter: { id: [open.id] } })).rows;
    expect(mine.invitationStatus).toBe('invited');
    const accept = await server.api(`/api/invitation/${open.id}`, { method: 'PUT', token: publisher, body: { ...mine, invitationStatus: 'accepted' } });
    expect(accept.status).toBe(403);
    expect((await list('invitation', 'publisher@demo.test', { filter: { id: [open.id] } })).rows[0].invitationStatus).toBe('invited');
    expect((await list('invitation', 'advertiser@demo.test')).status).toBe(403);
  });
});
