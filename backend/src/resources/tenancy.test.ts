import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
let advertiser: string;
let viewer: string;
let agency: string;
let other: { id: string };
let demoShop: { id: string };
const ADVERTISER_DATA = ['campaign', 'booking', 'lineitem', 'banner'];

beforeAll(async () => {
  server = await startTestServer();
  advertiser = await server.token('advertiser@demo.test');
  viewer = await server.token('viewer@demo.test');
  agency = await server.token('agency@demo.test');
  other = (await server.core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as { id: string };
  demoShop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as { id: string };
});
afterAll(async () => {
  await server?.stop();
});

const rowsOf = async (name: string, token: string, headers: Record<string, string> = {}) => {
  const res = await server.api(`/api/${name}?range=${encodeURIComponent('[0,999]')}`, { token, headers });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; advertiser: string; name: string }[];
};
const otherShopRow = async (name: string) =>
  (await server.core.model(name).findOne({ where: { advertiser: other.id }, raw: true })) as { id: string; name: string; updated: Date; archivedAt: Date | null };

describe('an advertiser and "Other Shop AG"', () => {
  it.each(ADVERTISER_DATA)('never lists a %s of the other shop', async (name) => {
    const rows = await rowsOf(name, advertiser);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.advertiser === demoShop.id)).toBe(true);
    const searched = await server.api(`/api/${name}?filter=${encodeURIComponent(JSON.stringify({ advertiser: other.id }))}`, { token: advertiser });
    expect(await searched.json()).toEqual([]);
    const byId = await server.api(`/api/${name}?filter=${encodeURIComponent(JSON.stringify({ id: [(await otherShopRow(name)).id] }))}`, { token: advertiser });
    expect(await byId.json()).toEqual([]);
  });

  it.each(ADVERTISER_DATA)('cannot read, change or delete a %s of the other shop', async (name) => {
    const row = await otherShopRow(name);
    const read = await server.api(`/api/${name}/${row.id}`, { token: advertiser });
    const put = await server.api(`/api/${name}/${row.id}`, { method: 'PUT', token: advertiser, body: { name: 'hijacked' } });
    const del = await server.api(`/api/${name}/${row.id}`, { method: 'DELETE', token: advertiser });
    const recover = await server.api(`/api/${name}/${row.id}/recover`, { method: 'POST', token: advertiser });
    for (const res of [read, put, del, recover]) expect([403, 404]).toContain(res.status);
    const after = (await server.core.model(name).findOne({ where: { id: row.id }, raw: true })) as typeof row;
    expect(after.name).toBe(row.name);
    expect(after.archivedAt).toBeNull();
    expect(after.updated).toEqual(row.updated);
  });

  it('cannot create a record for the other shop nor move its own record there', async () => {
    const create = await server.api('/api/booking', { method: 'POST', token: advertiser, body: { name: 'Sneaky', advertiser: other.id, start: '2026-12-01' } });
    expect([400, 403]).toContain(create.status);
    expect(await server.core.model('booking').count({ where: { name: 'Sneaky' } })).toBe(0);

    const [own] = await rowsOf('booking', advertiser);
    const move = await server.api(`/api/booking/${own.id}`, { method: 'PUT', token: advertiser, body: { advertiser: other.id } });
    expect([400, 403]).toContain(move.status);
    const after = (await server.core.model('booking').findOne({ where: { id: own.id }, raw: true })) as { advertiser: string };
    expect(after.advertiser).toBe(demoShop.id);
  });

  it('cannot point a reference at a record of the other shop', async () => {
    const otherCampaign = await otherShopRow('campaign');
    const res = await server.api('/api/banner', { method: 'POST', token: advertiser, body: { name: 'Ref leak', campaign: otherCampaign.id, bannerType: 'image_ad' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: 'campaign', message: 'Campaign was not found.' }]);
  });

  it('creates its own records for the selected advertiser', async () => {
    const res = await server.api('/api/banner', { method: 'POST', token: advertiser, body: { name: 'Own banner', bannerType: 'image_ad' } });
    expect(res.status).toBe(201);
    expect((await res.json()).advertiser).toBe(demoShop.id);
  });

  it('answers 406 "Access changed." for an Advertiser header naming the other shop', async () => {
    const res = await server.api('/api/booking', { token: advertiser, headers: { Advertiser: other.id } });
    expect(res.status).toBe(406);
    expect((await res.json()).message).toBe('Access changed.');
    expect((await server.api('/api/booking', { token: advertiser, headers: { Advertiser: 'garbage' } })).status).toBe(406);
    expect((await server.api('/api/booking', { token: advertiser, headers: { Advertiser: demoShop.id } })).status).toBe(200);
  });
});

describe('a viewer', () => {
  it('reads the bookings of its advertiser', async () => {
    const rows = await rowsOf('booking', viewer);
    expect(rows.map((r) => r.name).sort()).toEqual(['Brand Awareness Q4', 'Retargeting Evergreen', 'Summer Sale 2026']);
  });

  it('cannot create, update or delete anything', async () => {
    const [booking] = await rowsOf('booking', viewer);
    const [banner] = await rowsOf('banner', viewer);
    const attempts = [
      server.api('/api/booking', { method: 'POST', token: viewer, body: { name: 'Viewer booking', start: '2026-12-01' } }),
      server.api('/api/banner', { method: 'POST', token: viewer, body: { name: 'Viewer banner', bannerType: 'image_ad' } }),
      server.api(`/api/booking/${booking.id}`, { method: 'PUT', token: viewer, body: { name: 'Changed by viewer' } }),
      server.api(`/api/banner/${banner.id}`, { method: 'DELETE', token: viewer }),
      server.api(`/api/booking/${booking.id}`, { method: 'DELETE', token: viewer }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
    const after = (await server.core.model('booking').findOne({ where: { id: booking.id }, raw: true })) as { name: string; archivedAt: Date | null };
    expect(after).toMatchObject({ name: booking.name, archivedAt: null });
    expect(await server.core.model('booking').count({ where: { name: 'Viewer booking' } })).toBe(0);
  });
});

describe('an agency', () => {
  it('sees both clients, or the one its Advertiser header selects', async () => {
    const all = await rowsOf('booking', agency);
    expect(all.map((r) => r.name).sort()).toEqual(['Client One Always-On', 'Client Two Test Flight']);
    const me = await (await server.api('/api/auth/login', { token: agency })).json();
    const two = me.advertisers.find((a: { name: string }) => a.name === 'Agency Client Two').id;
    const selected = await rowsOf('booking', agency, { Advertiser: two });
    expect(selected.map((r) => r.name)).toEqual(['Client Two Test Flight']);
  });

  it('owns the advertiser it creates', async () => {
    const res = await server.api('/api/advertiser', { method: 'POST', token: agency, body: { name: 'Agency Client Three' } });
    expect(res.status).toBe(201);
    const created = await res.json();
    const me = await (await server.api('/api/auth/login', { token: agency })).json();
    expect(created.owner).toBe(me.id);
    expect((await rowsOf('advertiser', agency)).map((a) => a.name)).toContain('Agency Client Three');
    // A company's advertiser list never shows it.
    expect((await rowsOf('advertiser', advertiser)).map((a) => a.name)).toEqual(['Demo Shop GmbH']);
  });
});

describe('staff', () => {
  it('answers 406 for an Advertiser header naming no advertiser', async () => {
    const sysop = await server.token('sysop@demo.test');
    expect((await server.api('/api/booking', { token: sysop, headers: { Advertiser: '00000000-0000-4000-8000-000000000000' } })).status).toBe(406);
    expect((await rowsOf('booking', sysop, { Advertiser: other.id })).length).toBeGreaterThan(2);
  });

  it('keeps a publisher away from advertiser data', async () => {
    const publisher = await server.token('publisher@demo.test');
    for (const name of ADVERTISER_DATA) {
      const res = await server.api(`/api/${name}`, { token: publisher });
      expect(res.status).toBe(403);
    }
    expect((await rowsOf('publisher', publisher)).map((p) => p.name)).toEqual(['Demo Publisher']);
  });
});
