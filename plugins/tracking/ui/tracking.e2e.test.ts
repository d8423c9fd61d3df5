/**
 * Issue 12 in Chromium: ad delivery, tracking and spend end to end, across three sites.
 *  - the ad server: the test server (demo data) addressed as http://localhost:<port>;
 *  - a publisher's page ("news", http://127.0.0.1:<p1>/) with the Summer Sale 2026 / Platform 161 banner in an iframe
 *    of the ad server (a different site from 127.0.0.1, as a publisher's ad slot is);
 *  - the advertiser's shop (http://127.0.0.1:<p2>/landing and /thanks) with the container code exactly as the
 *    admin's container-code dialog shows it, and the dialog's order line on the thank-you page.
 * A desktop browser (not flagged as a bot) sees the banner, clicks it, lands on the shop through the click splitter
 * with adsuite_click, orders; then the database, the API and the advertiser's screens (campaigns, finances, the
 * container-code dialog), in German and in English, show the view, the click, the post-click conversion and the
 * spend of one click: 0.45 euro CPC + 50 % programmatic fee = 0.68 euro.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { QueryTypes } from 'sequelize';
import { buildFrontEnds, startTestServer } from '@adsuite/backend/testkit';
import {
  expectNoEnglish, LANGUAGES, navigate, SCREENSHOTS, settle, shot, signIn, translatorFor, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { containerScript, ORDER_SNIPPET } from '../../../admin/src/layout/visibility.ts';
import { forgetAllLineItems } from '../server/delivery.ts';
import { BROWSER_UA } from '../server/testkit.ts';

let harness: Harness;
/** The harness as the admin is opened at the ad server's localhost address, so the dialog shows that origin. */
let atLocalhost: Harness;
let adServer: string;
let publisherSite: string;
let shop: string;
const localServers: Server[] = [];
/** What the shop and the publisher page were asked for (path and query). */
const shopRequests: string[] = [];

const ORDER_ID = `A-${Date.now().toString(36).toUpperCase()}`;
/** The dialog's order line with a real order number (its value stays the example's 59.90 euro). */
const orderLine = ORDER_SNIPPET.replace('ORDER-ID', ORDER_ID);

interface Demo {
  advertiser: string; campaign: string; lineitem: string; banner: string; booking: string; publisher: string; token: string;
}
let demo: Demo;

interface Before {
  campaign: CampaignStats;
  balance: number;
  spendEntries: number;
  /** The database's clock before the visit: the events of the visit are those created since. */
  since: string;
}
let before: Before;
let clickId: string;

interface CampaignStats { impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number }

const sql = <T = Record<string, unknown>>(query: string, bind: unknown[] = []) =>
  harness.server.core.sequelize.query(query, { bind, type: QueryTypes.SELECT }) as Promise<T[]>;

async function asAdvertiser<T>(path: string): Promise<T> {
  const res = await harness.server.api(path, { token: demo.token, headers: { Advertiser: demo.advertiser } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const campaignStats = async (): Promise<CampaignStats> => {
  const row = await asAdvertiser<Record<string, unknown>>(`/api/campaign/${demo.campaign}`);
  return {
    impressions: Number(row.impressions), clicks: Number(row.clicks), pcConversions: Number(row.pcConversions),
    pvConversions: Number(row.pvConversions), cost: Number(row.cost),
  };
};
const balance = async () => Number((await asAdvertiser<{ balance: number | string }>(`/api/advertiser/${demo.advertiser}/balance`)).balance);

interface LedgerRow { id: string; type: string; amount: number | string; description: string; reference: string | null; created: string }
const ledger = () => asAdvertiser<LedgerRow[]>(`/api/finances/ledger?advertiser=${demo.advertiser}&range=[0,49]&sort=["created","DESC"]`);

function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  localServers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
};

/** The banner's image, on the advertiser's site as a creative's download link may be (the seed's is the product's own demo media). */
const BANNER_IMAGE = '/media/banner-300x250.svg';
const BANNER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250" viewBox="0 0 300 250">
<rect width="300" height="250" fill="#ffb300"/><text x="150" y="110" font-family="Arial,sans-serif" font-size="30" font-weight="bold" text-anchor="middle" fill="#222">Summer Sale</text>
<text x="150" y="150" font-family="Arial,sans-serif" font-size="20" text-anchor="middle" fill="#222">bis zu 50 % Rabatt</text>
<rect x="90" y="180" width="120" height="36" rx="6" fill="#222"/><text x="150" y="204" font-family="Arial,sans-serif" font-size="16" text-anchor="middle" fill="#fff">Jetzt shoppen</text></svg>`;

/** A German publisher's page with the ad slot: an iframe of the ad server's delivery address. */
const newsPage = () => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Demo-Nachrichten</title></head>
<body style="font-family:sans-serif;margin:24px">
<h1>Demo-Nachrichten</h1>
<p>Heute im Überblick: Wetter, Sport und Wirtschaft.</p>
<iframe id="ad-slot" title="Anzeige" width="300" height="250" style="border:0" scrolling="no"
  src="${adServer}/banner?id=${demo.banner}&amp;lineitem=${demo.lineitem}&amp;pub=${demo.publisher}"></iframe>
</body></html>`;

/** A shop page carrying the container code as the dialog shows it (before </body>, as the dialog advises). */
const shopPage = (title: string, content: string, extra = '') => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:sans-serif;margin:24px">
<h1>${title}</h1>
${content}
${containerScript(adServer, demo.advertiser)}
${extra}
</body></html>`;

beforeAll(async () => {
  // A build older than its sources would test yesterday's screens: rebuild what is stale (under the build lock).
  buildFrontEnds({ log: () => {} });
  // No job queue: the sandbox networks' delivery of the campaign's other channels would bill the same campaign
  // and hour while the test counts one click.
  const server = await startTestServer({ jobs: false });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  harness = { server, browser, contexts: new Set() };
  adServer = `http://localhost:${new URL(server.url).port}`;
  atLocalhost = { ...harness, server: { ...server, url: adServer } };

  const [row] = await sql<{ id: string; advertiser_id: string; campaign_id: string; booking_id: string; creative_ids: string[] }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.booking_id, l.creatives_ids AS creative_ids
     FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`,
  );
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  // The click is billed when tracked here: the demo campaign's approval (which would only reserve its cost) is off.
  await sql('UPDATE campaigns SET click_approval = false, conversion_approval = false WHERE id = $1', [row.campaign_id]);
  demo = {
    advertiser: row.advertiser_id, campaign: row.campaign_id, lineitem: row.id, banner: row.creative_ids[0], booking: row.booking_id,
    publisher: publisher.id, token: await server.token('advertiser@demo.test'),
  };

  publisherSite = await serve((req, res) => {
    if (req.url === '/' || req.url === '/news') return html(res, newsPage());
    res.writeHead(404).end();
  });
  shop = await serve((req, res) => {
    shopRequests.push(req.url ?? '');
    const asked = new URL(req.url ?? '/', 'http://shop').pathname;
    if (asked === '/landing') {
      return html(res, shopPage('Sommer-Sale im Demo-Shop', '<p>Alle Sommerartikel reduziert.</p><p><a id="buy" href="/thanks">Jetzt kaufen</a></p>'));
    }
    if (asked === BANNER_IMAGE) {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
      return res.end(BANNER_SVG);
    }
    if (asked === '/thanks') {
      return html(res, shopPage('Vielen Dank für Ihre Bestellung', `<p>Bestellnummer ${ORDER_ID}</p>`, orderLine));
    }
    res.writeHead(404).end();
  });

  // The booking's target is the shop's landing page for this test (the ad server reads it afresh), and the
  // banner's image lies on the shop.
  await harness.server.core.model('banner').update({ downloadLink: `${shop}${BANNER_IMAGE}` }, { where: { id: demo.banner } });
  await sql('UPDATE bookings SET target = $1 WHERE id = $2', [`${shop}/landing`, demo.booking]);
  forgetAllLineItems();

  before = {
    campaign: await campaignStats(), balance: await balance(),
    spendEntries: (await ledger()).filter((entry) => entry.type === 'spend').length,
    since: (await sql<{ now: string }>('SELECT now()::text AS now'))[0].now,
  };
}, 300_000);

afterAll(async () => {
  for (const context of harness?.contexts ?? []) await context.close().catch(() => undefined);
  await harness?.browser.close();
  await harness?.server.stop();
  await Promise.all(localServers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A desktop browser as a visitor uses it: Chrome's user agent (headless Chrome's own is a bot's and is never billed). */
async function visitorContext(): Promise<BrowserContext> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE', userAgent: BROWSER_UA });
  harness.contexts.add(context);
  return context;
}

describe('a banner on a publisher\'s page, a click to the shop and an order, in Chromium', () => {
  it('counts the view, the click, the onsite events and the post-click conversion, and bills the click', async () => {
    const context = await visitorContext();
    const problems: string[] = [];
    context.on('page', (page) => page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`)));
    const news = await context.newPage();
    await news.goto(`${publisherSite}/`);
    const slot = news.frameLocator('#ad-slot');
    const link = slot.locator('a[href*="/s/"]');
    await link.waitFor();
    await expect.poll(() => slot.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(300);
    // The banner links through the click splitter of the ad server, with the publisher and the site it ran on.
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/s/${demo.banner}/${demo.lineitem}/1/0\\?`));
    expect(new URLSearchParams(href.split('?')[1]).get('pub')).toBe(demo.publisher);
    expect(new URLSearchParams(href.split('?')[1]).get('site')).toBe('127.0.0.1');
    await shot(news, 'tracking-publisher-page');

    const [landing] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await landing.waitForURL((url) => url.pathname === '/landing', { timeout: 15_000 });
    const landed = new URL(landing.url());
    expect(landed.origin).toBe(shop);
    clickId = landed.searchParams.get('adsuite_click')!;
    expect(clickId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The container script keeps the click id in the shop's own storage and reports the page view with it.
    await expect.poll(() => landing.evaluate(() => localStorage.getItem('adsuite_click')), { timeout: 10_000 }).toContain(clickId);
    await expect.poll(async () => (await sql(`SELECT 1 FROM events WHERE advertiser_id = $1 AND kind = 'event' AND cls = 'front' AND click_id = $2`, [demo.advertiser, clickId])).length, { timeout: 10_000 }).toBe(1);
    await shot(landing, 'tracking-shop-landing');

    // On to the order confirmation (no click id in its address: the script remembers it).
    await landing.click('#buy');
    await landing.waitForURL((url) => url.pathname === '/thanks');
    expect(new URL(landing.url()).search).toBe('');
    await expect.poll(async () => (await sql(`SELECT 1 FROM events WHERE advertiser_id = $1 AND kind = 'conversion' AND order_id = $2`, [demo.advertiser, ORDER_ID])).length, { timeout: 10_000 }).toBe(1);
    await shot(landing, 'tracking-shop-thanks');
    expect(shopRequests.filter((url) => url.startsWith('/landing?'))).toEqual([`/landing?adsuite_click=${clickId}`]);
    expect(problems).toEqual([]);
    harness.contexts.delete(context);
    await context.close();

    // The raw events: the view, the click, two page views and the order on the shop, the conversion.
    type EventRow = {
      id: string; kind: string; cls: string | null; campaign_id: string | null; lineitem_id: string | null; banner_id: string | null; publisher_id: string | null;
      channel: string | null; website: string | null; host: string | null; url: string | null; order_id: string | null; value: string | null; cost_milli: number;
      attribution: string | null; click_id: string | null; bot: boolean; billable: boolean; source: string;
    };
    const visit = () => sql<EventRow>(
      `SELECT id, kind, cls, campaign_id, lineitem_id, banner_id, publisher_id, channel, website, host, url, order_id, value, cost_milli, attribution, click_id, bot, billable, source
       FROM events WHERE advertiser_id = $1 AND created >= $2::timestamptz ORDER BY created, kind`, [demo.advertiser, before.since]);
    await expect.poll(async () => (await visit()).length, { timeout: 10_000 }).toBe(6);
    const fresh = await visit();
    const placement = { campaign_id: demo.campaign, lineitem_id: demo.lineitem, banner_id: demo.banner, publisher_id: demo.publisher, channel: 'platform161', website: '127.0.0.1' };
    expect(fresh.every((event) => !event.bot && event.source === 'house')).toBe(true);
    const views = fresh.filter((event) => event.kind === 'view');
    expect(views).toEqual([expect.objectContaining({ ...placement, cost_milli: 0, billable: true })]);
    const clicks = fresh.filter((event) => event.kind === 'click');
    // 0.45 euro CPC + 50 % programmatic fee = 67.5 cents.
    expect(clicks).toEqual([expect.objectContaining({ ...placement, id: clickId, cost_milli: 67_500, billable: true })]);
    const onsite = fresh.filter((event) => event.kind === 'event');
    // (The thank-you page's page view and order leave together: sorted by page and class.)
    expect(onsite.map((event) => [new URL(event.url!).pathname, event.cls, event.host, event.click_id]).sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`))).toEqual([
      ['/landing', 'front', '127.0.0.1', clickId],
      ['/thanks', 'front', '127.0.0.1', clickId],
      ['/thanks', 'order', '127.0.0.1', clickId],
    ]);
    expect(onsite.find((event) => event.cls === 'order')).toMatchObject({ order_id: ORDER_ID, value: '5990' });
    const conversions = fresh.filter((event) => event.kind === 'conversion');
    expect(conversions).toEqual([expect.objectContaining({
      ...placement, cls: 'order', order_id: ORDER_ID, value: '5990', attribution: 'post_click', click_id: clickId, cost_milli: 0,
    })]);

    // The campaign's counters: one view, one click, one post-click conversion, and the click's cost.
    const after = await campaignStats();
    expect(after).toEqual({
      impressions: before.campaign.impressions + 1, clicks: before.campaign.clicks + 1, pcConversions: before.campaign.pcConversions + 1,
      pvConversions: before.campaign.pvConversions, cost: Number((before.campaign.cost + 0.68).toFixed(2)),
    });

    // The ledger: a spend entry of this campaign and hour, and the balance 0.68 euro lower.
    expect(await balance()).toBe(Number((before.balance - 0.68).toFixed(2)));
    const spend = (await ledger()).filter((entry) => entry.type === 'spend');
    expect(spend).toHaveLength(before.spendEntries + 1);
    expect(Number(spend[0].amount)).toBe(-0.68);
    expect(spend[0].description).toContain('Summer Sale 2026');
    const [entry] = await sql<{ amount: string; campaign_id: string; idempotency_key: string }>(
      `SELECT amount, campaign_id, idempotency_key FROM transactions WHERE advertiser_id = $1 AND type = 'spend' ORDER BY created DESC LIMIT 1`, [demo.advertiser]);
    expect(entry).toMatchObject({ campaign_id: demo.campaign, amount: '-68' });
    expect(entry.idempotency_key).toMatch(new RegExp(`^spend:${demo.campaign}:`));
  }, 120_000);
});

describe.each(LANGUAGES)('what the advertiser sees of it in %s', (language: Language) => {
  const t = translatorFor(language);
  const readsGerman = (page: Page, where: string) => expectNoEnglish(page, where, language);

  it('shows the campaign\'s view, click and cost in the campaigns list', async () => {
    expect(clickId, 'the delivery test ran first').toBeTruthy();
    const { page, problems, close } = await signIn(atLocalhost, 'advertiser@demo.test', { screen: 'laptop', language });
    await navigate(page, '/campaigns');
    await settle(page, language === 'de' ? 'Kampagnen' : 'Campaigns');
    const row = page.locator('table tbody tr').filter({ hasText: 'Summer Sale 2026' });
    await row.waitFor();
    const stats = await campaignStats();
    const cell = async (source: string) => ((await row.locator(`td.column-${source}`).textContent()) ?? '').replace(/\s/g, ' ').trim();
    expect(await cell('impressions')).toBe(String(stats.impressions));
    expect(await cell('clicks')).toBe(String(stats.clicks));
    expect(await cell('cost')).toBe(`${stats.cost.toFixed(2).replace('.', ',')} €`);
    expect(stats.pcConversions).toBe(before.campaign.pcConversions + 1);
    await readsGerman(page, '/campaigns');
    await shot(page, `tracking-campaigns-${language}-1280`);
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('shows the click\'s spend entry and the lower balance on the finances screen, and the snippet the shop carries', async () => {
    expect(clickId, 'the delivery test ran first').toBeTruthy();
    const { page, problems, close } = await signIn(atLocalhost, 'advertiser@demo.test', { screen: 'laptop', language });
    await navigate(page, '/advertiser/finances');
    await settle(page, t('app.advertiser_finances.title'));
    const euros = (value: number) => `${value.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+,)/g, '.')} €`;
    await expect.poll(async () => (await page.getByTestId('finance-balance').textContent())?.replace(/\s/g, ' '))
      .toBe(euros(before.balance - 0.68));
    const spendRow = page.getByTestId('ledger').locator('tbody tr').filter({ hasText: 'Summer Sale 2026' });
    await spendRow.waitFor();
    expect(await spendRow.count()).toBe(1);
    expect((await spendRow.locator('td:last-child').textContent())?.replace(/\s/g, ' ')).toBe('-0,68 €');
    await readsGerman(page, '/advertiser/finances');
    await shot(page, `tracking-finances-${language}-1280`);
    if (language === 'de') {
      await page.setViewportSize({ width: 390, height: 844 });
      await spendRow.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, `tracking-finances-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The container-code dialog shows the code the shop's pages carry, and the order line the thank-you page used.
    await page.getByRole('button', { name: t('app.topbar.container_code') }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('container-script').textContent()).toBe(containerScript(adServer, demo.advertiser));
    expect(await dialog.getByTestId('container-script-order').textContent()).toBe(ORDER_SNIPPET);
    // The dialog has faded in before the picture is taken.
    await page.waitForFunction(() => {
      const root = document.querySelector('[role=dialog]')?.closest('.MuiDialog-root');
      const parts = root ? [...root.querySelectorAll(':scope > .MuiBackdrop-root, :scope > .MuiDialog-container')] : [];
      return parts.length === 2 && parts.every((element) => getComputedStyle(element).opacity === '1');
    }, undefined, { timeout: 5_000 });
    await readsGerman(page, 'container-code dialog');
    await page.screenshot({ path: path.join(SCREENSHOTS, `tracking-container-code-${language}.png`) });
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
