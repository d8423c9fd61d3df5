import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
let sysop: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  sysop = await server.token('sysop@demo.test');
  admin = await server.token('admin@demo.test');
});
afterAll(async () => {
  await server?.stop();
});

const list = (path: string, token = sysop) => server.api(path, { token });
const q = (params: Record<string, unknown>) =>
  Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');

describe('every resource of the OpenAPI document', () => {
  it('answers 200 with Content-Range for the systemoperator', async () => {
    const doc = await (await server.api('/api/openapi.json')).json();
    // The declared resources' lists (a plugin's own GET /api/<name>, e.g. /api/approval, has its own protocol).
    const paths = Object.keys(doc.paths).filter((p) => /^\/api\/[a-z-]+$/.test(p) && doc.paths[p].get?.tags && Object.hasOwn(resourceByName, p.slice(5)));
    expect(paths.length).toBeGreaterThanOrEqual(12);
    for (const path of paths) {
      const res = await list(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-range'), path).toMatch(/^[a-z-]+ \d+-\d+\/\d+$/);
      expect(Array.isArray(await res.json())).toBe(true);
    }
    for (const name of ['advertiser', 'publisher', 'vertical', 'campaign', 'booking', 'lineitem', 'banner', 'catalog', 'coupon', 'wizard', 'sync-queue']) {
      expect(paths).toContain(`/api/${name}`);
    }
  });
});

describe('list protocol', () => {
  it('pages with range and reports the total in Content-Range', async () => {
    const first = await list(`/api/booking?${q({ range: [0, 2], sort: ['name', 'ASC'] })}`);
    const second = await list(`/api/booking?${q({ range: [3, 5], sort: ['name', 'ASC'] })}`);
    const all = await list(`/api/booking?${q({ range: [0, 99], sort: ['name', 'ASC'] })}`);
    const names = (await all.json()).map((b: { name: string }) => b.name);
    expect(first.headers.get('content-range')).toBe(`booking 0-2/${names.length}`);
    expect(second.headers.get('content-range')).toBe(`booking 3-5/${names.length}`);
    expect([...(await first.json()), ...(await second.json())].map((b: { name: string }) => b.name)).toEqual(names.slice(0, 6));
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('searches with q over the declared fields and filters by field', async () => {
    const found = await (await list(`/api/booking?${q({ filter: { q: 'summer' } })}`)).json();
    expect(found.map((b: { name: string }) => b.name)).toEqual(['Summer Sale 2026']);
    const active = await (await list(`/api/booking?${q({ filter: { status: 'active' }, range: [0, 99] })}`)).json();
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((b: { status: string }) => b.status === 'active')).toBe(true);
    const several = await (await list(`/api/booking?${q({ filter: { status: ['active', 'paused'] }, range: [0, 99] })}`)).json();
    expect(several.length).toBeGreaterThan(active.length);
  });

  it('answers getMany with filter id', async () => {
    const some = (await (await list(`/api/campaign?${q({ range: [0, 2] })}`)).json()).map((c: { id: string }) => c.id);
    const many = await (await list(`/api/campaign?${q({ filter: { id: some } })}`)).json();
    expect(many.map((c: { id: string }) => c.id).sort()).toEqual([...some].sort());
  });

  it('embeds references with populate and child ids with lookup', async () => {
    const [campaign] = await (await list(`/api/campaign?${q({ filter: { q: 'Summer Sale' }, populate: 'advertiser', lookup: 'bookings,lineitems' })}`)).json();
    expect(campaign.advertiser.name).toBe('Demo Shop GmbH');
    expect(campaign.lookups.bookings).toHaveLength(1);
    expect(campaign.lookups.lineitems).toHaveLength(3);
  });

  it('caps the count at 10000', async () => {
    const advertiser = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as { id: string };
    await server.core.sequelize.query(
      `INSERT INTO verticals (id, name) SELECT gen_random_uuid(), 'bulk vertical ' || g FROM generate_series(1, 10050) g`,
    );
    const res = await list(`/api/vertical?${q({ range: [0, 9], filter: { q: 'bulk' } })}`);
    expect(res.headers.get('content-range')).toBe('vertical 0-9/10000');
    expect(advertiser.id).toBeTruthy();
    await server.core.sequelize.query(`DELETE FROM verticals WHERE name LIKE 'bulk vertical %'`);
  });
});

describe('bad input to lists', () => {
  const bad: [string, string][] = [
    ['unknown sort field', q({ sort: ['password', 'ASC'] })],
    ['sort direction', q({ sort: ['name', 'SIDEWAYS'] })],
    ['sort not a pair', q({ sort: 'name' })],
    ['malformed filter JSON', 'filter=%7B%22q%22%3A'],
    ['filter not an object', q({ filter: [1, 2] })],
    ['unknown filter field', q({ filter: { nonsense: 1 } })],
    ['private filter field', q({ filter: { password: 'x' } })],
    ['bad enum filter value', q({ filter: { status: 'flying' } })],
    ['bad uuid filter value', q({ filter: { advertiser: "1' OR '1'='1" } })],
    ['malformed range JSON', 'range=%5B0%2C'],
    ['negative range', q({ range: [-5, 3] })],
    ['reversed range', q({ range: [9, 3] })],
    ['fractional range', q({ range: [0.5, 3] })],
    ['huge page', q({ range: [0, 100000] })],
    ['parameter twice', 'sort=%5B%22name%22%2C%22ASC%22%5D&sort=x'],
    ['unknown populate', q({ populate: 'status' })],
    ['unknown lookup', q({ lookup: 'nothing' })],
  ];
  it.each(bad)('answers 400 with a message for %s', async (_label, query) => {
    const res = await list(`/api/booking?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(typeof body.message).toBe('string');
    expect(Array.isArray(body.errors)).toBe(true);
  });

  it('treats quotes, SQL and LIKE wildcards in q as plain text', async () => {
    for (const text of ["'; DROP TABLE bookings; --", '" OR 1=1 --', '%', '_', '\\', "Summer' OR 'a'='a"]) {
      const res = await list(`/api/booking?${q({ filter: { q: text } })}`);
      expect(res.status, text).toBe(200);
      expect(await res.json(), text).toEqual([]);
    }
    expect((await list('/api/booking')).status).toBe(200);
  });

  it('answers 404, not 500, for ids that are not ids', async () => {
    for (const id of ['not-a-uuid', "1'--", '00000000-0000-4000-8000-000000000000']) {
      expect((await list(`/api/booking/${encodeURIComponent(id)}`)).status).toBe(404);
    }
  });
});

describe('create, update, delete, recover', () => {
  it('creates a vertical, reads, updates, archives, recovers and hard-deletes it', async () => {
    const created = await server.api('/api/vertical', { method: 'POST', token: sysop, body: { name: 'Pets' } });
    expect(created.status).toBe(201);
    const vertical = await created.json();
    expect(vertical).toMatchObject({ name: 'Pets', archivedAt: null });
    expect(vertical._id).toBe(vertical.id);

    const updated = await server.api(`/api/vertical/${vertical.id}`, { method: 'PUT', token: sysop, body: { ...vertical, name: 'Pets & Animals' } });
    expect((await updated.json()).name).toBe('Pets & Animals');

    const archived = await server.api(`/api/vertical/${vertical.id}`, { method: 'DELETE', token: sysop });
    expect((await archived.json()).archivedAt).not.toBeNull();
    const visible = await (await list(`/api/vertical?${q({ filter: { q: 'Pets' } })}`)).json();
    expect(visible).toEqual([]);
    const inArchive = await (await list(`/api/vertical?${q({ filter: { q: 'Pets' } })}&archived=true`)).json();
    expect(inArchive.map((v: { id: string }) => v.id)).toEqual([vertical.id]);

    const recovered = await server.api(`/api/vertical/${vertical.id}/recover`, { method: 'POST', token: sysop });
    expect((await recovered.json()).archivedAt).toBeNull();
    expect((await list(`/api/vertical?${q({ filter: { q: 'Pets' } })}`).then((r) => r.json())).length).toBe(1);

    expect((await server.api(`/api/vertical/${vertical.id}?hard=true`, { method: 'DELETE', token: sysop })).status).toBe(200);
    expect((await list(`/api/vertical/${vertical.id}`)).status).toBe(404);
  });

  it('lets only the systemoperator delete for good', async () => {
    const [booking] = await (await list(`/api/booking?${q({ range: [0, 0] })}`, admin)).json();
    const res = await server.api(`/api/booking/${booking.id}?hard=true`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(403);
    expect((await list(`/api/booking/${booking.id}`, admin)).status).toBe(200);
  });

  it('writes an activity-log entry with a version snapshot for every change', async () => {
    const created = await (await server.api('/api/coupon', { method: 'POST', token: sysop, body: { name: 'SPRING10', amount: 10 } })).json();
    await server.api(`/api/coupon/${created.id}`, { method: 'PUT', token: sysop, body: { amount: 12.5 } });
    const log = await (await list(`/api/campaignlog?${q({ filter: { entityId: created.id }, sort: ['created', 'ASC'] })}`)).json();
    expect(log.map((entry: { entityAction: string }) => entry.entityAction)).toEqual(['create', 'update']);
    expect(log[1].version.amount).toBe(12.5);
    expect(log[1].message).toBe('Coupon "SPRING10" updated');
    // In the reader's language (German by default).
    const german = await (await server.api(`/api/campaignlog?${q({ filter: { entityId: created.id }, sort: ['created', 'ASC'] })}`, { token: sysop, headers: { Language: 'de' } })).json();
    expect(german.map((entry: { message: string }) => entry.message)).toEqual(['Gutschein „SPRING10“ erstellt', 'Gutschein „SPRING10“ geändert']);
  });

  it('answers 400 with field errors and writes nothing for invalid input', async () => {
    const before = await server.core.model('coupon').count();
    const res = await server.api('/api/coupon', { method: 'POST', token: sysop, body: { name: 'X', amount: 'lots', validUntil: 'someday', active: 'yes' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['active', 'amount', 'name', 'validUntil']);
    expect(body.message).toBe(body.errors[0].message);
    expect(await server.core.model('coupon').count()).toBe(before);

    const missing = await (await server.api('/api/wizard', { method: 'POST', token: sysop, body: {} })).json();
    // The ad server defaults to the tracking domain's host (plugins/affiliate).
    expect(missing.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['name', 'url', 'revenueSource', 'programid', 'adcode']));
    expect(missing.errors.map((e: { field: string }) => e.field)).not.toContain('affiliateprefix');
    for (const body of ['[1,2]', '"text"', 'null', '{"name":']) {
      const r = await server.api('/api/vertical', { method: 'POST', token: sysop, body });
      expect(r.status, body).toBe(400);
    }
  });

  it('refuses a duplicate unique value with 400', async () => {
    const res = await server.api('/api/coupon', { method: 'POST', token: sysop, body: { name: 'new25', amount: 5 } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(['name']);
  });

  it('ignores read-only and private fields on write', async () => {
    const [advertiser] = await (await list(`/api/advertiser?${q({ filter: { q: 'Demo Shop' } })}`)).json();
    const res = await server.api(`/api/advertiser/${advertiser.id}`, { method: 'PUT', token: sysop, body: { ...advertiser, balance: 1_000_000 } });
    expect((await res.json()).balance).toBe(advertiser.balance);
    const [login] = await (await list(`/api/login?${q({ filter: { email: 'viewer@demo.test' } })}`)).json();
    expect(login).not.toHaveProperty('password');
    await server.api(`/api/login/${login.id}`, { method: 'PUT', token: sysop, body: { password: 'hijacked1' } });
    expect((await server.api('/api/auth/signin', { method: 'POST', body: { email: 'viewer@demo.test', password: 'hijacked1' } })).status).toBe(401);
  });

  it('lets only the systemoperator assign the systemoperator role', async () => {
    const [login] = await (await list(`/api/login?${q({ filter: { email: 'wizard@demo.test' } })}`, admin)).json();
    const byAdmin = await server.api(`/api/login/${login.id}`, { method: 'PUT', token: admin, body: { role: 'systemoperator' } });
    expect(byAdmin.status).toBe(400);
    expect((await byAdmin.json()).errors).toEqual([{ field: 'role', message: 'Only a systemoperator can assign the systemoperator role.' }]);
    const created = await server.api('/api/login', { method: 'POST', token: admin, body: { email: 'root@demo.test', name: 'Ro', surname: 'Ot', role: 'systemoperator' } });
    expect(created.status).toBe(400);
    const bySysop = await server.api(`/api/login/${login.id}`, { method: 'PUT', token: sysop, body: { role: 'systemoperator' } });
    expect((await bySysop.json()).role).toBe('systemoperator');
    await server.api(`/api/login/${login.id}`, { method: 'PUT', token: sysop, body: { role: 'wizard' } });
  });
});
