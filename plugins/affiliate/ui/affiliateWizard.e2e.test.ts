/**
 * The affiliate wizard in Chromium (issue 37), in German at 1280 px and in English at 390 px: a wizard creates a
 * program from /wizards with the pickers and a network's preset (prefix, compression, ad code with its live preview),
 * saves it back to the list and sets it live (catalog, queued feed import, tracking code); a systemoperator opens that
 * tracking code's modal, switches to Individual and copies the snippet. Each screen is also shot at the other width,
 * German ones checked for English.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Page } from 'playwright-core';
import {
  besides, expectNoEnglish, heading, SCREENSHOTS, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language, type Visit,
} from '../../../admin/test/browser.ts';
import { messages } from './messages.ts';

const WIDTHS = { 1280: { width: 1280, height: 900 }, 390: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
const BANNER = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250" fill="#2e7d32"/><text x="150" y="135" font-size="28" text-anchor="middle" fill="#fff" font-family="Arial">Garden sale</text></svg>';

let harness: Harness;
const problems: string[] = [];
const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => harness.server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(async () => {
  await stopHarness(harness);
  expect(problems).toEqual([]);
});

/** Signs in at `width` in `language` (the harness's sign-in), the clipboard allowed; the networks' banner images answer. */
async function signInAt(email: string, language: Language, width: Width): Promise<Visit> {
  const visit = await signIn(harness, email, { screen: width === 1280 ? 'laptop' : 'phone', language });
  await visit.page.setViewportSize(WIDTHS[width]);
  const context = visit.page.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  for (const host of ['https://www1.belboon.de/**', 'https://track.effiliation.com/**']) {
    await context.route(host, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: BANNER }));
  }
  return visit;
}

async function close(visit: Visit) {
  problems.push(...besides(visit.problems));
  await visit.close();
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

/** The form's input of a field (react-admin names each after its source). */
const input = (page: Page, source: string) => page.locator(`[name="${source}"]`);

/** Types `search` into the autocomplete of `source` and picks the option matching `option`. */
async function pick(page: Page, source: string, search: string, option: string | RegExp) {
  await input(page, source).click();
  await input(page, source).fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The MUI select of `source` (its hidden input's sibling). */
const select = (page: Page, source: string) => input(page, source).locator('xpath=..').getByRole('combobox');

/** Picks `option` in the MUI select of `source`. */
async function choose(page: Page, source: string, option: string | RegExp) {
  await select(page, source).click();
  await page.getByRole('option', { name: option }).first().click();
}

const other = (width: Width): Width => (width === 1280 ? 390 : 1280);

const PROGRAMS = {
  de: { name: 'Gartenmarkt belboon', source: 'belboon', link: 'https://www1.belboon.de/adtracking/03a9f1089e1d0c2a.html', prefix: 'https://www1.belboon.de/adtracking/03a9f1089e1d0c2a.html&rmd=3&trg=', compression: 'zip' },
  en: { name: 'Garden market effiliation', source: 'effiliation', link: 'https://track.effiliation.com/servlet/effi.redir?id_compteur=22577', prefix: 'https://track.effiliation.com/servlet/effi.redir?id_compteur=22577&url=', compression: 'none' },
} as const;

describe.each([['de', 1280], ['en', 390]] as [Language, Width][])('the affiliate wizard in %s at %i px', (language, width) => {
  const t = translatorFor(language);
  const own = (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages[language]);
    return String(found).replace(/%\{(\w+)\}/g, (_all, name: string) => String(options[name] ?? ''));
  };
  const program = PROGRAMS[language];
  let trackingcode = '';

  it('lets a wizard create a program from a preset, save it to the list and set it live', async () => {
    const visit = await signInAt('wizard@demo.test', language, width);
    const { page } = visit;
    try {
      await go(page, '/wizards');
      await page.locator('a[href="/wizard/new"]').first().click();
      await page.waitForURL((url) => url.pathname === '/wizard/new');
      await expect.poll(() => heading(page).textContent()).toBe(own('create_title'));
      // The defaults: the tracking domain as ad server, 300 x 250, platform161, comma.
      expect(await input(page, 'adserver').inputValue()).toBe(new URL(harness.server.url).host);
      expect(await input(page, 'width').inputValue()).toBe('300');
      expect(await input(page, 'height').inputValue()).toBe('250');

      await input(page, 'name').fill(program.name);
      await pick(page, 'advertiser', 'Demo Shop', 'Demo Shop GmbH');
      await input(page, 'url').fill('https://garden.example.com');
      await input(page, 'vertical').click();
      await page.getByRole('option').first().click();
      await page.keyboard.press('Escape');
      await pick(page, 'countries', language === 'de' ? 'Deutsch' : 'Germ', /\(DE\)/);
      await pick(page, 'categories', 'IAB10', /IAB10/);
      await page.keyboard.press('Escape');
      await input(page, 'affiliatelink').fill(program.link);
      await choose(page, 'revenueSource', new RegExp(`^${program.source}$`, 'i'));
      // The preset: prefix, compression and the ad code, previewed in the click tracker's link.
      await expect.poll(() => input(page, 'affiliateprefix').inputValue()).toBe(program.prefix);
      expect(await select(page, 'compression').textContent()).toBe(t(`resources.wizard.values.compression.${program.compression}`));
      const adcode = await input(page, 'adcode').inputValue();
      expect(adcode).toContain('href="{click}"');
      expect(adcode).toContain('width="300" height="250"');
      await input(page, 'programid').fill('4711');
      await input(page, 'targeturl').fill('https://garden.example.com/sale');
      await input(page, 'datasource').fill('https://feeds.example.com/garden.csv');
      await expect.poll(() => page.getByTestId('adcode-click').textContent()).toContain(`${program.prefix}${encodeURIComponent('https://garden.example.com/sale')}`);
      // The network's banner, in the preview's link to where the click tracker leads.
      const preview = page.frameLocator('[data-testid=adcode-preview] iframe');
      await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
      expect(await preview.locator('a').getAttribute('href')).toBe(`${program.prefix}${encodeURIComponent('https://garden.example.com/sale')}`);
      await expectNoSidewaysScroll(page, `/wizard/new at ${width}`);
      await expectNoEnglish(page, '/wizard/new', language);
      await shot(page, `affiliate-wizard-${language}-${width}-1-create`);

      await page.getByRole('button', { name: t('ra.action.save') }).click();
      await page.waitForURL((url) => url.pathname === '/wizards');
      await page.getByText(program.name).first().waitFor();
      const [wizard] = await sql<{ id: string; affiliateprefix: string; compression: string; live: boolean }>(
        'SELECT id, affiliateprefix, compression, live FROM wizards WHERE name = $1', [program.name]);
      expect(wizard).toMatchObject({ affiliateprefix: program.prefix, compression: program.compression, live: false });

      // Cancel leaves the edit screen for the list without saving.
      await go(page, `/wizard/edit/${wizard.id}`);
      await expect.poll(() => heading(page).textContent()).toBe(own('edit_title'));
      await page.locator('[data-action=wizard-cancel]').click();
      await page.waitForURL((url) => url.pathname === '/wizards');

      await go(page, `/wizard/edit/${wizard.id}`);
      await page.locator('[data-action=wizard-set-live]').click();
      await page.getByTestId('wizard-live').waitFor();
      await page.getByText(own('live.done')).waitFor();
      const [live] = await sql<{ live: boolean; catalog_id: string; trackingcode_id: string }>('SELECT live, catalog_id, trackingcode_id FROM wizards WHERE id = $1', [wizard.id]);
      expect(live.live).toBe(true);
      const jobs = await sql<{ status: string }>(`SELECT status FROM jobs WHERE name = 'catalog.import' AND payload->>'catalog' = $1`, [live.catalog_id]);
      expect(jobs).toHaveLength(1);
      const [catalog] = await sql<{ source: string; url: string }>('SELECT source, url FROM catalogs WHERE id = $1', [live.catalog_id]);
      expect(catalog).toEqual({ source: 'automatic', url: 'https://feeds.example.com/garden.csv' });
      trackingcode = live.trackingcode_id;
      // The wizard, who cannot open the tracking code's screen, has the shop's snippet from the program (once the
      // notice, which the pointer on it keeps, no longer covers the phone's toolbar).
      await page.mouse.move(0, 0);
      await page.getByText(own('live.done')).waitFor({ state: 'detached', timeout: 15_000 });
      await page.locator('[data-action=wizard-tracking-code]').click();
      await expect.poll(() => page.getByRole('dialog').getByTestId('tracking-snippet').textContent()).toContain("adsuite.push(['front']);");
      await page.getByRole('dialog').getByRole('button', { name: own('tracking.close') }).click();
      await expectNoEnglish(page, '/wizard/edit', language);
      await shot(page, `affiliate-wizard-${language}-${width}-2-live`);
      await page.setViewportSize(WIDTHS[other(width)]);
      await expectNoSidewaysScroll(page, `/wizard/edit at ${other(width)}`);
      await shot(page, `affiliate-wizard-${language}-${other(width)}-2-live`);
      // The toolbar as the window shows it (on a phone it stays at the bottom of the window).
      await page.screenshot({ path: path.join(SCREENSHOTS, `affiliate-wizard-${language}-${other(width)}-3-toolbar.png`) });
    } finally {
      await close(visit);
    }
  }, 120_000);

  it('lets a systemoperator push assignments: a booking created, a refusal with the server\'s reason', async () => {
    const token = await harness.server.token('sysop@demo.test');
    const api = async (path: string, body: unknown) => (await harness.server.api(path, { method: 'POST', token, body })).json();
    const [shop] = await sql<{ id: string }>(`SELECT id FROM advertisers WHERE name = 'Demo Shop GmbH'`);
    const [banner] = await sql<{ id: string }>(`SELECT id FROM banners WHERE advertiser_id = $1 AND banner_type = 'image_ad' AND 'platform161' = ANY(channels) LIMIT 1`, [shop.id]);
    const template = await api('/api/bookingtemplate', {
      name: `Affiliate display ${language}`, advertiser: shop.id, channels: ['platform161'], allocation: [{ channel: 'platform161', weight: 1 }],
      target: 'https://shop.demo.test/affiliate', minDailyBudget: 5, maxDailyBudget: 50, defaultDailyBudget: 10,
    });
    const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const pushable = await api('/api/assignment', { name: `Affiliate push ${language}`, advertiser: shop.id, bookingtemplate: template.id, start, dailyBudget: 10, creatives: [banner.id] });
    const refused = await api('/api/assignment', { name: `Affiliate push refused ${language}`, advertiser: shop.id });
    const visit = await signInAt('sysop@demo.test', language, width);
    const { page } = visit;
    try {
      await go(page, `/assignment/edit/${pushable.id}`);
      await page.locator('[data-action=assignment-push]').click();
      await page.getByText(own('push.created'), { exact: true }).waitFor();
      const [booking] = await sql<{ status: string }>('SELECT status FROM bookings WHERE name = $1', [`Affiliate push ${language}`]);
      expect(booking.status).toBe('waiting for approval');
      await shot(page, `affiliate-push-${language}-${width}-created`);
      await go(page, `/assignment/edit/${refused.id}`);
      await page.locator('[data-action=assignment-push]').click();
      const reason = language === 'de'
        ? 'Die Zuweisung nennt keine Buchungsvorlage: Ohne sie lässt sich keine Buchung anlegen.'
        : 'The assignment names no booking template: without one no booking can be created.';
      await page.getByText(own('push.failed', { message: reason })).waitFor();
      await expectNoEnglish(page, 'assignment push', language);
      await shot(page, `affiliate-push-${language}-${width}-failed`);
    } finally {
      // The refused push answers 400 on purpose.
      visit.problems.splice(0, visit.problems.length, ...besides(visit.problems, 400));
      await close(visit);
    }
  }, 90_000);

  it('opens the demo program, whose categories predate the pickers, without an error', async () => {
    const [demo] = await sql<{ id: string }>(`SELECT id FROM wizards WHERE name = 'Demo Shop affiliate (awin)'`);
    const visit = await signInAt('affiliatemanager@demo.test', language, width);
    try {
      await go(visit.page, `/wizard/edit/${demo.id}`);
      await expect.poll(() => heading(visit.page).textContent()).toBe(own('edit_title'));
      await visit.page.locator('[name=name]').waitFor();
      expect(await visit.page.locator('[name=name]').inputValue()).toBe('Demo Shop affiliate (awin)');
      await shot(visit.page, `affiliate-wizard-${language}-${width}-demo`);
    } finally {
      await close(visit);
    }
  }, 60_000);

  it('lets a systemoperator copy the tracking snippet of the program, universal or individual', async () => {
    const visit = await signInAt('sysop@demo.test', language, width);
    const { page } = visit;
    try {
      const [code] = await sql<{ advertiser_id: string }>('SELECT advertiser_id FROM trackingcodes WHERE id = $1', [trackingcode]);
      await go(page, `/trackingcode/edit/${trackingcode}`);
      await page.locator('[data-action=tracking-code]').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(own('tracking.title', { name: program.name })).waitFor();
      const snippet = dialog.getByTestId('tracking-snippet');
      expect(await snippet.textContent()).toContain(`<script src="${harness.server.url}/c/${code.advertiser_id}.js" async></script>`);
      expect(await snippet.textContent()).toContain("adsuite.push(['front']);");
      await dialog.locator('[data-kind=individual]').click();
      await expect.poll(() => snippet.textContent()).toContain("adsuite.push(['order', { order: 'ORDER-ID', value: 59.90 }]);");
      await dialog.getByRole('button', { name: t('app.action.copy') }).click();
      await page.getByText(t('app.notification.copied')).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());
      await expectNoEnglish(page, 'tracking-code modal', language);
      await expectNoSidewaysScroll(page, `tracking-code modal at ${width}`);
      await shot(page, `affiliate-tracking-${language}-${width}`);
      await page.setViewportSize(WIDTHS[other(width)]);
      await shot(page, `affiliate-tracking-${language}-${other(width)}`);
    } finally {
      await close(visit);
    }
  }, 90_000);
});
