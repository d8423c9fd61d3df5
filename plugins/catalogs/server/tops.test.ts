/**
 * Top products and top referers (generateTopProducts, generateTopReferer) from a shop's onsite events sent through the
 * container script's endpoint, named from a catalog imported from a feed; who may generate them; the daily job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@adsuite/backend/testkit';
import { advertiserNamed, csvFeed, startImportServers, type FeedServer } from './feedServer.ts';
import { generateAllTops } from './tops.ts';

let server: TestServer;
let feeds: FeedServer;
let stop: () => Promise<void>;
const tokens: Record<string, string> = {};
let shop: string;
let campaign: string;
let otherCampaign: string;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Events as the shop's pages send them (POST /t/e). */
async function onsite(events: Record<string, unknown>[]) {
  const res = await fetch(`${server.url}/t/e`, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER }, body: JSON.stringify(events) });
  expect(res.status, await res.text()).toBe(204);
}

const times = (n: number, event: Record<string, unknown>) => Array.from({ length: n }, () => event);

beforeAll(async () => {
  ({ server, feeds, stop } = await startImportServers());
  for (const [role, email] of Object.entries({ advertiser: 'advertiser@demo.test', sysop: 'sysop@demo.test', admin: 'admin@demo.test', affiliatemanager: 'affiliatemanager@demo.test', accounting: 'accounting@demo.test' })) {
    tokens[role] = await server.token(email);
  }
  shop = await advertiserNamed(server, 'Demo Shop GmbH');
  const other = await advertiserNamed(server, 'Other Shop AG');
  campaign = String((await server.core.model('campaign').create({ name: 'Tops campaign', advertiser: shop, status: 'active' })).get('id'));
  otherCampaign = String((await server.core.model('campaign').create({ name: 'Other tops', advertiser: other, status: 'active' })).get('id'));
  await server.core.model('booking').create({ name: 'Tops booking', advertiser: shop, campaign, status: 'active' });

  feeds.serve('/shop.csv', csvFeed([
    { id: 'P-1', name: 'Rucksack', url: 'https://shop.example/p1', price: '49,90' },
    { id: 'P-2', name: 'Zelt', url: 'https://shop.example/p2', price: '199' },
  ]));
  const catalog = await (await server.api('/api/catalog', { method: 'POST', token: tokens.advertiser, body: { name: 'Shop feed', advertiser: shop, source: 'automatic', url: `${feeds.url}/shop.csv` } })).json() as { id: string };
  expect((await server.api(`/api/catalog/${catalog.id}/import`, { method: 'POST', token: tokens.advertiser, body: {} })).status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const state = await (await server.api(`/api/catalog/${catalog.id}/import`, { token: tokens.advertiser })).json() as { importRunning: boolean };
    if (!state.importRunning) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const page = { a: shop, url: 'https://shop.example/p' };
  await onsite([
    ...times(5, { ...page, cls: 'product', product: 'P-2', ref: 'https://news.example.org/article' }),
    ...times(3, { ...page, cls: 'product', product: 'P-1', ref: 'https://www.search.example.net/?q=rucksack' }),
    ...times(4, { ...page, cls: 'product', product: 'X-9', ref: 'https://news.example.org/other' }),
    { ...page, cls: 'order', product: 'P-1', order: 'O-1', value: '49,90', ref: 'https://shop.example/cart' },
    { ...page, cls: 'order', product: 'P-1', order: 'O-2', value: 49.9, ref: 'https://shop.example/cart' },
    { ...page, cls: 'front', ref: 'https://news.example.org/' },
  ]);
  await onsite([{ a: other, url: 'https://other.example/p', cls: 'product', product: 'Z-1', ref: 'https://elsewhere.example.com/' }]);
}, 120_000);

afterAll(() => stop?.());

describe('generateTopProducts', () => {
  it('ranks the shop\'s products by orders, then views, names them from the catalog and stores them as the campaign\'s top products', async () => {
    const res = await server.api(`/api/campaign/${campaign}/topproducts`, { method: 'POST', token: tokens.sysop });
    const body = await res.json() as { campaign: string; products: Record<string, unknown>[] };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.products.map((p) => [p.rank, p.productId, p.name, p.views, p.orders, p.revenue])).toEqual([
      [1, 'P-1', 'Rucksack', 3, 2, 99.8],
      [2, 'P-2', 'Zelt', 5, 0, 0],
      [3, 'X-9', 'X-9', 4, 0, 0],
    ]);
    expect(body.products[0].catalogProduct).toEqual(expect.any(String));
    expect(body.products[2].catalogProduct).toBeNull();
    // The top product list (/topproducts) shows them, sorted by rank.
    const listed = await (await server.api(`/api/topproduct?filter=${encodeURIComponent(JSON.stringify({ campaign }))}`, { token: tokens.admin })).json() as Record<string, unknown>[];
    expect(listed.map((row) => [row.rank, row.productId, row.url, row.revenue])).toEqual([[1, 'P-1', 'https://shop.example/p1', 99.8], [2, 'P-2', 'https://shop.example/p2', 0], [3, 'X-9', null, 0]]);
    const booking = (await server.core.model('booking').findOne({ where: { campaign }, raw: true })) as unknown as { topproducts: unknown[] };
    expect(booking.topproducts).toEqual([
      { productId: 'P-1', name: 'Rucksack', views: 3, orders: 2 }, { productId: 'P-2', name: 'Zelt', views: 5, orders: 0 }, { productId: 'X-9', name: 'X-9', views: 4, orders: 0 },
    ]);
  });

  it('takes the optimizer\'s count and replaces the earlier list', async () => {
    const optimizer = await server.core.model('optimizer').create({ campaign, advertiser: shop, topProductCount: 1 });
    const res = await server.api(`/api/campaign/${campaign}/topproducts`, { method: 'POST', token: tokens.affiliatemanager });
    expect(((await res.json()) as { products: unknown[] }).products).toHaveLength(1);
    expect(await server.core.model('topproduct').count({ where: { campaign } })).toBe(1);
    await optimizer.destroy();
  });

  it('is for the staff who read top products: not advertisers, not accounting', async () => {
    for (const role of ['advertiser', 'accounting']) {
      const res = await server.api(`/api/campaign/${campaign}/topproducts`, { method: 'POST', token: tokens[role] });
      expect(res.status, role).toBe(403);
    }
    expect((await server.api('/api/campaign/00000000-0000-4000-8000-000000000000/topproducts', { method: 'POST', token: tokens.sysop })).status).toBe(404);
  });
});

describe('generateTopReferer', () => {
  it('counts the hosts that sent visitors to the shop, not the shop\'s own pages', async () => {
    const res = await server.api(`/api/campaign/${campaign}/topreferers`, { method: 'POST', token: tokens.admin, headers: { Language: 'de' } });
    const body = await res.json() as { referers: unknown[] };
    expect(res.status).toBe(200);
    expect(body.referers).toEqual([{ rank: 1, host: 'news.example.org', count: 10 }, { rank: 2, host: 'www.search.example.net', count: 3 }]);
    const booking = (await server.core.model('booking').findOne({ where: { campaign }, raw: true })) as unknown as { topreferers: unknown[] };
    expect(booking.topreferers).toEqual([{ host: 'news.example.org', count: 10 }, { host: 'www.search.example.net', count: 3 }]);
  });
});

describe('the daily job', () => {
  it('generates the tops of every running campaign, each from its own advertiser\'s events', async () => {
    expect(await generateAllTops(server.core)).toBeGreaterThanOrEqual(2);
    const other = (await server.core.model('topproduct').findAll({ where: { campaign: otherCampaign }, raw: true })) as unknown as Record<string, unknown>[];
    expect(other.map((row) => row.productId)).toEqual(['Z-1']);
    expect(await server.core.model('topproduct').count({ where: { campaign } })).toBe(3);
  });
});
