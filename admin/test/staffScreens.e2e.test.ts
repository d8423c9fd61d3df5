/**
 * Staff screens and app updates in Chromium (issue 34), in German and English:
 * - the administrator's role picker offers no role the administrator may not give (Systemoperator); the
 *   systemoperator's does (defect 9);
 * - a mail of /outbox opens on click, rendered, with its link (defect 10);
 * - the administrator books a credit at /transaction/new instead of meeting /403 (defect 8);
 * - a new build signs the user out with the warning toast within 30 seconds, and a screen whose code never
 *   arrives shows 'Loading chunk failed' after 120 seconds ("App updates"). Time runs on Playwright's clock.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { outboxTo } from '@adsuite/backend/testkit';
import {
  besides, expectNoEnglish, LANGUAGES, navigate, pathname, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language,
} from './browser.ts';

let harness: Harness;
const BUILD_FILE = path.join(import.meta.dirname, '..', 'dist', 'build.json');

beforeAll(async () => {
  harness = await startHarness();
}, 600_000);

afterAll(() => stopHarness(harness));

/** The options of the form's role picker, as the list shows them. */
async function roleChoices(page: Page): Promise<string[]> {
  await page.locator('.ra-input-role [role=combobox]').click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  const names = (await options.allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  return names;
}

describe.each(LANGUAGES)('staff screens in %s', (language: Language) => {
  const t = translatorFor(language);
  const sysopLabel = t('resources.login.values.role.systemoperator');

  it('offers the administrator only the roles it may give, the systemoperator every role', async () => {
    const admin = await signIn(harness, 'admin@demo.test', { language });
    await navigate(admin.page, '/login/new');
    await admin.page.locator('.ra-input-role [role=combobox]').waitFor();
    const offered = await roleChoices(admin.page);
    expect(offered).toContain(t('resources.login.values.role.advertiser'));
    expect(offered).toContain(t('resources.login.values.role.administrator'));
    expect(offered).not.toContain(sysopLabel);
    await expectNoEnglish(admin.page, '/login/new as administrator', language);
    await shot(admin.page, `role-picker-admin-${language}`);
    expect(besides(admin.problems)).toEqual([]);
    await admin.close();

    const sysop = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(sysop.page, '/login/new');
    await sysop.page.locator('.ra-input-role [role=combobox]').waitFor();
    expect(await roleChoices(sysop.page)).toContain(sysopLabel);
    await sysop.close();
  }, 120_000);

  it('opens a mail of the outbox rendered, with its link', async () => {
    const before = (await outboxTo(harness.server.core, 'viewer@demo.test', 0)).length;
    const reset = await harness.server.api('/api/auth/reset', { method: 'POST', body: { email: 'viewer@demo.test' }, headers: { Language: language } });
    expect(reset.status).toBe(200);
    await outboxTo(harness.server.core, 'viewer@demo.test', before + 1);
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(page, '/outbox');
    await settle(page, t('resources.outbox.name', { smart_count: 2 }));
    const row = page.locator('tbody tr', { hasText: 'viewer@demo.test' }).first();
    await row.click();
    const mail = page.getByTestId('outbox-mail');
    await mail.waitFor();
    const body = page.frameLocator('[data-testid=outbox-mail-body]');
    const link = body.locator('a[href]').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^https?:\/\/.+/);
    expect((await body.locator('body').textContent()) ?? '').toContain(await link.textContent() ?? '');
    // Its links leave the frame for a tab of their own.
    expect(await body.locator('base').getAttribute('target')).toBe('_blank');
    await expectNoEnglish(page, '/outbox with a mail open', language);
    await shot(page, `outbox-mail-${language}-1280`);
    await mail.getByRole('button', { name: t('ra.action.close') }).click();
    await mail.waitFor({ state: 'detached' });
    expect(besides(problems)).toEqual([]);
    await close();

    // On a phone the mail fits the screen.
    const phone = await signIn(harness, 'sysop@demo.test', { language, screen: 'phone' });
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await navigate(phone.page, '/outbox');
    await phone.page.locator('tbody tr', { hasText: 'viewer@demo.test' }).first().click();
    await phone.page.frameLocator('[data-testid=outbox-mail-body]').locator('a[href]').first().waitFor();
    await shot(phone.page, `outbox-mail-${language}-390`);
    await phone.close();
  }, 120_000);

  it('lets the administrator book a credit at /transaction/new', async () => {
    const { page, problems, close } = await signIn(harness, 'admin@demo.test', { language });
    await navigate(page, '/transaction/new');
    await settle(page, t('app.advertiser_transaction.title'));
    expect(pathname(page)).toBe('/transaction/new');
    const form = page.getByTestId('manual-entry-form');
    await form.locator('input[name=advertiser]').fill('Other Sh');
    await page.getByRole('option', { name: 'Other Shop AG' }).click();
    await form.locator('input[name=amount]').fill(language === 'de' ? '2,50' : '2.50');
    await form.locator('input[name=reason]').fill(`Goodwill ${language}`);
    await form.locator('button[type=submit]').click();
    await page.getByTestId('confirm-entry').getByRole('button').last().click();
    await page.getByTestId('manual-entry-booked').waitFor();
    expect(await harness.server.core.model('transaction').count({ where: { type: 'manual', description: `Goodwill ${language}` } })).toBe(1);
    await expectNoEnglish(page, '/transaction/new as administrator', language);
    await shot(page, `transaction-new-admin-${language}`);
    expect(besides(problems)).toEqual([]);
    await close();
  }, 120_000);
});

describe('app updates', () => {
  it('signs the user out with the warning toast when a new build is out (checked every 30 seconds)', async () => {
    const original = readFileSync(BUILD_FILE, 'utf8');
    const { page, close } = await signIn(harness, 'advertiser@demo.test');
    try {
      await page.clock.install();
      await page.reload();
      await page.getByTestId('greeting').waitFor();
      const served = await (await harness.server.api('/api/version')).json();
      expect(served).toEqual(JSON.parse(original));
      // The same build: nothing happens at the check.
      await page.clock.fastForward('00:31');
      await page.waitForTimeout(500);
      expect(pathname(page)).toBe('/');
      // A new release.
      writeFileSync(BUILD_FILE, JSON.stringify({ build: `${JSON.parse(original).build}-next` }));
      await page.clock.fastForward('00:31');
      await page.getByText(translatorFor('de')('app.update.available')).waitFor();
      await shot(page, 'app-update-toast-de');
      await page.clock.fastForward('00:06');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      writeFileSync(BUILD_FILE, original);
      await close();
    }
  }, 120_000);

  for (const language of LANGUAGES) {
    it(`shows 'Loading chunk failed' when a screen's code has not come after 120 seconds (${language})`, async () => {
      const { page, close } = await signIn(harness, 'advertiser@demo.test', { language });
      try {
        await page.clock.install();
        await page.reload();
        await page.getByTestId('greeting').waitFor();
        // The finances screen's code never arrives (a request the network holds).
        await page.route(/\/assets\/AdvertiserFinances-[\w-]+\.js$/, () => undefined);
        await navigate(page, '/advertiser/finances');
        await page.waitForTimeout(500);
        expect(await page.getByTestId('chunk-failed').count()).toBe(0);
        await page.clock.fastForward('02:01');
        const failed = page.getByTestId('chunk-failed');
        await failed.waitFor();
        expect(await failed.textContent()).toContain(translatorFor(language)('app.update.chunk_failed'));
        if (language === 'en') expect(await failed.textContent()).toContain('Loading chunk failed');
        await expectNoEnglish(page, 'a screen whose code did not load', language);
        await shot(page, `chunk-failed-${language}`);
      } finally {
        await close();
      }
    }, 120_000);
  }
});
