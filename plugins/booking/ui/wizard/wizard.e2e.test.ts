/**
 * The booking wizard in a real browser against the real server: an advertiser walks the four steps with three
 * channels, meets the server's rule at the field (the daily budget below Outbrain's minimum), reloads half-way
 * and finds the draft, uploads a real PNG, books, and finds the booking in /bookings. The German run shows no
 * English sentence on any step; the English pass walks the same steps and pages with fewer actions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookingMessage } from '@adsuite/config/booking/index';
import { MAX_DAILY_BUDGET } from '@adsuite/config';
import { translate } from '@adsuite/config/i18n/serverText';
import { SESSION_KEYS } from '@adsuite/config/session';
import {
  account, besides, english, expectNoEnglish, german, LANGUAGES, navigate, pathname, SCREENSHOTS, settle, shot, signIn, startHarness, stopHarness, switchLanguage,
  translatorFor, type Harness,
} from '../../../../admin/test/browser.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(() => stopHarness(harness));

const text = (key: string, options?: Record<string, unknown>) => german(`app.booking_wizard.${key}`, options);
const next = (page: Page) => page.click('button[name=next]');
const activeStep = (page: Page) => page.locator('.MuiStepLabel-label.Mui-active').textContent();
const rule = (key: Parameters<typeof bookingMessage>[0], values?: Record<string, string | number>) => bookingMessage(key, values, 'de');

/** An HTML5 banner page; with `size` it declares it (meta ad.size). */
const htmlBanner = (label: string, size?: string) => Buffer.from(
  `<!doctype html><html><head>${size ? `<meta name="ad.size" content="${size}">` : ''}</head><body style="margin:0"><div style="background:#0b6fb8;color:#fff;font:bold 24px sans-serif;height:100vh;display:flex;align-items:center;justify-content:center">${label}</div></body></html>`,
);

/** Drops files on the creatives step's drop zone, as a file manager would (the chooser's filter does not apply). */
/** Staff approve every channel of the booking's creatives (creative approval, plugins/approvals), as /approvals does. */
async function approveCreatives(harness: Harness, name: string) {
  const admin = await account(harness, 'admin@demo.test');
  const call = async (url: string, body?: unknown) => (await harness.server.api(url, { token: admin.token, headers: admin.headers, ...(body ? { method: 'POST', body } : {}) })).json();
  const [booked] = await call(`/api/booking?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  await expect.poll(async () => (await call(`/api/approval?type=banner&booking=${booked.id}`)).count, { timeout: 60_000 }).toBeGreaterThan(0);
  const { items } = await call(`/api/approval?type=banner&booking=${booked.id}`);
  for (const item of items as { id: string; reviews: { channel: string }[] }[]) {
    await call('/api/approval/review', { type: 'banner', id: item.id, reviews: item.reviews.map(({ channel }) => ({ channel, status: 'approved' })) });
  }
}

async function dropFiles(page: Page, files: { name: string; type: string; content: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.content], file.name, { type: file.type }));
    return data;
  }, files);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

/** A real PNG of `width` x `height`: a screenshot of a drawn banner. */
async function drawnPng(page: Page, label: string, width = 300, height = 250): Promise<Buffer> {
  await page.setViewportSize({ width: Math.max(width, 400), height: Math.max(height, 300) });
  await page.setContent(`<body style="margin:0"><div style="width:${width}px;height:${height}px;background:linear-gradient(135deg,#0b6fb8,#34a853);color:#fff;font:bold 28px sans-serif;display:flex;align-items:center;justify-content:center">${label}</div></body>`);
  return page.screenshot({ clip: { x: 0, y: 0, width, height }, type: 'png' });
}

describe('booking wizard', () => {
  it('walks an advertiser through four steps to a booking in /bookings', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    const name = `Winterkampagne ${Date.now().toString(36)}`;
    try {
      const png = await drawnPng(await page.context().newPage(), 'Winter Sale -30%');
      await navigate(page, '/booking/create');
      await settle(page, text('title_create'));
      expect(await activeStep(page)).toBe(text('steps.general'));

      // Step 1: three channels with the default 5 EUR a day, which Outbrain (30 EUR minimum) refuses at the field
      await page.fill('input[name=name]', name);
      for (const channel of ['dv360', 'ssp1', 'outbrain']) await page.check(`input[name=channel-${channel}]`);
      expect(await page.inputValue('input[name=dailyBudget]')).toBe('5');
      await next(page);
      const budgetField = page.locator('[data-field=dailyBudget]');
      await budgetField.locator('.Mui-error').first().waitFor();
      expect(await budgetField.textContent()).toContain('Das Tagesbudget für Outbrain');
      await expect.poll(() => page.getByTestId('wizard-error').textContent()).toContain('Outbrain');
      await expectNoEnglish(page, 'step 1 with the budget refused');
      await shot(page, 'wizard-1-budget-error');

      await page.fill('input[name=dailyBudget]', '100');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.target'));

      // Step 2: no location yet, so no reach estimate; then a target URL and Berlin
      await page.getByTestId('reach-unavailable').waitFor();
      await page.fill('input[name=target]', 'https://shop.example.com/winter');
      await page.fill('input[name=marker-name]', 'Berlin');
      await page.fill('input[name=marker-lat]', '52.52');
      await page.fill('input[name=marker-lng]', '13.405');
      await page.click(`button:has-text("${text('marker.add')}")`);
      await page.getByTestId('reach-unavailable').waitFor({ state: 'detached' });
      await page.fill('textarea[name=domains]', 'news.example.com\nsport.example.org');
      await expectNoEnglish(page, 'step 2');
      await shot(page, 'wizard-2-target');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.creatives'));

      // Half-way: a reload keeps the draft and the step
      await page.reload();
      await page.getByTestId('draft-restored').waitFor();
      expect(await activeStep(page)).toBe(text('steps.creatives'));
      await page.click(`button:has-text("${german('ra.action.back')}")`);
      expect(await page.inputValue('input[name=target]')).toBe('https://shop.example.com/winter');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.creatives'));

      // Step 3: a real PNG, assigned to every channel that takes it
      await page.getByTestId('no-creatives').waitFor();
      await page.setInputFiles('input[name=creative-files]', { name: 'winter-sale.png', mimeType: 'image/png', buffer: png });
      const creative = page.locator('[data-creative="0"]');
      await creative.waitFor();
      await expect.poll(() => creative.textContent()).toContain('300x250');
      expect(await creative.locator('[aria-pressed=true]').count()).toBe(3);
      await expectNoEnglish(page, 'step 3');
      await shot(page, 'wizard-3-creatives');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.review'));

      // Step 4: costs per channel with the fee, the minimum check, and the booking
      const costs = page.getByTestId('costs');
      await costs.waitFor();
      expect(await costs.locator('tbody tr').count()).toBe(3);
      expect(await costs.textContent()).toContain('Outbrain');
      expect(await page.getByTestId('minimum-check').textContent()).toBe(text('costs.minimum_covered'));
      await expectNoEnglish(page, 'step 4');
      await shot(page, 'wizard-4-review');
      await page.click('button[name=submit]');
      await page.waitForURL((url) => url.pathname === '/bookings');
      await page.getByText(text('saved')).first().waitFor();
      await page.getByText(name).first().waitFor();
      await expectNoEnglish(page, '/bookings after booking');
      await shot(page, 'wizard-5-bookings');
      expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('adsuite.bookingDraft')))).toEqual([]);

      // Staff approve the creatives, the background check makes it pending (the list refreshes every 5 s); 'Click to publish' makes it active.
      await approveCreatives(harness, name);
      const row = page.locator(`tbody tr:has([data-booking="${name}"])`);
      await row.locator('[data-action="publish"]').waitFor({ timeout: 60_000 });
      await row.locator('[data-action="publish"]').click();
      await page.getByText(german('app.bookings.notify.published'), { exact: false }).first().waitFor({ timeout: 120_000 });
      await expect.poll(() => row.locator('[data-status]').getAttribute('data-status'), { timeout: 30_000 }).toBe('active');
      await expectNoEnglish(page, '/bookings after publishing');
      await shot(page, 'wizard-9-published');
      // the refused "Next" is the one failed request; nothing else may go wrong
      expect(besides(problems, 400)).toEqual([]);
      expect(problems).toEqual(['status of 400: POST /api/booking/validate']);

      // The sync tree the publishing ran: a campaign job over one line-item job per channel, each over its banner.
      const sysop = await account(harness, 'sysop@demo.test');
      const read = async (url: string) => (await harness.server.api(url, { token: sysop.token, headers: sysop.headers })).json();
      const [booked] = await read(`/api/booking?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
      const jobs = await read(`/api/sync-queue?filter=${encodeURIComponent(JSON.stringify({ booking: booked.id }))}&range=[0,99]`) as Record<string, any>[];
      const root = jobs.find((job) => job.type === 'campaign' && !job.parent)!;
      expect(jobs.filter((job) => job.type === 'lineitem').map((job) => job.channel).sort()).toEqual(['dv360', 'outbrain', 'ssp1']);
      expect(jobs.every((job) => job.status === 'successful' && job.completed)).toBe(true);
      // ... and as the systemoperator sees it in the sync-queue viewer.
      const tree = await signIn(harness, 'sysop@demo.test');
      try {
        await navigate(tree.page, `/syncqueue?job=${root.id}`);
        await tree.page.getByTestId('sync-job').first().waitFor();
        expect(await tree.page.getByTestId('sync-job').count()).toBeGreaterThanOrEqual(4);
        expect(new Set(await tree.page.getByTestId('sync-job').evaluateAll((list) => list.map((entry) => entry.getAttribute('data-status'))))).toEqual(new Set(['successful']));
        await expectNoEnglish(tree.page, '/syncqueue of the booking');
        await shot(tree.page, 'wizard-10-sync-tree');
      } finally {
        await tree.close();
      }
    } finally {
      await close();
    }
  }, 300_000);

  it('refuses a daily budget above the maximum, tells a wrong file type at the drop zone, and asks an HTML5 banner its size at its card', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test');
    const name = `HTML5-Kampagne ${Date.now().toString(36)}`;
    try {
      const png = await drawnPng(await page.context().newPage(), 'Bild 300x250');
      await page.setViewportSize({ width: 1280, height: 900 });
      await navigate(page, '/booking/create');
      await settle(page, text('title_create'));

      // Step 1: 99,999,999,999 euro a day is refused at the field, whatever the channel minimums say.
      await page.fill('input[name=name]', name);
      await page.check('input[name=channel-dv360]');
      await page.fill('input[name=dailyBudget]', '99999999999');
      await next(page);
      const budgetField = page.locator('[data-field=dailyBudget]');
      await expect.poll(() => budgetField.textContent()).toContain(translate('de', 'booking.daily_budget_too_large', { max: { money: MAX_DAILY_BUDGET * 100 } }));
      await expectNoEnglish(page, 'step 1 with the budget maximum');
      await shot(page, 'wizard-12-budget-maximum');
      await page.fill('input[name=dailyBudget]', '50');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.target'));

      // Step 2: one place, which the booking's detail names later.
      await page.fill('input[name=target]', 'https://shop.example.com/html5');
      await page.fill('input[name=marker-name]', 'Leipzig');
      await page.fill('input[name=marker-lat]', '51.34');
      await page.fill('input[name=marker-lng]', '12.37');
      await page.click(`button:has-text("${text('marker.add')}")`);
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.creatives'));

      // A file of a type the wizard does not take, dropped: said at the drop zone.
      const dropZone = page.getByTestId('drop-zone');
      await dropFiles(page, [{ name: 'notizen.txt', type: 'text/plain', content: 'keine Werbung' }]);
      await dropZone.getByText(text('upload.wrong_type')).waitFor();
      expect(await dropZone.textContent()).toContain('notizen.txt');
      await expectNoEnglish(page, 'step 3 with a wrong file type');
      await shot(page, 'wizard-13-wrong-type');

      // An HTML5 page that declares no size: the refusal goes with this valid upload; the card asks for width and height.
      await page.setInputFiles('input[name=creative-files]', { name: 'html5-ad.html', mimeType: 'text/html', buffer: htmlBanner('HTML5 ohne Größe') });
      const html = page.locator('[data-creative="0"]');
      await html.waitFor();
      await dropZone.getByText(text('upload.wrong_type')).waitFor({ state: 'detached' });
      expect(await html.locator('input[name="creatives.0.width"]').inputValue()).toBe('');
      await next(page);
      await html.locator('[data-field="creatives.0.width"] .Mui-error').first().waitFor();
      expect(await html.textContent()).toContain(rule('ad_code_width'));
      expect(await html.textContent()).toContain(rule('ad_code_height'));
      await expectNoEnglish(page, 'step 3 with the HTML5 size missing');
      await shot(page, 'wizard-14-html-size-at-card');
      await page.setViewportSize({ width: 375, height: 740 });
      await html.scrollIntoViewIfNeeded();
      await shot(page, 'wizard-14-html-size-at-card-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await html.locator('input[name="creatives.0.width"]').fill('300');
      await html.locator('input[name="creatives.0.height"]').fill('250');
      // The size given, the message at the top goes too.
      await page.getByTestId('wizard-error').waitFor({ state: 'detached' });

      // A page that declares its size (meta ad.size) and an image: both measured from the file.
      await page.setInputFiles('input[name=creative-files]', [
        { name: 'leaderboard.html', mimeType: 'text/html', buffer: htmlBanner('HTML5 728x90', 'width=728,height=90') },
        { name: 'bild.png', mimeType: 'image/png', buffer: png },
      ]);
      await page.locator('[data-creative="2"]').waitFor();
      const leaderboard = page.locator('[data-creative]', { hasText: '728x90' });
      expect(await leaderboard.locator('input[name$=".width"]').inputValue()).toBe('728');
      expect(await leaderboard.locator('input[name$=".height"]').inputValue()).toBe('90');
      await shot(page, 'wizard-15-html-sizes');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.review'));
      await page.click('button[name=submit]');
      await page.waitForURL((url) => url.pathname === '/bookings');

      // Once approved and checked (pending), the detail shows the place and real previews: the image, both HTML5 banners as served.
      await approveCreatives(harness, name);
      const row = page.locator(`tbody tr:has([data-booking="${name}"])`);
      await row.locator('[data-action="publish"]').waitFor({ timeout: 60_000 });
      await row.locator('[data-action="details"]').click();
      const detail = page.getByRole('dialog');
      await detail.getByTestId('creatives-panel').waitFor();
      await expect.poll(() => detail.getByTestId('creative-frame').count()).toBe(2);
      const image = detail.getByTestId('creative-image');
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(300);
      expect(await detail.locator(`[data-fact="${german('app.bookings.detail.locations')}"]`).textContent()).toBe('Leipzig');
      await expectNoEnglish(page, 'the booking detail with previews');
      for (const frame of await detail.getByTestId('creative-frame').all()) await frame.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/wizard-16-detail-previews.png` });

      // The same in English, and on a phone.
      await switchLanguage(page, 'en');
      await row.locator('[data-action="details"]').click();
      const inEnglish = page.getByRole('dialog');
      await inEnglish.getByTestId('creatives-panel').waitFor();
      await expect.poll(() => inEnglish.getByTestId('creative-frame').count()).toBe(2);
      expect(await inEnglish.textContent()).toContain('Locations');
      await inEnglish.getByTestId('creatives-panel').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/wizard-17-detail-previews-en.png` });
      await expectNoEnglish(page, 'the booking detail in English');
      // A phone lays the list out anew (the open detail goes with it): open it there again.
      await inEnglish.getByRole('button', { name: english('ra.action.close') }).click();
      await inEnglish.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 375, height: 740 });
      await row.locator('[data-action="details"]').click();
      await page.getByRole('dialog').getByTestId('creatives-panel').scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByRole('dialog').getByTestId('creative-frame').count()).toBe(2);
      await page.screenshot({ path: `${SCREENSHOTS}/wizard-18-detail-previews-en-phone.png` });
      // The refused "Next"s (budget, HTML size) are the failed requests; nothing else may go wrong.
      expect(besides(problems, 400)).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('walks the same steps in English: its own check (money the German way in both languages), the budget maximum, the wrong file type, the HTML5 banner\'s size, the review', async () => {
    const { page, close } = await signIn(harness, 'advertiser@demo.test', { language: 'en' });
    const en = (key: string) => english(`app.booking_wizard.${key}`);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await navigate(page, '/booking/create');
      await settle(page, en('title_create'));
      await page.fill('input[name=name]', 'English check');
      for (const channel of ['ssp1', 'outbrain']) await page.check(`input[name=channel-${channel}]`);
      // The server out of reach: the wizard's own check says the rule in English, money the German way (SPEC section 9).
      await page.route('**/api/booking/validate**', (route) => route.abort());
      await next(page);
      await expect.poll(() => page.locator('[data-field=dailyBudget]').textContent())
        .toContain('The daily budget for Outbrain (2,50\u00a0€) is below its minimum of 30,00\u00a0€ per day.');
      await page.unroute('**/api/booking/validate**');
      await page.fill('input[name=dailyBudget]', '99999999999');
      await next(page);
      await expect.poll(() => page.locator('[data-field=dailyBudget]').textContent()).toContain(translate('en', 'booking.daily_budget_too_large', { max: { money: MAX_DAILY_BUDGET * 100 } }));
      await shot(page, 'wizard-19-budget-maximum-en');
      // Outbrain takes images only: the HTML5 banner below goes to SSP1 and Display & Video 360.
      await page.fill('input[name=dailyBudget]', '100');
      await page.uncheck('input[name=channel-outbrain]');
      await page.check('input[name=channel-dv360]');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(en('steps.target'));
      await page.getByTestId('reach-unavailable').waitFor();
      await page.fill('input[name=target]', 'https://shop.example.com/en');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(en('steps.creatives'));
      await dropFiles(page, [{ name: 'notes.txt', type: 'text/plain', content: 'no ad' }]);
      await page.getByTestId('drop-zone').getByText(en('upload.wrong_type')).waitFor();
      await page.setInputFiles('input[name=creative-files]', { name: 'html5-ad.html', mimeType: 'text/html', buffer: htmlBanner('HTML5') });
      await page.locator('[data-creative="0"]').waitFor();
      await next(page);
      await page.locator('[data-creative="0"] [data-field="creatives.0.width"] .Mui-error').first().waitFor();
      expect(await page.locator('[data-creative="0"]').textContent()).toContain(bookingMessage('ad_code_width', {}, 'en'));
      await shot(page, 'wizard-20-html-size-at-card-en');
      await expectNoEnglish(page, 'step 3 in English with the HTML5 size missing');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.locator('[data-creative="0"]').scrollIntoViewIfNeeded();
      await shot(page, 'wizard-21-html-size-at-card-en-phone');
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.locator('input[name="creatives.0.width"]').fill('300');
      await page.locator('input[name="creatives.0.height"]').fill('250');
      // The creative service's form, in English too.
      await page.click('button[name=mode-service]');
      await page.getByRole('button', { name: en('service.preview') }).waitFor();
      await page.click('button[name=mode-own]');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(en('steps.review'));
      expect(await page.getByTestId('minimum-check').textContent()).toBe(en('costs.minimum_covered'));
      await shot(page, 'wizard-22-review-en');
      await expectNoEnglish(page, 'step 4 in English');
    } finally {
      await close();
    }
  }, 120_000);

  it('keeps the start of a running booking and shows a viewer the booking read-only', async () => {
    const who = await account(harness, 'advertiser@demo.test');
    const filter = encodeURIComponent(JSON.stringify({ q: 'Summer Sale 2026' }));
    const [running] = await (await harness.server.api(`/api/booking?filter=${filter}`, { token: who.token, headers: who.headers })).json();
    expect(running?.status).toBe('active');

    const advertiser = await signIn(harness, 'advertiser@demo.test');
    try {
      await navigate(advertiser.page, `/booking/update/${running.id}`);
      await settle(advertiser.page, text('title_update'));
      await advertiser.page.locator('input[name=name]').waitFor();
      expect(await advertiser.page.inputValue('input[name=name]')).toBe('Summer Sale 2026');
      expect(await advertiser.page.isDisabled('input[name=start]')).toBe(true);
      expect(await advertiser.page.isEnabled('input[name=dailyBudget]')).toBe(true);
      expect(await advertiser.page.locator('[data-field=start]').textContent()).toContain(text('start_locked'));
      await expectNoEnglish(advertiser.page, `/booking/update/${running.id}`);
      await shot(advertiser.page, 'wizard-6-update-running');
      // The same page in English.
      await switchLanguage(advertiser.page, 'en');
      await settle(advertiser.page, english('app.booking_wizard.title_update'));
      await expect.poll(() => advertiser.page.locator('[data-field=start]').textContent()).toContain(english('app.booking_wizard.start_locked'));
      await expectNoEnglish(advertiser.page, `/booking/update/${running.id} in English`);
    } finally {
      await advertiser.close();
    }

    const phone = await signIn(harness, 'advertiser@demo.test', { screen: 'phone' });
    try {
      await navigate(phone.page, '/booking/create');
      await settle(phone.page, text('title_create'));
      await expectNoEnglish(phone.page, '/booking/create on a phone');
      await shot(phone.page, 'wizard-8-phone');
      expect(phone.problems).toEqual([]);
    } finally {
      await phone.close();
    }

    const viewer = await signIn(harness, 'viewer@demo.test');
    try {
      await navigate(viewer.page, `/booking/update/${running.id}`);
      await settle(viewer.page, text('title_update'));
      await viewer.page.getByTestId('read-only').waitFor();
      expect(await viewer.page.isDisabled('input[name=name]')).toBe(true);
      expect(await viewer.page.locator('button[name=submit]').count()).toBe(0);
      await expectNoEnglish(viewer.page, `/booking/update/${running.id} as viewer`);
      await switchLanguage(viewer.page, 'en');
      await viewer.page.getByTestId('read-only').waitFor();
      await settle(viewer.page, english('app.booking_wizard.title_update'));
      await expectNoEnglish(viewer.page, `/booking/update/${running.id} as viewer in English`);
    } finally {
      await viewer.close();
    }
  }, 120_000);

  it('shows the creative service\'s real banners in frames of their sizes, and books them', async () => {
    const { page, close } = await signIn(harness, 'advertiser@demo.test');
    try {
      const drawing = await page.context().newPage();
      const logo = await drawnPng(drawing, 'LOGO', 200, 200);
      const product = await drawnPng(drawing, 'Produkt', 400, 400);
      await navigate(page, '/booking/create');
      await settle(page, text('title_create'));
      await page.fill('input[name=name]', 'Kreativ-Service Test');
      await page.check('input[name=channel-dv360]');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.target'));
      await page.fill('input[name=target]', 'https://shop.example.com/');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.creatives'));

      await page.click('button[name=mode-service]');
      await page.setInputFiles('input[name=service-logo]', { name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await page.setInputFiles('input[name=service-productImage]', { name: 'product.png', mimeType: 'image/png', buffer: product });
      await page.fill('input[name="creativeService.slogan"]', 'Warm durch den Winter');
      await page.fill('input[name="creativeService.productName"]', 'Daunenjacke');
      await page.click(`button:has-text("${text('service.preview')}")`);
      const frames = page.getByTestId('service-previews').locator('iframe');
      await frames.first().waitFor();
      const sizes = await frames.evaluateAll((list) => list.map((frame) => `${frame.getAttribute('width')}x${frame.getAttribute('height')}`));
      expect(sizes).toContain('300x250');
      for (const frame of page.frames()) await frame.waitForLoadState('load');
      // Chromium paints a frame once it has been in view
      for (const frame of await frames.all()) await frame.scrollIntoViewIfNeeded();
      await expectNoEnglish(page, 'step 3 with the creative service');
      await shot(page, 'wizard-7-creative-service');
      await next(page);
      await expect.poll(() => activeStep(page)).toBe(text('steps.review'));
      await page.click('button[name=submit]');
      await page.waitForURL((url) => url.pathname === '/bookings');

      // The platform generates the banners (one per standard size); the booking detail shows them.
      const row = page.locator('tbody tr:has([data-booking="Kreativ-Service Test"])');
      await row.locator('[data-action="publish"]').waitFor({ timeout: 60_000 });
      await row.locator('[data-action="details"]').click();
      const detail = page.getByRole('dialog');
      await expect.poll(() => detail.textContent(), { timeout: 10_000 }).toContain('728×90');
      expect(await detail.textContent()).toContain('300×250');
      const generated = detail.getByTestId('creative-frame');
      expect(await generated.count()).toBe(6);
      await expectNoEnglish(page, 'the detail of generated banners');
      for (const frame of await generated.all()) await frame.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/wizard-11-generated-banners.png` });
    } finally {
      await close();
    }
  }, 120_000);
});

/**
 * A booking link of another advertiser than the selected one (SPEC sections 4 and 8, as the report link does): the
 * agency with Agency Client Two selected opens a Client One booking; the server moves the selection (406), the admin
 * reloads with Client One selected and shows the booking, saying why. A booking of an advertiser the user does not
 * reach is the portal's 403 page, its name nowhere.
 */
describe.each(LANGUAGES)('a booking link of another advertiser (%s)', (language) => {
  const idOf = async (model: string, name: string) => String(((await harness.server.core.model(model).findOne({ where: { name }, raw: true })) as { id: string }).id);
  const selection = (page: Page) => page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS.selectedAdvertiser);

  it('switches the agency to the booking\'s advertiser and opens it; another advertiser\'s booking is the 403 page', async () => {
    const [one, two] = [await idOf('advertiser', 'Agency Client One'), await idOf('advertiser', 'Agency Client Two')];
    const [clientOne, otherShop] = [await idOf('booking', 'Client One Always-On'), await idOf('booking', 'Other Shop Launch')];
    const token = await harness.server.token('agency@demo.test');
    expect((await harness.server.api('/api/auth/login', { method: 'PATCH', token, body: { selectedAdvertiser: two } })).status).toBe(200);
    const title = translatorFor(language)('app.booking_wizard.title_update');

    const agency = await signIn(harness, 'agency@demo.test', { language });
    try {
      expect(await selection(agency.page)).toBe(two);
      // The link, opened as a link from a mail is: a page load.
      await agency.page.goto(`${harness.server.url}/booking/update/${clientOne}`);
      await settle(agency.page, title, { timeout: 30_000 });
      await agency.page.locator('input[name=name]').waitFor();
      expect(await agency.page.inputValue('input[name=name]')).toBe('Client One Always-On');
      expect(pathname(agency.page)).toBe(`/booking/update/${clientOne}`);
      await agency.page.getByText(translate(language, 'errors.selection_followed_advertiser', { name: 'Agency Client One' })).waitFor();
      expect(await selection(agency.page)).toBe(one);
      expect(await agency.page.getByTestId('wizard-error').count()).toBe(0);
      await expectNoEnglish(agency.page, '/booking/update of another client after the selection followed the link', language);
      await shot(agency.page, `wizard-link-switched-${language}`);
      expect(besides(agency.problems, 406)).toEqual([]);
    } finally {
      await agency.close();
    }

    const advertiser = await signIn(harness, 'advertiser@demo.test', { language });
    try {
      await advertiser.page.goto(`${harness.server.url}/booking/update/${otherShop}`);
      await advertiser.page.waitForURL((url) => url.pathname === '/403', { timeout: 30_000 });
      await advertiser.page.waitForFunction((expected) => document.title === expected, language === 'de' ? 'Keine Berechtigung | AdSuite' : 'Access denied | AdSuite');
      expect(await advertiser.page.locator('body').innerText()).not.toContain('Other Shop Launch');
      await shot(advertiser.page, `wizard-link-forbidden-${language}`);
    } finally {
      await advertiser.close();
    }
  }, 120_000);
});
