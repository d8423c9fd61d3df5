/**
 * The catalog screen in Chromium, in German and English: an advertiser imports its catalog from a feed URL and
 * watches the rows read while the feed arrives, then sees the products; cancels an import; sees the parsing errors
 * of a broken feed; the systemoperator generates a campaign's top products from its edit screen. Feeds come from a
 * server the test starts on 127.0.0.1. Screenshots at 1280 and 390 px go to
 * the system's temp folder (adsuite-admin-e2e).
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { besides, expectNoEnglish, LANGUAGES, navigate, shot, signIn, startHarness, stopHarness, type Harness, type Language } from '../../../admin/test/browser.ts';
import { csvFeed, startFeedServer, type FeedServer } from '../server/feedServer.ts';
import { messages } from './messages.ts';

let harness: Harness;
let feeds: FeedServer;
let advertiserToken: string;
let demoShop: string;

const ROWS = 1_200;

/** A feed that arrives slowly (60 rows every 300 ms, about 6 s), so the import's progress can be watched. */
function slowFeed(_req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/csv' });
  res.write('id,title,link,price,brand\n');
  let written = 0;
  const timer = setInterval(() => {
    const lines = Array.from({ length: 60 }, () => {
      written++;
      return `W-${String(written).padStart(4, '0')},Wanderschuh ${written},https://shop.example/w/${written},${(written % 90) + 9}.95,Bergwerk`;
    });
    res.write(`${lines.join('\n')}\n`);
    if (written >= ROWS) {
      clearInterval(timer);
      res.end();
    }
  }, 300);
  res.on('close', () => clearInterval(timer));
}

async function catalog(name: string, url: string): Promise<string> {
  const res = await harness.server.api('/api/catalog', { method: 'POST', token: advertiserToken, body: { name, advertiser: demoShop, source: 'automatic', url } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const status = (page: Page) => page.getByTestId('import-status');

beforeAll(async () => {
  process.env.CATALOG_FEED_ALLOW_LOOPBACK = 'true';
  feeds = await startFeedServer();
  feeds.serve('/slow.csv', slowFeed);
  feeds.serve('/endless.csv', (req, res) => {
    slowFeed(req, res);
  });
  feeds.serve('/broken.csv', ['nummer;titel;preis', 'A-1;Eins;1', ';Ohne ID;2', 'A-3;Drei;teuer'].join('\n'));
  feeds.serve('/small.csv', csvFeed([{ id: 'K-1', name: 'Kompass', price: '24,90' }, { id: 'K-2', name: 'Karte', price: '9,50' }]));
  harness = await startHarness();
  advertiserToken = await harness.server.token('advertiser@demo.test');
  demoShop = ((await harness.server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as unknown as { id: string }).id;
}, 300_000);

afterAll(async () => {
  delete process.env.CATALOG_FEED_ALLOW_LOOPBACK;
  await stopHarness(harness);
  await feeds?.close();
});

describe.each(LANGUAGES)('the catalog screen in %s', (language: Language) => {
  const t = messages[language] as unknown as { import: Record<string, string>; products: Record<string, string> };
  const count = (value: number) => new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE').format(value);

  it('an advertiser imports its catalog from the feed URL and watches the rows read', async () => {
    const id = await catalog(language === 'de' ? 'Wanderschuhe' : 'Hiking shoes', `${feeds.url}/slow.csv`);
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test', { language, screen: 'laptop' });
    await navigate(page, `/catalog/edit/${id}`);
    await status(page).waitFor();
    expect(await status(page).innerText()).toBe(t.import.idle);
    expect(await page.getByTestId('catalog-products').innerText()).toContain(t.products.empty);
    await page.getByRole('button', { name: t.import.from_url }).click();
    // While the feed arrives: running, with the rows read so far (polled every 5 s).
    const rowsRead = async () => {
      const shown = await status(page).innerText();
      return shown.startsWith(t.import.running) ? Number(shown.replace(/^[^·]*· ([\d.,]+).*$/, '$1').replace(/[.,]/g, '')) : -1;
    };
    await expect.poll(rowsRead, { timeout: 15_000 }).toBeGreaterThan(0);
    const read = await rowsRead();
    expect(read).toBeLessThan(ROWS);
    expect(await page.getByRole('button', { name: t.import.cancel }).isVisible()).toBe(true);
    await shot(page, `catalog-import-running-${language}-1280`);
    // Done: the count, the last import, the products.
    await expect.poll(() => status(page).innerText(), { timeout: 30_000 }).toBe(t.import.idle);
    await expect.poll(() => page.getByTestId('product-count').innerText()).toBe(count(ROWS));
    expect(await page.getByTestId('last-import').innerText()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} UTC$/);
    await expect.poll(() => page.getByTestId('catalog-products').locator('tbody tr').count()).toBe(10);
    expect(await page.getByTestId('catalog-products').innerText()).toContain('W-0001');
    expect(await page.getByTestId('catalog-products').innerText()).toMatch(/10,95\s€/);
    await shot(page, `catalog-import-done-${language}-1280`);
    if (language === 'de') await expectNoEnglish(page, `/catalog/edit/${id}`, language);
    // A product opens its edit screen.
    await page.getByTestId('catalog-products').locator('tbody tr').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/edit/'));
    expect(besides(problems)).toEqual([]);
    await close();
  }, 120_000);

  it('an import can be cancelled, and a broken feed shows its parsing errors (390 px)', async () => {
    const id = await catalog(language === 'de' ? 'Abbruch' : 'Cancelled', `${feeds.url}/endless.csv`);
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test', { language, screen: 'phone' });
    await page.setViewportSize({ width: 390, height: 844 });
    await navigate(page, `/catalog/edit/${id}`);
    await status(page).waitFor();
    await page.getByRole('button', { name: t.import.from_url }).click();
    await expect.poll(() => status(page).innerText(), { timeout: 10_000 }).toContain(t.import.running);
    await page.getByRole('button', { name: t.import.cancel }).click();
    await expect.poll(() => status(page).innerText(), { timeout: 10_000 }).toBe(t.import.idle);
    await expect.poll(() => page.getByTestId('product-count').innerText()).toBe('0');

    // The broken feed: set its URL and delimiter on the form, save, import.
    const put = await harness.server.api(`/api/catalog/${id}`, { method: 'PUT', token: advertiserToken, body: { url: `${feeds.url}/broken.csv`, delimiter: ';' } });
    expect(put.status).toBe(200);
    await page.reload();
    await status(page).waitFor();
    await page.getByRole('button', { name: t.import.from_url }).click();
    const errors = page.getByTestId('parsing-errors');
    await errors.waitFor({ timeout: 20_000 });
    const shown = await errors.innerText();
    expect(shown).toContain(t.import.parsing_error);
    expect(shown).toContain(language === 'de' ? 'Der Feed hat keine Spalte für die Produkt-ID' : 'The feed has no column for the product ID');
    await shot(page, `catalog-import-errors-${language}-390`);

    // The small feed at 390 px: imported, products listed.
    await harness.server.api(`/api/catalog/${id}`, { method: 'PUT', token: advertiserToken, body: { url: `${feeds.url}/small.csv`, delimiter: ',' } });
    await page.reload();
    await status(page).waitFor();
    await page.getByRole('button', { name: t.import.from_url }).click();
    await expect.poll(() => page.getByTestId('product-count').innerText(), { timeout: 20_000 }).toBe('2');
    await expect.poll(() => page.getByTestId('catalog-products').innerText()).toContain('Kompass');
    expect(await page.getByTestId('parsing-errors').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, `catalog-import-done-${language}-390`);
    expect(besides(problems)).toEqual([]);
    await close();
  }, 120_000);
});

describe('top products', () => {
  it('the systemoperator generates a campaign\'s top products from the onsite events on its edit screen', async () => {
    const core = harness.server.core;
    const campaign = String((await core.model('campaign').create({ name: 'Gipfelstürmer', advertiser: demoShop, status: 'active' })).get('id'));
    const events = [{ cls: 'product', product: 'W-0001' }, { cls: 'product', product: 'W-0001' }, { cls: 'product', product: 'W-0002' }]
      .map((event) => ({ ...event, a: demoShop, url: 'https://shop.example/w', ref: 'https://blog.example.org/touren' }));
    const sent = await fetch(`${harness.server.url}/t/e`, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' }, body: JSON.stringify(events) });
    expect(sent.status).toBe(204);
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language: 'de', screen: 'laptop' });
    await navigate(page, `/campaign/edit/${campaign}`);
    const button = page.getByRole('button', { name: (messages.de as unknown as { tops: Record<string, string> }).tops.generate });
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.locator('.RaNotification-success, [role=alert]').allInnerTexts(), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining('2 Top-Produkte und 1 Top-Referrer'));
    expect(await core.model('topproduct').count({ where: { campaign } })).toBe(2);
    expect(besides(problems)).toEqual([]);
    await close();
  }, 60_000);
});
