/**
 * The staff tools in Chromium, in German and English, at 1280 and 390 px: the systemoperator, the wizard and the
 * affiliatemanager on both optimization dashboards (each sees only its columns), the MCT calculator (required
 * fields, a result, the error), network monitoring, and the activity log's version diff. A week of delivery is
 * written through the tracking pipeline first (situations.ts). Screenshots go to the system's temp folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';
import {
  besides, expectNoEnglish, heading, LANGUAGES, navigate, PASSWORD, settle, shot, signIn, startHarness, stopHarness, switchLanguage, translatorFor,
  type Harness, type Language, type Visit,
} from '../../../admin/test/browser.ts';
import { computeCrrDay } from '../server/crr.ts';
import { campaignWithOptimizer, catalogWith, deliver, shopEvents, weekDays, type Situation } from '../server/situations.ts';

let harness: Harness;
const s: Record<string, Situation> = {};

/** Signs in at a phone's 390 px (the harness's own sizes are 1400, 1280 and 375). */
async function signInNarrow(email: string, language: Language): Promise<Visit> {
  const context = await harness.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  harness.contexts.add(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text()); });
  await page.goto(`${harness.server.url}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname !== '/login');
  await heading(page).waitFor();
  await switchLanguage(page, language);
  await heading(page).waitFor();
  return { page, problems, close: async () => { harness.contexts.delete(context); await context.close(); } };
}

beforeAll(async () => {
  harness = await startHarness();
  const server = harness.server;
  s.healthy = await campaignWithOptimizer(server, 'Agency Client One', 'Healthy One', {}, { sticky: true, promote: true, octrkey: 'k-1', ctr: 1, totalDailyBudget: 1_000, mct: 2, ms: 10 });
  s.slow = await campaignWithOptimizer(server, 'Agency Client One', 'Slow Two', {}, { promote: true, ctr: 5, nth: 3, uaNin: ['Linux x86_64'], mct: 1.5 });
  await catalogWith(server, s.healthy.advertiser, 'P-1');
  for (const day of weekDays()) {
    await deliver(server, s.healthy, day, { impressions: 2000, clicks: 40, costCents: 1_000, websites: 30, conversions: 4 });
    await deliver(server, s.slow, day, { impressions: 2000, clicks: 40, costCents: 500, websites: 3 });
    await shopEvents(server, s.healthy.advertiser, day, { products: 100, withId: 100, inCatalog: 100, catalogId: 'P-1' });
    await computeCrrDay(server.core, day);
  }
  // Two versions of a coupon for the activity log's diff.
  const sysop = await server.token('sysop@demo.test');
  const coupon = await (await server.api('/api/coupon', { method: 'POST', token: sysop, body: { name: 'AUTUMN10', amount: 10, minDeposit: 50, active: true } })).json();
  await server.api(`/api/coupon/${coupon.id}`, { method: 'PUT', token: sysop, body: { amount: 12.5, active: false } });
}, 300_000);

afterAll(() => stopHarness(harness));

describe.each(LANGUAGES)('staff tools in %s', (language: Language) => {
  const t = staffScreenMessages[language];
  const translate = translatorFor(language);
  const row = (page: Page, name: string) => page.locator(`tr[data-campaign="${name}"]`);

  it('the systemoperator sees health, hints, money and links on /affiliate and calculates an MCT', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/affiliate');
    await settle(page, translate('app.affiliate.title'));
    await row(page, 'Slow Two').waitFor();
    expect(await row(page, 'Slow Two').locator('[data-health]').getAttribute('data-health')).toBe('ERROR');
    expect(await row(page, 'Slow Two').locator('[data-hint]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-hint')))).toContain('qty_increase');
    expect(await row(page, 'Healthy One').locator('[data-icon]').getAttribute('data-icon')).toBe('pause');
    await expect.poll(() => page.locator('thead').innerText()).toContain(t.optimizer.columns.opr);
    expect(await row(page, 'Healthy One').getByRole('link', { name: t.optimizer.links.optimizer }).getAttribute('href')).toBe(`/optimizer/edit/${s.healthy.optimizer}`);
    // Problems View: only the entries with problems (and the sticky one).
    await page.locator('input[name=problems]').check();
    await expect.poll(() => page.locator('[data-problem]').count()).toBeGreaterThan(0);
    await page.locator('input[name=problems]').uncheck();
    await page.locator('input[name=extended]').check();
    await expect.poll(() => page.locator('thead').innerText()).toContain(t.optimizer.columns.network_share);
    await expectNoEnglish(page, '/affiliate', language);
    await shot(page, `affiliate-sysop-${language}-1280`);

    // The MCT calculator: required fields, then a result, then the error.
    await row(page, 'Healthy One').getByRole('button', { name: t.optimizer.mct_button }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.optimizer.mct.calculate }).click();
    await expect.poll(() => dialog.getByText(t.optimizer.mct.required).count()).toBe(1);
    // The period reads DD-MM-YYYY in both languages; a text that names no day is marked and not sent.
    const start = dialog.locator('input[name=start]');
    const shown = await start.inputValue();
    expect(shown).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    await start.fill('31-02-2026');
    await dialog.getByRole('button', { name: t.optimizer.mct.calculate }).click();
    await expect.poll(async () => (await start.getAttribute('aria-invalid'))).toBe('true');
    await start.fill(shown);
    await dialog.locator('input[name=salesShop]').fill('1000');
    await dialog.getByRole('button', { name: t.optimizer.mct.calculate }).click();
    await dialog.getByTestId('mct-result').waitFor();
    // Yesterday's 4 sales of the shop's 1000 (0.4 %), target 10 %: ideal 2 x 10 / 0.4 = 50, a fifth of the way: 11.6; 23 sales aimed at.
    expect(await dialog.getByTestId('mct-result').innerText()).toContain(language === 'de' ? 'Neuer MCT: 11,6 · angestrebte Verkäufe über AdSuite: 23' : 'New MCT: 11.6 · sales through AdSuite aimed at: 23');
    await expectNoEnglish(page, 'the MCT calculator', language);
    await shot(page, `mct-result-${language}`);
    await dialog.locator('input[name=salesSuite]').fill('0');
    await dialog.getByRole('button', { name: t.optimizer.mct.calculate }).click();
    await dialog.getByTestId('mct-error').waitFor();
    expect(await dialog.getByTestId('mct-error').innerText()).toContain(t.optimizer.mct.error);
    await shot(page, `mct-error-${language}`);
    await dialog.getByRole('button', { name: t.optimizer.mct.close }).click();
    expect(besides(problems, 400)).toEqual([]);
    await close();
  });

  it('the wizard sees the figures and hints without health, OPR, money and links; both dashboards', async () => {
    const { page, problems, close } = await signIn(harness, 'wizard@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/affiliate');
    await settle(page, translate('app.affiliate.title'));
    await row(page, 'Slow Two').waitFor();
    const head = await page.locator('thead').innerText();
    for (const column of [t.optimizer.columns.health, t.optimizer.columns.opr, t.optimizer.columns.revenue, t.optimizer.columns.links]) expect(head, column).not.toContain(column);
    expect(await row(page, 'Slow Two').locator('[data-hint]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-icon]').count()).toBe(0);
    await shot(page, `affiliate-wizard-${language}-1280`);
    await navigate(page, '/affiliateold');
    await settle(page, translate('app.affiliateold.title'));
    await page.getByTestId('revenue-by-network').waitFor();
    await page.getByTestId('access-logs').waitFor();
    expect(await page.locator('[data-health]').count()).toBe(0);
    await expectNoEnglish(page, '/affiliateold', language);
    await shot(page, `affiliateold-wizard-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('the affiliatemanager sees the full first dashboard over a week, with the access log links', async () => {
    const { page, problems, close } = await signIn(harness, 'affiliatemanager@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/affiliateold');
    await settle(page, translate('app.affiliateold.title'));
    await page.locator('[data-range=week]').click();
    await page.getByTestId('commission-costs').locator('.recharts-line').first().waitFor();
    await row(page, 'Healthy One').locator('[data-health]').waitFor();
    expect(await page.locator('[data-host="site0.example"]').getAttribute('href')).toBe('/accesslogs?search=site0.example');
    await shot(page, `affiliateold-affiliatemanager-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('at 390 px: the affiliate dashboard and network monitoring scroll inside their cards', async () => {
    const { page, problems, close } = await signInNarrow('affiliatemanager@demo.test', language);
    await navigate(page, '/affiliate');
    await settle(page, translate('app.affiliate.title'));
    await row(page, 'Slow Two').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `affiliate-affiliatemanager-${language}-390`);
    await close();
    const sysop = await signInNarrow('sysop@demo.test', language);
    await navigate(sysop.page, '/network-monitoring');
    await settle(sysop.page, translate('app.network_monitoring.title'));
    await sysop.page.getByTestId('silent').waitFor();
    expect(await sysop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(sysop.page, `network-monitoring-${language}-390`);
    expect(besides([...problems, ...sysop.problems])).toEqual([]);
    await sysop.close();
  });

  it('network monitoring lists the channels and the line items that stopped', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/network-monitoring');
    await settle(page, translate('app.network_monitoring.title'));
    await page.getByTestId('channels').waitFor();
    await page.locator('[data-lineitem="Summer Sale 2026 / Facebook"]').waitFor();
    await expectNoEnglish(page, '/network-monitoring', language);
    await shot(page, `network-monitoring-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('the activity log shows a record\'s versions side by side with the changed fields', async () => {
    const { page, problems, close } = await signIn(harness, 'admin@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/campaignlogsnew');
    await settle(page, translate('app.activity_log.title'));
    await page.locator('input[name=search]').fill('AUTUMN10');
    await page.locator('input[name=search]').press('Enter');
    await expect.poll(() => page.locator('[data-testid=activity-table] tbody tr').count()).toBe(2);
    await expectNoEnglish(page, '/campaignlogsnew', language);
    await shot(page, `activity-log-${language}-1280`);
    await page.locator('[data-testid=activity-table] tbody tr').first().click();
    const diff = page.getByTestId('version-diff');
    await diff.waitFor();
    expect((await diff.locator('[data-field=amount]').innerText()).replace(/\u00a0/g, ' ')).toContain('10,00 €\t12,50 €');
    expect(await diff.locator('[data-field=amount]').getAttribute('data-change')).toBe('changed');
    expect(await diff.locator('[data-field=active]').count()).toBe(1);
    await expectNoEnglish(page, 'the version diff', language);
    await shot(page, `activity-diff-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('the systemoperator opens the data console from the member area, with the same sign-in', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language, screen: 'laptop' });
    await navigate(page, '/dataconsole');
    await page.locator('button[name=open-console]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/sysop/data'), { timeout: 30_000 });
    await page.locator('[data-css="sidebar"]').first().waitFor({ state: 'attached', timeout: 30_000 });
    // The ledger: rows to read, no button to create one.
    await page.goto(`${harness.server.url}/sysop/data/resources/transactions`);
    await page.locator('table tbody tr').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('a[href$="/resources/transactions/actions/new"]').count()).toBe(0);
    await page.goto(`${harness.server.url}/sysop/data/resources/verticals`);
    await page.locator('a[href$="/resources/verticals/actions/new"]').first().waitFor({ timeout: 30_000 });
    await shot(page, `data-console-${language}-1280`);
    expect(besides(problems)).toEqual([]);
    await close();
  });
});
