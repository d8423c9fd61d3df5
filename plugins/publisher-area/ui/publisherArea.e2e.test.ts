/**
 * The publisher side in Chromium (issue 35), in German at 1280 px and in English at 390 px: staff invite the demo
 * publisher to a campaign from the campaign's invitations and send it; the publisher accepts on /p, copies the
 * banner's embed code from /p/campaigns into a page served from another origin (a small server on another port,
 * at blog.localhost), whose view and click show on /p within seconds; the website is claimed on /websites with its
 * details; an order after the click, approved, shows on /p/finances, where the publisher requests a payout that
 * accounting pays on /accounting, and the credit note downloads; staff retract the invitation and the publisher
 * sees it; staff open the campaign's invitations from its edit screen, accounting has no such button. Then every
 * screen of the area is shot in the other language and width, German ones checked for English; the publisher's
 * campaign statistics call its money earnings (Provision).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  besides, expectNoEnglish, heading, PASSWORD, shot, startHarness, stopHarness, switchLanguage, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { forgetAllLineItems } from '../../tracking/server/testkit.ts';
import { pdfText } from '../../finances/server/testkit.ts';
import { messages } from './messages.ts';
import { payoutMessages } from '../../finances/ui/testkit.ts';
import { messages as reportMessages } from '../../reports/ui/testkit.ts';

/** A browser's user agent: headless Chromium's own is a bot to the ad server, which counts bots' views nowhere. */
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WIDTHS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
const PUBLISHER = 'publisher@demo.test';
const BANNER = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#e65100"/><text x="150" y="135" font-size="32" text-anchor="middle" fill="#fff" font-family="Arial">Summer Sale</text></svg>';
const STAFF = 'affiliatemanager@demo.test';

let harness: Harness;
let browser: Browser;
let blog: Server;
let blogPage = '<!doctype html><title>Blog</title><p>No ad yet</p>';
let blogUrl = '';
const ids = { campaign: '', publisher: '', advertiser: '', lineitem: '' };
const problems: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
  browser = harness.browser;
  const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => harness.server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
  const [campaign] = await sql<{ id: string; advertiser_id: string }>(`SELECT id, advertiser_id FROM campaigns WHERE name = 'Summer Sale 2026'`);
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  const [lineitem] = await sql<{ id: string }>(`SELECT id FROM lineitems WHERE campaign_id = $1 AND channel = 'platform161'`, [campaign.id]);
  Object.assign(ids, { campaign: campaign.id, advertiser: campaign.advertiser_id, publisher: publisher.id, lineitem: lineitem.id });
  // The display line item is paid per order here (60 EUR media, 90 EUR with the fee): an approved order earns the publisher 60 EUR.
  // Its daily budget (1/3 of the campaign's 50 EUR) would pause it after the first order: one that covers both runs.
  await sql(`UPDATE lineitems SET bid_type = 'CPO', bid_price = 6000, daily_budget = 100000 WHERE id = $1`, [lineitem.id]);
  forgetAllLineItems();
  // The publisher's own page, on another origin than AdSuite.
  blog = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(blogPage));
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://blog.localhost:${(blog.address() as { port: number }).port}/article`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => blog?.close(resolve));
  await stopHarness(harness);
  expect(problems).toEqual([]);
});

interface Visit { page: Page; context: BrowserContext; seen: string[] }

/** Signs in at `width` in `language` (a browser's user agent, the clipboard allowed); the shop the ads link to answers. */
async function signIn(email: string, language: Language, width: Width): Promise<Visit> {
  const context = await browser.newContext({ viewport: WIDTHS[width], locale: language === 'en' ? 'en-GB' : 'de-DE', userAgent: UA, acceptDownloads: true });
  harness.contexts.add(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  // The shop the ads link to, and the demo banners' image (its host is not reachable from here).
  await context.route('https://shop.demo.test/**', (route) => (new URL(route.request().url()).pathname.startsWith('/media/')
    ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: BANNER })
    : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Shop</h1>' })));
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`${email}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) seen.push(`${email}: ${response.status()} ${response.url()}`);
  });
  await page.goto(`${harness.server.url}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname !== '/login');
  await heading(page).waitFor();
  await switchLanguage(page, language);
  await heading(page).waitFor();
  return { page, context, seen };
}

async function close(visit: Visit) {
  problems.push(...besides(visit.seen));
  harness.contexts.delete(visit.context);
  await visit.context.close();
}

const go = async (page: Page, path: string) => {
  await page.goto(`${harness.server.url}${path}`);
  await heading(page).waitFor();
};

/** No element wider than the window (a phone scrolls down, never sideways). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(1);
}

const api = async (email: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await harness.server.api(path, { ...init, token: await harness.server.token(email) });
  return { status: res.status, body: await res.json() };
};

/** Staff's campaign invitations: one row's action, then send, and the row's status once the job ran. */
async function staffMove(language: Language, width: Width, action: 'invite' | 'retract', expected: string, from: 'menu' | 'campaign') {
  // From the campaign's edit screen: in German the affiliate manager, who reads the campaign but may not change it
  // (the button above the form), in English an administrator (beside the save button); from the invitations' own
  // screen, picking the campaign, the other one.
  const admin = (from === 'campaign') === (language === 'en');
  const visit = await signIn(admin ? 'admin@demo.test' : STAFF, language, width);
  const { page } = visit;
  const text = messages[language];
  if (from === 'campaign') {
    await go(page, `/campaign/edit/${ids.campaign}`);
    const button = page.locator('[data-action=campaign-invitations]');
    await button.waitFor();
    expect(await button.textContent()).toBe(text.staff.open_invitations);
    await shot(page, `campaign-edit-${action}-${language}-${width}`);
    if (width === 'phone') await expectNoSidewaysScroll(page, '/campaign/edit/:id');
    await button.click();
  } else {
    await go(page, '/campaign/invitations');
    await page.getByTestId('campaign-picker').locator('input').fill('Summer');
    await page.getByRole('option', { name: 'Summer Sale 2026' }).click();
  }
  await page.waitForURL(`**/campaign/invitations/${ids.campaign}`);
  const row = page.locator(`[data-publisher="${ids.publisher}"]`);
  await row.locator(`[data-action=${action}]`).click();
  await expect.poll(() => row.getAttribute('data-status')).toBe(action === 'invite' ? 'to_invite' : 'to_retract');
  expect(await page.getByTestId('waiting').textContent()).toBe(text.staff.waiting.split(' |||| ')[0].replace('%{smart_count}', '1'));
  await expectNoEnglish(page, '/campaign/invitations/:id', language);
  await shot(page, `invitations-${action}-${language}-${width}`);
  if (width === 'phone') await expectNoSidewaysScroll(page, '/campaign/invitations/:id');
  await page.locator('[data-action=send]').click();
  await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe(expected);
  await close(visit);
}

async function fullFlow(language: Language, width: Width) {
  const text = messages[language];
  const payoutText = payoutMessages[language];

  // Staff invite the demo publisher to the campaign and send the invitation.
  await staffMove(language, width, 'invite', 'invited', language === 'de' ? 'campaign' : 'menu');

  // The publisher accepts on its home.
  const visit = await signIn(PUBLISHER, language, width);
  const { page, context } = visit;
  expect(new URL(page.url()).pathname).toBe('/p');
  const invitation = page.getByTestId('home-invitations').locator(`[data-invitation="${ids.campaign}"]`);
  await invitation.waitFor();
  await expectNoEnglish(page, '/p', language);
  await shot(page, `home-invitation-${language}-${width}`);
  if (width === 'phone') await expectNoSidewaysScroll(page, '/p');
  await invitation.locator('[data-action=accept]').click();
  await invitation.waitFor({ state: 'detached' });
  const kpi = async (name: string) => Number((await page.getByTestId(`kpi-${name}`).locator('[data-value]').textContent())!.replace(/\D/g, ''));
  const views = await kpi('impressions');
  const clicks = await kpi('clicks');

  // The campaign's ad codes: the embed code, copied.
  await go(page, '/p/campaigns');
  const offer = page.getByTestId('offers').locator(`[data-campaign="${ids.campaign}"]`);
  await expect.poll(() => offer.getAttribute('data-status')).toBe('active');
  await offer.locator('[data-action=details]').click();
  const dialog = page.getByTestId('campaign-dialog');
  await dialog.getByTestId('ad-tags').waitFor();
  const placement = dialog.locator('[data-placement]').first();
  expect(await placement.getByTestId('ad-preview').evaluate((element) => element.getBoundingClientRect().height)).toBe(60);
  await dialog.getByTestId('tag-subid').fill(`e2e-${language}`);
  await expectNoEnglish(page, '/p/campaigns (ad codes)', language);
  await shot(page, `campaign-tags-${language}-${width}`);
  if (width === 'phone') await expectNoSidewaysScroll(page, '/p/campaigns (ad codes)');
  await placement.locator('[data-copy=embed-code] button').click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toBe(await placement.getByTestId('embed-code').inputValue());
  expect(code).toContain(`pub=${ids.publisher}`);
  expect(code).toContain(`subid=e2e-${language}`);

  // Pasted into the publisher's page on another origin: its view, and a click on the ad.
  blogPage = `<!doctype html><html><head><title>Blog</title></head><body><h1>Blog</h1>${code}</body></html>`;
  const reader = await context.newPage();
  await reader.goto(blogUrl);
  const frame = reader.frameLocator('iframe');
  await frame.locator('a').waitFor();
  const [shop] = await Promise.all([context.waitForEvent('page'), frame.locator('a').click()]);
  await shop.waitForURL(/shop\.demo\.test/);
  const clickId = new URL(shop.url()).searchParams.get('adsuite_click');
  expect(clickId, shop.url()).toBeTruthy();
  await shop.close();
  await reader.close();

  // /p shows them within seconds (it polls every 5).
  await go(page, '/p');
  await expect.poll(async () => [await kpi('impressions') - views, await kpi('clicks') - clicks], { timeout: 12_000 }).toEqual([1, 1]);
  const site = page.getByTestId('top-websites').locator('[data-row]', { hasText: 'blog.localhost' });
  await site.waitFor();

  // The website that sent it is offered to claim; its details modal.
  await go(page, '/websites');
  const unclaimed = page.getByTestId('unclaimed-websites').locator('[data-website="blog.localhost"]');
  const registered = page.getByTestId('websites').locator('[data-website="blog.localhost"]');
  // Offered in the first run; registered since.
  await unclaimed.or(registered).first().waitFor();
  if (await unclaimed.count()) {
    await unclaimed.locator('[data-action=claim]').click();
    await unclaimed.waitFor({ state: 'detached' });
  }
  await registered.waitFor();
  expect(Number(await registered.locator('[data-cell=clicks]').textContent())).toBeGreaterThanOrEqual(1);
  await registered.locator('[data-action=details]').click();
  const details = page.getByTestId('website-details');
  await details.waitFor();
  await page.waitForTimeout(400);
  expect(await details.locator('[data-detail=monthly_pageviews] [data-value]').textContent()).toBe(text.website_details.na);
  await expectNoEnglish(page, '/websites (details)', language);
  await shot(page, `websites-${language}-${width}`);
  await page.keyboard.press('Escape');

  // An order after the click, approved by the advertiser: the publisher's earning on /p/finances.
  const order = await fetch(`${harness.server.url}/t/e`, {
    method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': UA },
    body: JSON.stringify({ a: ids.advertiser, cls: 'order', order: `E2E-${language}`, value: 120, click: clickId }),
  });
  expect(order.status).toBe(204);
  const [conversion] = (await api('advertiser@demo.test', `/api/campaign/${ids.campaign}/conversions?approvalStatus=pending&q=E2E-${language}`)).body.items;
  expect(conversion.publisher).toBe(ids.publisher);
  expect((await api('advertiser@demo.test', `/api/campaign/${ids.campaign}/conversions`, { method: 'POST', body: { conversionId: conversion.conversionId, approved: true } })).status).toBe(200);
  await go(page, '/p/finances');
  const entry = page.getByTestId('publisher-ledger').locator('tbody tr', { hasText: `E2E-${language}` });
  await entry.waitFor();
  expect(await entry.textContent()).toMatch(/60[.,]00/);
  // On /p the order's earning is the website's own (60 EUR in each run).
  await go(page, '/p');
  const earned = page.getByTestId('top-websites').locator('[data-row]', { hasText: 'blog.localhost' }).locator('[data-cell=earnings]');
  await expect.poll(async () => Number((await earned.textContent())!.replace(/\D/g, '')), { timeout: 12_000 }).toBeGreaterThanOrEqual(6000);
  await go(page, '/p/finances');

  // A payout of all that is available.
  const available = page.getByTestId('payout-available');
  await available.waitFor();
  await page.locator('[data-action=request-payout]').click();
  await page.getByTestId('payouts').locator('[data-status=open]').waitFor();
  await expectNoEnglish(page, '/p/finances', language);
  await shot(page, `finances-payout-${language}-${width}`);
  if (width === 'phone') await expectNoSidewaysScroll(page, '/p/finances');

  // Accounting pays it; the credit note downloads.
  const accounting = await signIn('accounting@demo.test', language, width);
  // Accounting reads the campaign but invites nobody: no button to its invitations.
  await go(accounting.page, `/campaign/edit/${ids.campaign}`);
  await accounting.page.locator('input[name="name"]').waitFor();
  expect(await accounting.page.locator('[data-action=campaign-invitations]').count()).toBe(0);
  await go(accounting.page, '/accounting');
  const request = accounting.page.getByTestId('payout-requests').locator('tbody tr', { hasText: 'Demo Publisher' });
  await request.locator('[data-action=pay-payout]').click();
  await accounting.page.locator('[data-action=confirm-pay]').click();
  await accounting.page.getByTestId('payout-requests').locator('[role=switch], input[type=checkbox]').first().check();
  const paid = accounting.page.getByTestId('payout-requests').locator('[data-action=credit-note]').first();
  await paid.waitFor();
  await expectNoEnglish(accounting.page, '/accounting', language);
  await shot(accounting.page, `accounting-payouts-${language}-${width}`);
  const [file] = await Promise.all([accounting.page.waitForEvent('download'), paid.click()]);
  expect(file.suggestedFilename()).toMatch(/^GS-\d{4}-\d{6}\.pdf$/);
  const pdf = pdfText(await readFile((await file.path())!)).replace(/\s/g, ' ');
  expect(pdf).toContain('Demo Publisher');
  expect(pdf).toContain(file.suggestedFilename().replace('.pdf', ''));
  await close(accounting);

  // The publisher sees it paid, with its credit note.
  await page.reload();
  await page.getByTestId('payouts').locator('[data-status=paid]').first().waitFor();
  expect(await page.getByTestId('payout-card').textContent()).toContain(payoutText.history);
  await close(visit);

  // Staff retract the invitation; the publisher's campaign shows it retracted, without ad codes.
  await staffMove(language, width, 'retract', 'retracted', language === 'de' ? 'menu' : 'campaign');
  const again = await signIn(PUBLISHER, language, width);
  await go(again.page, `/p/campaigns?campaign=${ids.campaign}`);
  await again.page.getByTestId('campaign-dialog').locator('[data-status=retracted]').waitFor();
  expect(await again.page.getByTestId('campaign-dialog').getByTestId('ad-tags').count()).toBe(0);
  await close(again);
}

describe('the publisher side in the browser', () => {
  it('German at 1280 px: invitation, tag on another origin, figures on /p, website claim, earning, payout paid, retraction', async () => {
    await fullFlow('de', 'desktop');
  }, 240_000);

  it('English at 390 px: the same, on a phone', async () => {
    await fullFlow('en', 'phone');
  }, 240_000);

  it('every screen of the area in the other width: German on a phone, English at 1280 px', async () => {
    for (const [language, width] of [['de', 'phone'], ['en', 'desktop']] as const) {
      for (const [email, paths] of [
        [PUBLISHER, ['/p', '/p/campaigns', `/p/campaigns?campaign=${ids.campaign}`, `/p/campaign/stats/${ids.campaign}`, '/websites', '/p/finances']],
        [STAFF, [`/campaign/invitations/${ids.campaign}`]],
        ['accounting@demo.test', ['/accounting']],
      ] as const) {
        const visit = await signIn(email, language, width);
        for (const path of paths) {
          await go(visit.page, path);
          await visit.page.waitForLoadState('networkidle');
          // A publisher earns from a campaign: its statistics name the money its traffic brings earnings, never cost.
          if (path.startsWith('/p/campaign/stats/')) {
            await visit.page.locator('[data-kpi=cost]').waitFor();
            expect(await visit.page.locator('[data-kpi=cost] .MuiTypography-caption').textContent()).toBe(reportMessages[language].figures.earnings);
            expect(await visit.page.getByTestId('report-tabs').locator('thead').first().textContent()).toContain(reportMessages[language].figures.earnings);
          }
          await expectNoEnglish(visit.page, path, language);
          if (width === 'phone') await expectNoSidewaysScroll(visit.page, path);
          await shot(visit.page, `screen-${path.replace(ids.campaign, 'summer').replace(/[/?=]+/g, '_')}-${language}-${width}`);
        }
        await close(visit);
      }
    }
  }, 240_000);
});
