/**
 * Placements in Chromium (issue 38), in German at 1280 px and in English at 375 px: the demo publisher, invited to
 * two campaigns it accepted, creates a placement on /placements and copies its tag into a page served from another
 * origin (blog.localhost). The page shows an eligible ad; the campaign whose line item is capped at two views per
 * visitor a day (and bids far more, so it wins while it may) shows twice, then the other campaign's ad takes its
 * place.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { BrowserContext, Page } from 'playwright-core';
import { besides, heading, shot, signIn, startHarness, stopHarness, type Harness, type Visit } from '../../../admin/test/browser.ts';
import { messages } from './messages.ts';

/** A browser's user agent: headless Chromium's own is a bot to the ad server, which gives bots the house ad. */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PUBLISHER = 'publisher@demo.test';
const SYSOP = 'sysop@demo.test';

let harness: Harness;
let blog: Server;
let blogPage = '<!doctype html><title>Blog</title><p>No ad yet</p>';
let blogUrl = '';
const lines = { capped: { id: '', banner: '' }, other: { id: '', banner: '' } };
const contexts: BrowserContext[] = [];
const visits: Visit[] = [];
const problems: string[] = [];

const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => harness.server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const api = async (email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await harness.server.api(path, { ...init, token: await harness.server.token(email) });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  harness = await startHarness();
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  await api(PUBLISHER, '/api/website', { method: 'POST', headers: { Publisher: publisher.id }, body: { name: 'Blog', url: 'https://blog.localhost', publisher: publisher.id } });
  await sql(`UPDATE advertisers SET billing_type = 'postpaid'`);
  // Summer Sale 2026 bids 200 euro per thousand views and is capped at 2 a visitor a day; Client One 10 cents, uncapped.
  for (const [key, campaign, set] of [
    ['capped', 'Summer Sale 2026', 'bid_price = 20000, cap_day = 2'],
    ['other', 'Client One Always-On', 'bid_price = 10, cap_day = NULL'],
  ] as const) {
    const [line] = await sql<{ id: string; campaign_id: string; banner: string }>(
      `SELECT l.id, l.campaign_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = 'platform161'`, [campaign]);
    await sql(`UPDATE lineitems SET bid_type = 'CPM', daily_budget = 100000, budget = NULL, pacing = 'no adjustment', active = true, autopaused = false, ${set} WHERE id = $1`, [line.id]);
    const invitation = await api(SYSOP, '/api/invitation', { method: 'POST', body: { publisher: publisher.id, campaign: line.campaign_id, invitationStatus: 'accepted' } });
    expect(invitation.status).toBe(201);
    lines[key] = { id: line.id, banner: line.banner };
  }
  // The publisher's own page, on another origin than AdSuite.
  blog = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(blogPage));
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://blog.localhost:${(blog.address() as { port: number }).port}/article`;
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  for (const visit of visits) problems.push(...besides(visit.problems));
  await new Promise((resolve) => blog?.close(resolve));
  await stopHarness(harness);
  expect(problems).toEqual([]);
});

/** A reader of the blog, with a browser's user agent. */
async function open(): Promise<Page> {
  const context = await harness.browser.newContext({ viewport: { width: 1280, height: 860 }, userAgent: UA, locale: 'de-DE' });
  contexts.push(context);
  // The demo banners' images, named by the demo's public address: the product's own files.
  await context.route('**/demo-media/**', (route) => route.fulfill({
    path: path.join(ROOT, 'admin', 'public', 'demo-media', path.basename(new URL(route.request().url()).pathname)),
  }));
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} ${response.url()}`);
  });
  return page;
}

/** Signs in on the portal (the harness's walk), in `language`, with the clipboard allowed; its problems are checked at the end. */
async function signInAs(email: string, screen: 'laptop' | 'phone', language: 'de' | 'en'): Promise<Page> {
  const visit = await signIn(harness, email, { screen, language });
  visits.push(visit);
  await visit.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  return visit.page;
}

/** The ad the blog's slot shows: the splitter link of its frame (line item and banner), or 'house'. */
async function adOnBlog(page: Page): Promise<string> {
  await page.goto(blogUrl);
  const frame = page.frameLocator('ins.adsuite-zone iframe');
  const link = frame.locator('a').first();
  await link.waitFor({ timeout: 15_000 });
  if (await link.getAttribute('data-house-ad')) return 'house';
  const href = (await link.getAttribute('href')) ?? '';
  return /\/s\/([^/]+)\/([^/]+)\//.exec(href)?.slice(1, 3).join('/') ?? href;
}

describe('placements', () => {
  it('a publisher creates a placement and copies its tag (German, 1280 px)', async () => {
    const page = await signInAs(PUBLISHER, 'laptop', 'de');
    const text = messages.de;
    await page.locator('a[href="/placements"]').first().click();
    await page.waitForURL('**/placements');
    await page.getByTestId('placement-form').waitFor();
    await expect.poll(() => heading(page).textContent()).toBe('Werbeplätze');
    await page.getByTestId('placement-name').fill('Blog Artikel oben');
    // The size is 300 x 250 unless chosen otherwise.
    expect(await page.getByTestId('placement-size').inputValue()).toBe('300x250');
    await page.locator('[data-action=create-placement]').click();
    const dialog = page.getByTestId('tag-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toBe(text.tag.title.replace('%{name}', 'Blog Artikel oben'));
    const tag = await page.getByTestId('tag-async').inputValue();
    expect(tag).toMatch(/<ins class="adsuite-zone" data-zone="[0-9a-f-]{36}" data-width="300" data-height="250"/);
    expect(tag).toContain('/tag.js"></script>');
    expect(tag).toContain('<noscript><iframe src=');
    await dialog.locator('[data-copy=tag-async] button').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tag);
    await shot(page, 'delivery-placement-tag-de-desktop');
    await dialog.getByRole('button', { name: text.tag.close }).click();
    await page.locator('[data-placement="Blog Artikel oben"]').waitFor();
    await shot(page, 'delivery-placements-de-desktop');
    blogPage = `<!doctype html><html><head><meta charset="utf-8"><title>Blog</title></head><body><h1>Ein Artikel</h1>${tag}<p>Weiter im Text.</p></body></html>`;
  });

  it('its tag on a page of another origin shows an eligible ad; the capped campaign stops after its two views', async () => {
    const reader = await open();
    const capped = `${lines.capped.banner}/${lines.capped.id}`;
    const other = `${lines.other.banner}/${lines.other.id}`;
    const shown: string[] = [];
    for (let load = 0; load < 4; load++) {
      shown.push(await adOnBlog(reader));
      if (load === 0) {
        await reader.frameLocator('ins.adsuite-zone iframe').locator('img').evaluate((image: HTMLImageElement) => image.decode());
        await shot(reader, 'delivery-blog-with-ad');
      }
    }
    expect(shown).toEqual([capped, capped, other, other]);
    // Each view was counted with its placement.
    const [views] = await sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE kind = 'view' AND data ? 'placement' AND lineitem_id = ANY($1::uuid[])`, [[lines.capped.id, lines.other.id]]);
    expect(Number(views.n)).toBe(4);
  });

  it('the placements screen in English at 375 px', async () => {
    const page = await signInAs(PUBLISHER, 'phone', 'en');
    await page.goto(`${harness.server.url}/placements`);
    await page.locator('[data-placement="Blog Artikel oben"]').waitFor();
    await expect.poll(() => heading(page).textContent()).toBe('Placements');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'delivery-placements-en-phone');
    await page.locator('[data-placement="Blog Artikel oben"] [data-action=tag]').click();
    await page.getByTestId('tag-dialog').waitFor();
    // The dialog's fade-in done.
    await page.waitForTimeout(400);
    await shot(page, 'delivery-placement-tag-en-phone');
  });

  it('staff read every publisher\'s placements, and see a line item\'s caps and delivery days in its form (German)', async () => {
    const page = await signInAs(SYSOP, 'laptop', 'de');
    await page.goto(`${harness.server.url}/placements`);
    await page.getByText('Blog Artikel oben').first().waitFor();
    await shot(page, 'delivery-placements-staff-de');
    // The line item's full form (the generated one; /lineitem/update/:id is the booking flow's own screen).
    await page.goto(`${harness.server.url}/lineitem/oldedit/${lines.capped.id}`);
    const cap = page.locator('input[name=capDay]');
    await cap.waitFor();
    expect(await cap.inputValue()).toBe('2');
    await cap.scrollIntoViewIfNeeded();
    await shot(page, 'delivery-lineitem-caps-de');
  });
});
