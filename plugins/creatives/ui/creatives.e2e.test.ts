/**
 * The creative tools in Chromium, in German at 1280 px and in English at 390 px: a wizard files an upload in a new
 * folder of the Demo Shop's graphics library, generates the shop's banners from the corporate-identity template on
 * /banner/create (the preview shows each size as the ad server serves it) and saves them; the advertiser finds
 * them among the saved creatives of the booking wizard's creatives step and adds one, and imports bookings on
 * /bookings (the import stats name the refused line); a systemoperator copies a banner's embed code from its edit
 * screen, which serves the banner. The gallery, the template editor and the coupon history are shot in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, today } from '@adsuite/config/booking/index';
import {
  besides, expectNoEnglish, heading, shot, signIn as signInAs, startHarness, stopHarness, translatorFor, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { badge } from '../server/pictures.ts';
import { CI_TEMPLATE } from '../server/seed.ts';

const WIDTHS = { 1280: { width: 1280, height: 860 }, 390: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
const SHOP = 'Demo Shop GmbH';

let harness: Harness;
const problems: string[] = [];

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(async () => {
  await stopHarness(harness);
  expect(problems).toEqual([]);
});

interface Visit { page: Page; close(): Promise<void> }

/** Signs in through the portal in `language` at `width`, the clipboard allowed (the embed code's copy button). */
async function signIn(email: string, language: Language, width: Width): Promise<Visit> {
  const visit = await signInAs(harness, email, { screen: 'laptop', language });
  await visit.page.setViewportSize(WIDTHS[width]);
  await visit.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
  return {
    page: visit.page,
    async close() {
      problems.push(...besides(visit.problems).map((problem) => `${email}: ${problem}`));
      await visit.close();
    },
  };
}

/** A shot once the page is still (a dialog faded in, a menu closed). */
async function still(page: Page, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await shot(page, name);
}

/**
 * A shot of the whole page: the window is made as tall as the page first, since Chromium paints the ads' frames
 * (sandboxed, of their own origin) only inside the window.
 */
async function tallShot(page: Page, name: string) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.waitForTimeout(700);
  await still(page, name);
  await page.setViewportSize(size);
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

/** Picks `option` in the MUI select labelled `label` on the screen `screen` (a test id; the top bar has selects too). */
async function choose(page: Page, screen: string, label: string, option: string | RegExp) {
  await page.getByTestId(screen).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const other = (width: Width): Width => (width === 1280 ? 390 : 1280);

describe.each([['de', 1280], ['en', 390]] as [Language, Width][])('the creative tools in %s at %i px', (language, width) => {
  const t = translatorFor(language);
  const c = (key: string, options?: Record<string, unknown>) => t(`app.creatives.${key}`, options);
  const product = language === 'de' ? 'Strandtasche Generator' : 'Beach bag generator';
  const slogan = language === 'de' ? 'Sonne, Meer & Sommer' : 'Sun, sea & summer';
  let bannerId = '';

  it('lets a wizard file an upload in a new folder and generate an advertiser\'s banners from a template', async () => {
    const { page, close } = await signIn('wizard@demo.test', language, width);
    try {
      const shop = await harness.server.core.model('advertiser').findOne({ where: { name: SHOP }, raw: true }) as unknown as { id: string };
      // The library: a new folder by its modal, opened, an image uploaded into it.
      await go(page, `/graphics?advertiser=${shop.id}`);
      await page.getByTestId('folder-breadcrumb').getByText(c('root')).waitFor();
      await page.locator('[data-folder="Logos"]').waitFor();
      const folder = `${language === 'de' ? 'Kampagne' : 'Campaign'} ${width}`;
      await page.click('[data-action=create-folder]');
      await page.fill('input[name=folder-name]', folder);
      await page.getByTestId('folder-dialog').getByRole('button', { name: c('folder_dialog.create') }).click();
      await page.locator(`[data-folder="${folder}"]`).getByRole('button', { name: folder }).click();
      await expect.poll(() => page.getByTestId('folder-breadcrumb').innerText()).toContain(folder);
      await page.click('[data-action=upload]');
      await page.setInputFiles('input[name=graphic-files]', { name: 'summer-badge.png', mimeType: 'image/png', buffer: badge(90, '#e65100') });
      await page.locator('[data-graphic="summer-badge"]').waitFor();
      expect(await page.locator('[data-graphic="summer-badge"]').innerText()).toContain('90x90');
      if (language === 'de') await expectNoEnglish(page, '/graphics', language);
      await expectNoSidewaysScroll(page, '/graphics');
      await still(page, `creatives-graphics-${language}-${width}`);
      await page.setViewportSize(WIDTHS[other(width)]);
      await still(page, `creatives-graphics-${language}-${other(width)}`);
      await page.setViewportSize(WIDTHS[width]);

      // The gallery shows the folder's images as pictures.
      await go(page, `/gallery?advertiser=${shop.id}`);
      await page.getByTestId('gallery-tree').getByText('Products').click();
      await page.locator('[data-graphic="Beach bag"] img').waitFor();
      await still(page, `creatives-gallery-${language}-${width}`);

      // The generator: the Demo Shop and the corporate-identity template, texts typed, its product image chosen.
      await go(page, '/banner/create');
      await choose(page, 'banner-generator', c('advertiser'), SHOP);
      await expect.poll(() => page.getByTestId('banner-generator').getByRole('combobox', { name: c('generator.template') }).innerText()).toContain(CI_TEMPLATE);
      // Colours and logo come from the shop's corporate identity.
      expect(await page.inputValue('input[name=primaryColor]')).toBe('#0b6fb8');
      await page.fill('input[name=slogan]', slogan);
      await page.fill('input[name=productName]', product);
      await page.getByTestId('banner-generator').getByRole('combobox', { name: c('fields.productImage') }).click();
      await page.locator('[data-image="Beach bag"]').click();
      await page.fill('input[name=cta]', language === 'de' ? 'Jetzt kaufen' : 'Buy now');
      // Every size as the ad server serves it, with what was typed.
      const strip = page.frameLocator('[data-size="728x90"] iframe');
      await expect.poll(() => strip.locator('.slogan').innerText({ timeout: 2000 }).catch(() => ''), { timeout: 15_000 }).toBe(slogan);
      await expect.poll(() => strip.locator('.cta').innerText({ timeout: 2000 }).catch(() => ''), { timeout: 15_000 }).toBe(language === 'de' ? 'Jetzt kaufen' : 'Buy now');
      expect(await strip.locator('img.logo').getAttribute('src')).toMatch(/^\/banner\/file\//);
      expect(await strip.locator('img.product').getAttribute('alt')).toBe(product);
      expect(await page.locator('[data-testid=generator-previews] iframe').count()).toBe(6);
      if (language === 'de') await expectNoEnglish(page, '/banner/create', language);
      await expectNoSidewaysScroll(page, '/banner/create');
      await tallShot(page, `creatives-generator-${language}-${width}`);

      await page.click('[data-action=save-banners]');
      const saved = page.getByTestId('saved-banners');
      await saved.waitFor();
      expect(await saved.locator('[data-saved]').count()).toBe(6);
      expect(await saved.locator('[data-saved]').first().innerText()).toContain(`${product} 300x250`);
      await tallShot(page, `creatives-generator-saved-${language}-${width}`);
      await page.setViewportSize(WIDTHS[other(width)]);
      await tallShot(page, `creatives-generator-saved-${language}-${other(width)}`);
      const row = await harness.server.core.model('banner').findOne({ where: { name: `${product} 300x250`, advertiser: shop.id }, raw: true }) as unknown as { id: string; bannerType: string };
      expect(row.bannerType).toBe('template_ad');
      bannerId = row.id;

      // The template editor: the same template, its preview rendered live.
      await page.setViewportSize(WIDTHS[width]);
      await go(page, '/banner/template');
      await choose(page, 'template-editor', c('template.choose'), new RegExp(CI_TEMPLATE.replace(/[()]/g, '\\$&')));
      const editorPreview = page.frameLocator('[data-testid=template-preview] iframe');
      await expect.poll(() => editorPreview.locator('.slogan').innerText({ timeout: 2000 }).catch(() => ''), { timeout: 15_000 }).toBe('Slogan');
      await expectNoSidewaysScroll(page, '/banner/template');
      await tallShot(page, `creatives-template-${language}-${width}`);
    } finally {
      await close();
    }
  }, 240_000);

  it('shows the advertiser the generated banners in the booking wizard\'s creatives step, and imports bookings with their stats', async () => {
    const { page, close } = await signIn('advertiser@demo.test', language, width);
    const w = (key: string) => t(`app.booking_wizard.${key}`);
    try {
      await go(page, '/booking/create');
      await page.fill('input[name=name]', `Generated ${language} ${width}`);
      await page.check('input[name=channel-platform161]');
      await page.click('button[name=next]');
      await page.fill('input[name=target]', 'https://shop.demo.test/summer');
      await page.fill('input[name=marker-name]', 'Berlin');
      await page.fill('input[name=marker-lat]', '52.52');
      await page.fill('input[name=marker-lng]', '13.405');
      await page.click(`button:has-text("${w('marker.add')}")`);
      await page.click('button[name=next]');
      const savedCreatives = page.getByTestId('saved-creatives');
      await savedCreatives.waitFor();
      const offered = savedCreatives.locator(`[data-saved-creative="${product} 300x250"]`);
      await offered.waitFor();
      await offered.getByRole('button', { name: t('app.saved_creatives.add') }).click();
      const card = page.locator('[data-creative="0"]');
      await card.waitFor();
      expect(await card.locator('input[name="creatives.0.name"]').inputValue()).toBe(`${product} 300x250`);
      // Platform 161 takes a 300x250 template banner: the card chose it.
      expect(await card.locator('[aria-pressed=true]').count()).toBe(1);
      if (language === 'de') await expectNoEnglish(page, 'the wizard\'s creatives step', language);
      await expectNoSidewaysScroll(page, 'the wizard\'s creatives step');
      await tallShot(page, `creatives-wizard-saved-${language}-${width}`);

      // The bulk import: one good line, one refused, and the stats modal names the refused one by line.
      await go(page, '/bookings');
      await page.click('[data-action=import]');
      const start = addDays(today(), 3);
      const creatives = `"${JSON.stringify([{ id: bannerId, name: `${product} 300x250`, bannerType: 'template_ad', width: 300, height: 250, channels: ['platform161'] }]).replace(/"/g, '""')}"`;
      const csv = [
        'name;channels;dailyBudget;start;end;target;creatives',
        `Imported ${language} ${width};platform161;5;${start};;https://shop.demo.test/a;${creatives}`,
        `Broken ${language};platform161;5;${start};;shop.demo.test;${creatives}`,
      ].join('\n');
      await page.setInputFiles('input[name=bookings-csv]', { name: 'bookings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const stats = page.getByTestId('import-stats');
      await stats.waitFor();
      // Only the broken line is refused (the errors table would name the other one with its reason).
      expect(await stats.getByTestId('import-errors').innerText()).not.toContain(`Imported ${language}`);
      expect(await stats.locator('[data-figure=total]').innerText()).toContain('2');
      expect(await stats.locator('[data-figure=created]').innerText()).toContain('1');
      expect(await stats.locator('[data-figure=failed]').innerText()).toContain('1');
      expect(await stats.locator('[data-line="3"]').innerText()).toContain(`Broken ${language}`);
      if (language === 'de') await expectNoEnglish(page, 'the import stats', language);
      await still(page, `creatives-import-stats-${language}-${width}`);
      await page.setViewportSize(WIDTHS[other(width)]);
      await still(page, `creatives-import-stats-${language}-${other(width)}`);
    } finally {
      await close();
    }
  }, 240_000);

  it('lets a systemoperator copy a banner\'s embed code, which serves the banner, and read a coupon\'s history', async () => {
    const { page, close } = await signIn('sysop@demo.test', language, width);
    try {
      await go(page, `/banner/edit/${bannerId}`);
      await page.click('[data-action=embed-code]');
      const dialog = page.getByTestId('embed-code-dialog');
      await dialog.waitFor();
      const code = await dialog.getByTestId('embed-code').inputValue();
      expect(code).toContain(`src="${harness.server.url}/banner?id=${bannerId}"`);
      expect(code).toContain('width="300" height="250"');
      await dialog.locator('[data-copy=embed-code] button').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      const served = await (await fetch(`${harness.server.url}/banner?id=${bannerId}`)).text();
      expect(served).toContain(slogan.replace('&', '&amp;'));
      await still(page, `creatives-embed-${language}-${width}`);
      await dialog.getByRole('button', { name: c('close') }).click();

      // The ad preview: 60 px high by default.
      await page.click('[data-action=ad-preview]');
      const preview = page.getByTestId('ad-preview');
      await preview.locator('iframe').waitFor();
      expect(Math.round((await preview.locator('div').first().boundingBox())!.height)).toBe(60);
      await still(page, `creatives-ad-preview-${language}-${width}`);
      await page.getByTestId('ad-preview-dialog').getByRole('button', { name: c('close') }).click();

      // The coupon history from the coupons list.
      await go(page, '/coupons');
      await page.locator('[data-row-link^="/coupon/history/"]').first().click();
      const history = page.getByTestId('coupon-history');
      await history.waitFor();
      await history.locator(`[data-history="${SHOP}"]`).waitFor();
      if (language === 'de') await expectNoEnglish(page, 'the coupon history', language);
      await still(page, `creatives-coupon-history-${language}-${width}`);
    } finally {
      await close();
    }
  }, 180_000);
});
