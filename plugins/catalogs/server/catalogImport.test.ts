/**
 * The catalog import through the API and its job, with feeds from a local server the test starts: every data type
 * and compression, uploads, re-imports that update and remove, lines with problems, a broken feed (parsing-error
 * flag, catalog unchanged), a cancelled import, refused addresses, who may import.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@adsuite/backend/testkit';
import { advertiserNamed, csvFeed, packed, startImportServers, xmlFeed, type FeedProduct, type FeedServer } from './feedServer.ts';
import { isAllowedAddress } from './feedFetch.ts';
import type { Compression } from './unpack.ts';

let server: TestServer;
let feeds: FeedServer;
let stop: () => Promise<void>;
const tokens: Record<string, string> = {};
let demoShop: string;
type State = { importRunning: boolean; progress: number; parsingError: boolean; lastImport: string | null; count: number; feedFile: string | null; errors: { total: number; first: { line: number | null; message: string }[] } };

const THREE: FeedProduct[] = [
  { id: 'SKU-1', name: 'Laufschuh Alpha', price: '89,95 €', url: 'https://shop.example/p/1', brand: 'Runner & Co' },
  { id: 'SKU-2', name: 'Trailschuh Beta', price: '1.299,00', url: 'https://shop.example/p/2' },
  { id: 'SKU-3', name: 'Socken "Gamma"', price: '4.50 EUR' },
];

async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function newCatalog(fields: Record<string, unknown>, token = tokens.advertiser): Promise<string> {
  const res = await server.api('/api/catalog', { method: 'POST', token, body: { name: `Feed ${Math.random()}`, advertiser: demoShop, source: 'automatic', ...fields } });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

const state = async (id: string, token = tokens.advertiser, language = 'en') =>
  json<State>(await server.api(`/api/catalog/${id}/import`, { token, headers: { Language: language } }));

async function finished(id: string, timeoutMs = 30_000): Promise<State> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const now = await state(id);
    if (!now.importRunning) return now;
    if (Date.now() > until) throw new Error(`import of ${id} still running: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startImport(id: string, token = tokens.advertiser) {
  const res = await server.api(`/api/catalog/${id}/import`, { method: 'POST', token, body: {} });
  return { status: res.status, body: await json(res) };
}

async function importNow(id: string): Promise<State> {
  const started = await startImport(id);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.importRunning).toBe(true);
  return finished(id);
}

/** The catalog's products as stored (prices in cents). */
const products = async (catalog: string): Promise<Record<string, any>[]> =>
  ((await server.core.model('product').findAll({ where: { catalog }, raw: true, order: [['productId', 'ASC']] })) as unknown as Record<string, any>[])
    .map((row) => ({ ...row, price: row.price === null ? null : Number(row.price) }));

beforeAll(async () => {
  ({ server, feeds, stop } = await startImportServers());
  for (const [role, email] of Object.entries({ advertiser: 'advertiser@demo.test', other: 'other@demo.test', viewer: 'viewer@demo.test', sysop: 'sysop@demo.test', admin: 'admin@demo.test' })) {
    tokens[role] = await server.token(email);
  }
  demoShop = await advertiserNamed(server, 'Demo Shop GmbH');
}, 120_000);

afterAll(() => stop?.());

describe('catalog import from a feed URL: every data type and compression', () => {
  const compressions: Compression[] = ['none', 'gz', 'zip', 'tar', 'tar.gz'];
  for (const datatype of ['csv', 'xml'] as const) {
    for (const compression of compressions) {
      it(`imports ${datatype}, ${compression}`, async () => {
        const delimiter = datatype === 'xml' ? 'channel/item' : compression === 'gz' ? 'tab' : compression === 'tar' ? ';' : ',';
        const content = datatype === 'xml' ? xmlFeed(THREE) : csvFeed(THREE, delimiter === 'tab' ? '\t' : delimiter);
        const file = `/${datatype}-${compression}`;
        feeds.serve(file, await packed(content, compression, `feed.${datatype}`));
        const id = await newCatalog({ url: `${feeds.url}${file}`, datatype, compression, delimiter });
        const done = await importNow(id);
        expect(done).toMatchObject({ importRunning: false, parsingError: false, count: 3, progress: 3, errors: { total: 0, first: [] } });
        expect(done.lastImport).not.toBeNull();
        const rows = await products(id);
        expect(rows.map((row) => [row.productId, row.name, row.price, row.url, row.advertiser])).toEqual([
          ['SKU-1', 'Laufschuh Alpha', 8995, 'https://shop.example/p/1', demoShop],
          ['SKU-2', 'Trailschuh Beta', 129900, 'https://shop.example/p/2', demoShop],
          ['SKU-3', 'Socken "Gamma"', 450, null, demoShop],
        ]);
        expect(rows[0].brand).toBe('Runner & Co');
        // The generic API shows them as the product screens do, prices in euros.
        const listed = await json(await server.api(`/api/product?filter=${encodeURIComponent(JSON.stringify({ catalog: id }))}&sort=${encodeURIComponent('["productId","ASC"]')}`, { token: tokens.advertiser }));
        expect(listed.map((row: any) => row.price)).toEqual([89.95, 1299, 4.5]);
      }, 60_000);
    }
  }

  it('follows a redirect to the feed', async () => {
    feeds.serve('/moved', (_req, res) => void res.writeHead(302, { Location: '/csv-none' }).end());
    const id = await newCatalog({ url: `${feeds.url}/moved` });
    expect(await importNow(id)).toMatchObject({ parsingError: false, count: 3 });
  });
});

describe('catalog import from an uploaded file', () => {
  it('imports a tar.gz XML feed sent as multipart, shows its name and removes the file afterwards', async () => {
    const id = await newCatalog({ source: 'manual', datatype: 'xml', compression: 'tar.gz', delimiter: 'item' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await packed(xmlFeed(THREE), 'tar.gz', 'feed.xml'))]), 'Produkte Sommer.tar.gz');
    const res = await fetch(`${server.url}/api/catalog/${id}/import`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.advertiser}`, Language: 'en' }, body: form });
    expect(res.status, await res.clone().text()).toBe(202);
    const done = await finished(id);
    expect(done).toMatchObject({ parsingError: false, count: 3, feedFile: 'Produkte Sommer.tar.gz' });
    const uploads = path.join(server.core.env.dataDir, 'catalog-feeds', 'uploads');
    const row = (await server.core.model('catalog').findByPk(id, { raw: true })) as unknown as Record<string, unknown>;
    expect(row.importFile).toBeNull();
    expect(existsSync(uploads) ? readdirSync(uploads).length : 0).toBe(0);
  });

  it('refuses a form without a file and a body that is no empty object', async () => {
    const id = await newCatalog({ source: 'manual' });
    const form = new FormData();
    form.set('other', 'x');
    const res = await fetch(`${server.url}/api/catalog/${id}/import`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.advertiser}`, Language: 'en' }, body: form });
    expect(res.status).toBe(400);
    const noUrl = await startImport(id);
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.message).toBe('The catalog has no feed URL: please enter a URL or upload a file.');
    const body = await server.api(`/api/catalog/${id}/import`, { method: 'POST', token: tokens.advertiser, body: { url: 'http://127.0.0.1/' } });
    expect(body.status).toBe(400);
    expect((await state(id)).importRunning).toBe(false);
  });
});

describe('the demo catalog', () => {
  it('has the products of its demo feed, imported by the import itself', async () => {
    const row = (await server.core.model('catalog').findOne({ where: { name: 'Demo Shop product feed' }, raw: true })) as unknown as { id: string };
    const shown = await state(row.id);
    expect(shown).toMatchObject({ importRunning: false, parsingError: false, count: 24, progress: 24, feedFile: 'demo-feed.csv' });
    const rows = await products(row.id);
    expect(rows[0]).toMatchObject({ productId: 'DS-1001', name: 'Wanderschuh Alpin GTX', price: 14995, brand: 'Bergwerk', available: true });
    expect(rows.filter((product) => !product.available).map((product) => product.productId)).toEqual(['DS-1012', 'DS-1019']);
  });
});

describe('re-import', () => {
  it('updates products by id, creates new ones and removes those gone from the feed', async () => {
    feeds.serve('/shop.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/shop.csv` });
    await importNow(id);
    const before = new Map((await products(id)).map((row) => [row.productId, row]));
    feeds.serve('/shop.csv', csvFeed([
      { ...THREE[0], price: '79,95' },
      THREE[1],
      { id: 'SKU-4', name: 'Mütze Delta', price: '12' },
    ]));
    const done = await importNow(id);
    expect(done).toMatchObject({ parsingError: false, count: 3 });
    const after = new Map((await products(id)).map((row) => [row.productId, row]));
    expect([...after.keys()]).toEqual(['SKU-1', 'SKU-2', 'SKU-4']);
    expect(after.get('SKU-1')!.id).toBe(before.get('SKU-1')!.id);
    expect(after.get('SKU-1')!.price).toBe(7995);
    expect(after.get('SKU-2')!.id).toBe(before.get('SKU-2')!.id);
    expect(new Date(after.get('SKU-2')!.updated).getTime()).toBe(new Date(before.get('SKU-2')!.updated).getTime());
    expect(after.get('SKU-4')!.price).toBe(1200);
  });

  it('skips lines with problems, lists them with their lines, and keeps a product whose line is broken', async () => {
    feeds.serve('/mixed.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/mixed.csv` });
    await importNow(id);
    feeds.serve('/mixed.csv', [
      'id,title,link,price',
      'SKU-1,Laufschuh Alpha,https://shop.example/p/1,89.95',
      'SKU-2,Trailschuh Beta,ftp://shop.example/p/2,12',
      ',Ohne ID,,1',
      'SKU-5,Neu,https://shop.example/p/5,abc',
      'SKU-6,Sechs,,6',
      'SKU-6,Sechs doppelt,,6',
      'SKU-7,"kaputt,,7',
    ].join('\n'));
    const done = await importNow(id);
    expect(done.parsingError).toBe(true);
    expect(done.count).toBe(3);
    expect((await products(id)).map((row) => row.productId)).toEqual(['SKU-1', 'SKU-2', 'SKU-6']);
    const lines = done.errors.first.map((item) => `${item.line}: ${item.message}`);
    expect(lines).toEqual(expect.arrayContaining([
      '3: The product URL is not a valid http(s) URL.',
      '4: The product ID is missing.',
      '5: The price "abc" is not a valid amount.',
      '7: The product ID "SKU-6" is on line 6 already.',
    ]));
    expect(lines.some((line) => line.startsWith('8: The line is not a valid CSV record') || line.includes('The CSV feed is broken'))).toBe(true);
    const german = await state(id, tokens.advertiser, 'de');
    expect(german.errors.first.map((item) => item.message)).toContain('Die Produkt-ID fehlt.');
  });
});

describe('a broken feed leaves the catalog as it was', () => {
  it('sets the parsing-error flag and shows the first error for broken XML, an archive that is none and a feed without ids', async () => {
    feeds.serve('/good.xml', xmlFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/good.xml`, datatype: 'xml', delimiter: 'item' });
    const good = await importNow(id);
    const before = await products(id);
    const broken: [string, string | Buffer, Record<string, unknown>, RegExp][] = [
      ['/broken.xml', `${xmlFeed(THREE).slice(0, 400)}<item><g:id>X</g:id><title>unclosed</item>`, {}, /^The XML feed is broken: /],
      ['/not.gz', 'id,title\n1,Eins\n', { compression: 'gz', datatype: 'csv', delimiter: ',' }, /^The feed cannot be unpacked as "gz": /],
      ['/not.zip', 'id,title\n1,Eins\n', { compression: 'zip', datatype: 'csv', delimiter: ',' }, /^The feed cannot be unpacked as "zip": /],
      ['/noid.csv', 'name;price\nEins;1\n', { compression: 'none', datatype: 'csv', delimiter: ';' }, /^The feed has no column for the product ID .*found: name, price\)\.$/],
      ['/wrong.xml', xmlFeed(THREE), { compression: 'none', datatype: 'xml', delimiter: 'product' }, /^The feed holds no element "product"\.$/],
      ['/gone.csv', '', { compression: 'none', datatype: 'csv', delimiter: ',' }, /^The feed server answered with status 404\.$/],
    ];
    for (const [file, content, fields, message] of broken) {
      if (file !== '/gone.csv') feeds.serve(file, typeof content === 'string' ? content : content);
      const put = await server.api(`/api/catalog/${id}`, { method: 'PUT', token: tokens.advertiser, body: { url: `${feeds.url}${file}`, ...fields } });
      expect(put.status, await put.clone().text()).toBe(200);
      const done = await importNow(id);
      expect(done.parsingError, file).toBe(true);
      expect(done.errors.first[0].message, file).toMatch(message);
      expect(done.count).toBe(3);
      expect(done.lastImport).toBe(good.lastImport);
      expect(await products(id)).toEqual(before);
    }
    // A good feed afterwards clears the flag.
    await server.api(`/api/catalog/${id}`, { method: 'PUT', token: tokens.advertiser, body: { url: `${feeds.url}/good.xml`, datatype: 'xml', delimiter: 'item', compression: 'none' } });
    expect(await importNow(id)).toMatchObject({ parsingError: false, errors: { total: 0 } });
  }, 60_000);
});

describe('cancel', () => {
  it('stops a running import; the catalog keeps its products', async () => {
    feeds.serve('/slow.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/slow.csv` });
    await importNow(id);
    const before = await products(id);
    let written = 0;
    feeds.serve('/slow.csv', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('id,title,price\n');
      const timer = setInterval(() => {
        const lines = Array.from({ length: 50 }, () => `S-${++written},Langsam ${written},1`).join('\n');
        res.write(`${lines}\n`);
        if (written >= 100_000) {
          clearInterval(timer);
          res.end();
        }
      }, 20);
      res.on('close', () => clearInterval(timer));
    });
    expect((await startImport(id)).status).toBe(202);
    // The progress shows rows read while the feed arrives.
    let now = await state(id);
    for (let i = 0; i < 100 && now.progress === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await state(id);
    }
    expect(now.importRunning).toBe(true);
    expect(now.progress).toBeGreaterThan(0);
    expect((await startImport(id)).body.message).toBe('An import of this catalog is running already.');
    const cancelled = await server.api(`/api/catalog/${id}/import/cancel`, { method: 'POST', token: tokens.advertiser });
    expect(cancelled.status).toBe(200);
    expect((await json<State>(cancelled)).importRunning).toBe(false);
    const stoppedAt = written;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(written - stoppedAt).toBeLessThan(5_000);
    expect(written).toBeLessThan(100_000);
    const after = await state(id);
    expect(after).toMatchObject({ importRunning: false, count: 3, parsingError: false });
    expect(await products(id)).toEqual(before);
    const staged = await server.core.sequelize.query('SELECT count(*)::int AS n FROM catalog_import_rows', { plain: true });
    expect(staged).toEqual({ n: 0 });
  }, 60_000);
});

describe('feeds only from public addresses', () => {
  it('classifies addresses: only public unicast, loopback only when allowed', () => {
    for (const address of ['10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '224.0.0.1']) {
      expect(isAllowedAddress(address, true), address).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('::1', false)).toBe(false);
    expect(isAllowedAddress('93.184.215.14', false)).toBe(true);
    expect(isAllowedAddress('2a00:1450:4001:82a::200e', false)).toBe(true);
  });

  it('refuses 127.0.0.1 and localhost with the loopback switch off, and never asks the feed server', async () => {
    feeds.serve('/private.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/private.csv` });
    process.env.CATALOG_FEED_ALLOW_LOOPBACK = 'false';
    try {
      const done = await importNow(id);
      expect(done.parsingError).toBe(true);
      expect(done.count).toBe(0);
      expect(done.errors.first[0].message).toBe('The feed URL points to an address that is not public (127.0.0.1); such addresses are not fetched.');
      await server.api(`/api/catalog/${id}`, { method: 'PUT', token: tokens.advertiser, body: { url: feeds.url.replace('127.0.0.1', 'localhost') + '/private.csv' } });
      const named = await importNow(id);
      expect(named.errors.first[0].message).toMatch(/^The feed URL points to an address that is not public \((127\.0\.0\.1|::1)\)/);
      const german = await state(id, tokens.advertiser, 'de');
      expect(german.errors.first[0].message).toMatch(/^Die Feed-URL zeigt auf eine nicht öffentliche Adresse/);
    } finally {
      process.env.CATALOG_FEED_ALLOW_LOOPBACK = 'true';
    }
    expect(feeds.hits.get('/private.csv') ?? 0).toBe(0);
    expect(await products(id)).toEqual([]);
  });

  it('refuses private and link-local addresses, also behind a redirect, and names that do not resolve publicly', async () => {
    feeds.serve('/to-metadata', (_req, res) => void res.writeHead(301, { Location: 'http://169.254.169.254/latest/meta-data' }).end());
    feeds.serve('/to-private', (_req, res) => void res.writeHead(302, { Location: 'http://[::ffff:10.1.2.3]/feed.csv' }).end());
    const cases: [string, string][] = [
      ['http://10.1.2.3/feed.csv', 'The feed URL points to an address that is not public (10.1.2.3); such addresses are not fetched.'],
      ['http://192.168.178.1:8080/feed.csv', 'The feed URL points to an address that is not public (192.168.178.1); such addresses are not fetched.'],
      [`${feeds.url}/to-metadata`, 'The feed URL points to an address that is not public (169.254.169.254); such addresses are not fetched.'],
      [`${feeds.url}/to-private`, 'The feed URL points to an address that is not public (::ffff:a01:203); such addresses are not fetched.'],
      ['http://shop.demo.test/feed.csv', 'The host "shop.demo.test" of the feed URL does not resolve.'],
      ['https://feeds.example.com/garden.csv.gz', 'The host "feeds.example.com" of the feed URL does not resolve.'],
    ];
    const id = await newCatalog({ url: cases[0][0] });
    for (const [url, message] of cases) {
      await server.api(`/api/catalog/${id}`, { method: 'PUT', token: tokens.advertiser, body: { url } });
      const done = await importNow(id);
      expect(done.errors.first[0].message, url).toBe(message);
    }
  });
});

describe('who may import', () => {
  it('refuses other advertisers (404), viewers (403), and checks the delimiter for the data type', async () => {
    feeds.serve('/mine.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/mine.csv` });
    expect((await server.api(`/api/catalog/${id}/import`, { token: tokens.other })).status).toBe(404);
    expect((await startImport(id, tokens.other)).status).toBe(404);
    expect((await server.api(`/api/catalog/${id}/import`, { token: tokens.viewer })).status).toBe(200);
    expect((await startImport(id, tokens.viewer)).status).toBe(403);
    expect((await server.api(`/api/catalog/${id}/import/cancel`, { method: 'POST', token: tokens.viewer })).status).toBe(403);
    expect((await server.api(`/api/catalog/${id}/products`, { method: 'DELETE', token: tokens.viewer })).status).toBe(403);
    expect((await startImport(id, tokens.sysop)).status).toBe(202);
    expect(await finished(id)).toMatchObject({ count: 3 });
    const bad = await server.api('/api/catalog', { method: 'POST', token: tokens.advertiser, body: { name: 'XML', advertiser: demoShop, source: 'automatic', datatype: 'xml', delimiter: ',' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0]).toMatchObject({ field: 'delimiter' });
    const csv = await server.api('/api/catalog', { method: 'POST', token: tokens.advertiser, body: { name: 'CSV', advertiser: demoShop, source: 'automatic', delimiter: ';;' } });
    expect(csv.status).toBe(400);
  });

  it('deletes every product of a catalog', async () => {
    feeds.serve('/delete.csv', csvFeed(THREE));
    const id = await newCatalog({ url: `${feeds.url}/delete.csv` });
    await importNow(id);
    const res = await server.api(`/api/catalog/${id}/products`, { method: 'DELETE', token: tokens.advertiser });
    expect(res.status).toBe(200);
    expect((await json<State>(res)).count).toBe(0);
    expect(await products(id)).toEqual([]);
  });
});
