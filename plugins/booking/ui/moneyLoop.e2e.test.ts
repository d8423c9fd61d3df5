/**
 * The money loop in Chromium, in German and English (issue 33): a new company registers on the portal, confirms
 * its address through the mailed link, signs in, tops up by card on Finances, books a small click campaign on
 * Platform 161 through the wizard, staff approve its creative on /approvals, the advertiser publishes it from the
 * dashboard, and the real ad server takes views and clicks over HTTP. Afterwards the dashboard's booking cost,
 * the Instant Report's Channels total and Finances (balance and the spend entry) show the same figure to the
 * cent, and that figure is the ledger's spend for the campaign. Then the demo advertiser approves a conversion of
 * its approval campaign and the publisher sees the provision on /p/finances.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QueryTypes } from 'sequelize';
import { formatEur } from '@adsuite/config/i18n/format';
import {
  besides, expectNoEnglish, LANGUAGES, navigate, openBrowser, settle, shot, signIn, startHarness, stopHarness, switchLanguage, translatorFor,
  type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { mailedLink, registerOnPortal, signInAs } from '../../subaccounts/ui/testkit.ts';
import { png } from '../server/creatives/fixtures.ts';
import { writeEvents } from '../../tracking/server/testkit.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(() => stopHarness(harness));

const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => harness.server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ').trim();
/** Every screen writes money the German way in both languages (SPEC section 9, config/i18n/format.ts). */
const euro = (cents: number) => plain(formatEur(cents));
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

async function payByCard(page: Page, amount: string) {
  const form = page.getByTestId('topup-form');
  await form.locator('input[name=amount]').fill(amount);
  await form.locator('input[name=cardNumber]').fill('4242 4242 4242 4242');
  await form.locator('input[name=expiry]').fill('12/30');
  await form.locator('input[name=cvc]').fill('123');
  await form.locator('button[type=submit]').click();
}

describe.each(LANGUAGES)('the money loop of a new advertiser in %s', (language: Language) => {
  const t = translatorFor(language);
  const wizard = (key: string) => t(`app.booking_wizard.${key}`);
  const email = `money-loop-${language}@clever-shop.test`;
  const name = `Money Loop ${language.toUpperCase()} ${randomUUID().slice(0, 6)}`;

  it('registers, tops up, books, is approved, publishes from the dashboard, and sees the same cost on every screen and in the ledger', async () => {
    // 1. Register on the portal (in the run's language), confirm through the mailed link, sign in.
    const portal = await openBrowser(harness, { screen: 'laptop' });
    await portal.page.context().addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await registerOnPortal(portal.page, harness.server.url, 'company', { email, company: `Clever Shop ${language.toUpperCase()} GmbH` });
    const confirmed = portal.page.waitForResponse((response) => response.url().endsWith('/api/auth/checkconfirm'));
    await portal.page.goto(`${harness.server.url}${await mailedLink(harness, email, '/confirm?token=')}`);
    expect((await confirmed).status()).toBe(200);
    await expectNoEnglish(portal.page, '/confirm', language);
    await portal.close();

    const { page, problems, close } = await signInAs(harness, email);
    await page.setViewportSize({ width: 1280, height: 900 });
    await switchLanguage(page, language);
    await settle(page, t('app.dashboard.title'));
    const [{ advertiser }] = await sql<{ advertiser: string }>(
      `SELECT a.id AS advertiser FROM advertisers a JOIN logins l ON l.id = a.owner_id WHERE l.email = $1`, [email]);

    // 2. Top up 60 EUR by card.
    await navigate(page, '/advertiser/finances');
    await settle(page, t('app.advertiser_finances.title'));
    const balance = page.getByTestId('finance-balance');
    await expect.poll(async () => plain(await balance.textContent())).toBe(euro(0));
    await payByCard(page, '60');
    await expect.poll(async () => plain(await balance.textContent()), { timeout: 20_000 }).toBe(euro(6_000));
    await shot(page, `money-loop-${language}-1-topped-up`);

    // 3. Book through the wizard: Platform 161 alone, goal clicks, 20 EUR a day, one PNG.
    await navigate(page, '/booking/create');
    await settle(page, wizard('title_create'));
    await page.fill('input[name=name]', name);
    expect(await page.inputValue('input[name=goal]')).toBe('clicks');
    await page.check('input[name=channel-platform161]');
    await page.fill('input[name=dailyBudget]', '20');
    await page.click('button[name=next]');
    await expect.poll(() => page.locator('.MuiStepLabel-label.Mui-active').textContent()).toBe(wizard('steps.target'));
    await page.fill('input[name=target]', 'https://shop.clever.test/sale');
    await page.click('button[name=next]');
    await expect.poll(() => page.locator('.MuiStepLabel-label.Mui-active').textContent()).toBe(wizard('steps.creatives'));
    await page.setInputFiles('input[name=creative-files]', { name: 'sale.png', mimeType: 'image/png', buffer: png(300, 250, [200, 60, 40]) });
    await expect.poll(() => page.locator('[data-creative="0"]').textContent()).toContain('300x250');
    await page.click('button[name=next]');
    await expect.poll(() => page.locator('.MuiStepLabel-label.Mui-active').textContent()).toBe(wizard('steps.review'));
    await expectNoEnglish(page, 'the wizard\'s review', language);
    await shot(page, `money-loop-${language}-2-review`);
    await page.click('button[name=submit]');
    await page.waitForURL((url) => url.pathname === '/bookings');
    const [booking] = await sql<{ id: string; status: string }>(`SELECT id, status FROM bookings WHERE name = $1`, [name]);
    expect(booking.status).toBe('waiting for approval');

    // 4. Staff approve the creative on /approvals; the booking goes on to pending.
    await harness.server.core.jobs.drain();
    const staff = await signIn(harness, 'admin@demo.test', { language });
    await staff.page.setViewportSize({ width: 1280, height: 900 });
    await navigate(staff.page, '/approvals');
    await settle(staff.page, t('app.approvals.title'));
    await staff.page.locator('input[name=filter-booking]').fill(name);
    await staff.page.getByRole('option', { name }).click();
    const card = staff.page.locator('[data-item]');
    await expect.poll(() => card.count()).toBe(1);
    await card.locator('button[data-channel="platform161"]').click();
    expect(await card.locator('[data-channel="platform161"]').getAttribute('data-status')).toBe('approved');
    await card.locator('button[name=save]').click();
    await card.getByTestId('saved').waitFor();
    await shot(staff.page, `money-loop-${language}-3-approved`);
    expect(besides(staff.problems)).toEqual([]);
    await staff.close();
    await expect.poll(async () => {
      await harness.server.core.jobs.drain();
      return (await sql<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [booking.id]))[0].status;
    }, { timeout: 30_000 }).toBe('pending');

    // 5. Publish from the dashboard's bookings table; the publishing job runs in the server.
    await navigate(page, '/');
    await settle(page, t('app.dashboard.title'));
    const row = page.getByTestId('bookings-table').locator('tbody tr', { hasText: name });
    await shot(page, `money-loop-${language}-3b-ready-to-publish`);
    await row.waitFor();
    await row.locator('[data-action=publish]').waitFor({ timeout: 30_000 });
    await row.locator('[data-action=publish]').click();
    await page.getByText(new RegExp(`${t('app.bookings.notify.published')}|${t('app.bookings.notify.still_publishing')}`)).first().waitFor({ timeout: 120_000 });
    await expect.poll(async () => (await sql<{ status: string }>(`SELECT status FROM bookings WHERE id = $1`, [booking.id]))[0].status, { timeout: 120_000 }).toBe('active');
    const [lineitem] = await sql<{ id: string; campaign: string; banner: string }>(
      `SELECT id, campaign_id AS campaign, creatives_ids[1] AS banner FROM lineitems WHERE booking_id = $1 AND channel = 'platform161' AND archived_at IS NULL`, [booking.id]);
    expect(lineitem.banner).toBeTruthy();

    // 6. Traffic through the real ad server: 20 views and 5 clicks.
    const headers = { 'User-Agent': BROWSER_AGENT, Referer: 'https://news.example.test/article' };
    for (let n = 0; n < 20; n += 1) {
      const view = await fetch(`${harness.server.url}/banner?id=${lineitem.banner}&lineitem=${lineitem.id}`, { headers });
      expect(view.status).toBe(200);
      await view.text();
    }
    for (let n = 0; n < 5; n += 1) {
      const click = await fetch(`${harness.server.url}/s/${lineitem.banner}/${lineitem.id}/1/loop${n}`, { headers, redirect: 'manual' });
      expect(click.status).toBe(302);
      expect(click.headers.get('location')).toContain('https://shop.clever.test/sale');
    }

    // 7. The ledger's spend for the campaign, once every click is stored.
    const spent = async () => -Number((await sql<{ n: string }>(`SELECT COALESCE(SUM(amount), 0) AS n FROM transactions WHERE type = 'spend' AND campaign_id = $1`, [lineitem.campaign]))[0].n);
    await expect.poll(async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE lineitem_id = $1 AND kind = 'click'`, [lineitem.id]))[0].n), { timeout: 30_000 }).toBe(5);
    await expect.poll(spent, { timeout: 30_000 }).toBeGreaterThan(0);
    const cost = await spent();

    // The dashboard: the booking's cost.
    await page.reload();
    await settle(page, t('app.dashboard.title'));
    await expect.poll(async () => {
      await page.reload();
      await row.locator('[data-cell=cost]').waitFor();
      return plain(await row.locator('[data-cell=cost]').textContent());
    }, { timeout: 30_000 }).toBe(euro(cost));
    await expectNoEnglish(page, '/ with the published booking', language);
    await shot(page, `money-loop-${language}-4-dashboard`);

    // The Instant Report: the Channels tab's total.
    const today = new Date().toISOString().slice(0, 10);
    await navigate(page, `/campaign/stats/${lineitem.campaign}?start=${today}&end=${today}`);
    const total = page.locator('[data-table="channels"] [data-row="total"] [data-col="cost"]').first();
    await total.waitFor();
    await expect.poll(async () => plain(await total.innerText())).toBe(euro(cost));
    await expectNoEnglish(page, '/campaign/stats', language);
    await shot(page, `money-loop-${language}-5-instant-report`);

    // Finances: the balance moved by the same cents, and the spend entry says them.
    await navigate(page, '/advertiser/finances');
    await settle(page, t('app.advertiser_finances.title'));
    await expect.poll(async () => plain(await balance.textContent())).toBe(euro(6_000 - cost));
    const spendRows = page.getByTestId('ledger').locator('tbody tr', { hasText: t('resources.transaction.values.type.spend') });
    await expect.poll(async () => (await spendRows.locator('td:last-child').allTextContents()).map(plain)).toEqual([euro(-cost)]);
    await expectNoEnglish(page, '/advertiser/finances after the traffic', language);
    await shot(page, `money-loop-${language}-6-finances`);
    const [stored] = await sql<{ balance: string }>(`SELECT balance FROM advertisers WHERE id = $1`, [advertiser]);
    expect(Number(stored.balance)).toBe(6_000 - cost);
    expect(besides(problems)).toEqual([]);
    await close();
  }, 420_000);
});

describe('a conversion approved by the advertiser', () => {
  it('credits the publisher its provision, shown on /p/finances', async () => {
    const [item] = await sql<{ id: string; advertiser: string; campaign: string; banner: string }>(
      `SELECT l.id, l.advertiser_id AS advertiser, l.campaign_id AS campaign, l.creatives_ids[1] AS banner
       FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`);
    const [{ id: publisher }] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
    const run = `loop${randomUUID().slice(0, 6)}`;
    const conversion = randomUUID();
    await writeEvents(harness.server.core, [{
      id: conversion, kind: 'conversion', cls: 'order', orderId: `${run}-1`, value: 12_000, costMilli: 400_000, attribution: 'post_click',
      advertiser: item.advertiser, campaign: item.campaign, lineitem: item.id, banner: item.banner, publisher, channel: 'platform161',
      website: `${run}.news.demo.test`, created: new Date(),
    }]);
    const earned = async () => Number((await sql<{ n: string }>(`SELECT COALESCE(SUM(amount), 0) AS n FROM earnings WHERE publisher_id = $1`, [publisher]))[0].n);
    const before = await earned();

    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test', { language: 'de' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await navigate(page, `/campaign/conversions/${item.campaign}`);
    await settle(page, translatorFor('de')('app.conversion_approval.title'));
    await page.locator('input[name=search]').fill(run);
    await page.locator('input[name=search]').press('Enter');
    const row = page.getByTestId(`row-${conversion}`);
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(1);
    await row.locator('button[name=approve]').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('approved');
    await shot(page, 'money-loop-conversion-approved');
    expect(besides(problems)).toEqual([]);
    await close();

    const [decided] = await sql<{ provision: string; charged: string }>(`SELECT provision, charged FROM event_approvals WHERE event_id = $1`, [conversion]);
    const provision = Number(decided.provision);
    expect(provision).toBeGreaterThan(0);
    expect(provision).toBeLessThanOrEqual(Number(decided.charged));
    expect(await earned()).toBe(before + provision);

    const visit = await signIn(harness, 'publisher@demo.test', { language: 'de' });
    await visit.page.setViewportSize({ width: 1280, height: 900 });
    await navigate(visit.page, '/p/finances');
    await settle(visit.page, translatorFor('de')('app.publisher_finances.title'));
    await expect.poll(async () => plain(await visit.page.getByTestId('publisher-balance').textContent())).toBe(euro(before + provision));
    await expect.poll(async () => (await visit.page.getByTestId('publisher-ledger').locator('tbody tr').locator('td:last-child').allTextContents()).map(plain))
      .toContain(euro(provision));
    await expectNoEnglish(visit.page, '/p/finances', 'de');
    await shot(visit.page, 'money-loop-publisher-finances');
    expect(besides(visit.problems)).toEqual([]);
    await visit.close();
  }, 180_000);
});
