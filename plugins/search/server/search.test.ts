import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const search = async (token: string, params: string) => {
  const res = await server.api(`/api/search?${params}`, { token });
  return { status: res.status, body: await res.json() };
};

describe('global search', () => {
  it('finds campaigns, bookings and line items by name with counts and timing', async () => {
    const sysop = await server.token('sysop@demo.test');
    const { status, body } = await search(sysop, 'search=summer');
    expect(status).toBe(200);
    expect(body.results.campaign.items.map((c: { name: string }) => c.name)).toEqual(['Summer Sale 2026']);
    expect(body.results.booking.count).toBe(1);
    expect(body.results.lineitem.count).toBe(3);
    // the campaign's image banner and, for Google Ads, its search ad
    expect(body.results.banner.count).toBe(2);
    // and the prepaid contract of each of its three channels
    expect(body.results.contract.count).toBe(3);
    expect(body.stats).toMatchObject({ qty: 10, largest: 3 });
    expect(typeof body.stats.ms).toBe('number');
    expect(body.results.advertiser).toBeUndefined();
  });

  it('pages each list with qty and offset', async () => {
    const sysop = await server.token('sysop@demo.test');
    const first = await search(sysop, 'search=summer&qty=2&offset=0');
    const second = await search(sysop, 'search=summer&qty=2&offset=2');
    expect(first.body.results.lineitem.items).toHaveLength(2);
    expect(second.body.results.lineitem.items).toHaveLength(1);
    expect(second.body.results.lineitem.count).toBe(3);
  });

  it('finds a record by its id', async () => {
    const sysop = await server.token('sysop@demo.test');
    const advertiser = (await server.core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as { id: string };
    const { body } = await search(sysop, `search=${advertiser.id}`);
    expect(body.results.advertiser.items.map((a: { name: string }) => a.name)).toEqual(['Other Shop AG']);
  });

  it('shows an advertiser only its own records and answers 400 for bad paging', async () => {
    const advertiser = await server.token('advertiser@demo.test');
    const { body } = await search(advertiser, 'search=shop');
    expect(body.results.advertiser.items.map((a: { name: string }) => a.name)).toEqual(['Demo Shop GmbH']);
    expect(body.results.login).toBeUndefined();
    for (const params of ['search=', 'search=a&qty=-1', 'search=a&offset=x', 'search=a&qty=1000']) {
      expect((await search(advertiser, params)).status, params).toBe(400);
    }
    const german = async (params: string) => (await (await server.api(`/api/search?${params}`, { token: advertiser, headers: { Language: 'de' } })).json()).message;
    expect(await german('search=')).toBe('Bitte geben Sie einen Suchbegriff ein.');
    expect(await german('search=a&qty=1000')).toBe('Der Parameter „qty“ muss eine ganze Zahl von 0 bis 100 sein.');
    expect(await german('search=a&offset=x')).toBe('Der Parameter „offset“ muss eine ganze Zahl von 0 bis 100.000 sein.');
    expect((await (await server.api('/api/nowhere', { token: advertiser, headers: { Language: 'de' } })).json()).message).toBe('Keine API-Adresse GET /nowhere.');
    expect((await search(advertiser, `search=${encodeURIComponent("%' OR 1=1 --")}`)).body.stats.qty).toBe(0);
  });
});
