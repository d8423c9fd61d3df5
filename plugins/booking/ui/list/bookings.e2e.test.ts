/**
 * The bookings list in Chromium against the real server (SPEC sections 2, 4 and 8): the advertiser sees its
 * bookings, opens the detail, publishes a pending booking, pauses, resumes and cancels (after a confirmation);
 * the viewer sees the same bookings without publish, edit or cancel controls. A line item's screen shows the server's
 * field errors at their inputs and offers saving anyway when its channel refuses; an agency sets its frequency caps
 * and delivery hours there (stored, shown again after a reload), its co-worker changes them too, which an advertiser
 * may not. The screens run in
 * German and in English (the lifecycle once, in German; its English pass opens the same dialogs and changes
 * nothing); the German run shows no English sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QueryTypes } from 'sequelize';
import { resourceByName } from '@adsuite/config';
import { valueLabels } from '@adsuite/config/i18n/index';
import {
  account, english, expectNoEnglish, german, LANGUAGES, navigate, settle, shot, signIn, startHarness, translatorFor, type Harness, type Language,
} from '../../../../admin/test/browser.ts';

const ADVERTISER = 'advertiser@demo.test';
const VIEWER = 'viewer@demo.test';
const ADMIN = 'admin@demo.test';
const SYSOP = 'sysop@demo.test';
const AGENCY = 'agency@demo.test';
const COWORKER = 'coworker@demo.test';
const NOWHERE = '00000000-0000-4000-8000-000000000000';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 600_000);

afterAll(async () => {
  await harness?.browser.close();
  await harness?.server.stop();
});

const row = (page: Page, name: string) => page.locator(`tbody tr:has([data-booking="${name}"])`);
const action = (page: Page, name: string, which: string) => row(page, name).locator(`[data-action="${which}"]`);
const badge = (page: Page, name: string) => row(page, name).locator('[data-status]');
const toast = (page: Page, key: string) => page.getByText(german(key), { exact: false }).first();
/** The helper text under the input of `source`: its help, or its error. */
const helpOf = (page: Page, source: string) => page.locator(`.ra-input-${source} .MuiFormHelperText-root`);

async function closeDialog(page: Page, button: string, translate = german) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: translate(button) }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function openBookings(page: Page, translate = german) {
  await navigate(page, '/bookings');
  await settle(page, translate('app.bookings.title'));
  await page.locator('tbody tr [data-booking]').first().waitFor();
}

/** The demo data's Demo Shop bookings, read through the API as the advertiser sees them. */
async function bookingsOf(email: string): Promise<Record<string, Record<string, any>>> {
  const who = await account(harness, email);
  const response = await harness.server.api('/api/booking?range=[0,99]', { token: who.token, headers: who.headers });
  const list = (await response.json()) as Record<string, any>[];
  return Object.fromEntries(list.map((booking) => [booking.name, booking]));
}

describe.each(LANGUAGES)('the bookings list in %s', (language: Language) => {
  const t = translatorFor(language);

  it('shows the viewer its bookings but no publish, edit, pause or cancel controls', async () => {
    const { page, close } = await signIn(harness, VIEWER, { language });
    try {
      await openBookings(page, t);
      await expect.poll(() => page.locator('tbody tr [data-booking]').count()).toBeGreaterThanOrEqual(3);
      await expect(row(page, 'Brand Awareness Q4').count()).resolves.toBe(1);
      for (const control of ['publish', 'edit', 'pause', 'resume', 'more', 'cancel']) {
        expect(await page.locator(`tbody [data-action="${control}"]`).count(), control).toBe(0);
      }
      // Looking stays allowed: the detail opens.
      await action(page, 'Summer Sale 2026', 'details').click();
      await page.getByRole('dialog').getByTestId('allocation-legend').waitFor();
      await expectNoEnglish(page, '/bookings detail as viewer', language);
      await shot(page, `bookings-viewer-detail-${language}`);
    } finally {
      await close();
    }
  }, 120_000);

  it('names the channels that did not take a published booking', async () => {
    // A pending booking whose Outbrain share (10 EUR a day) is below Outbrain's minimum of 30: the network refuses it.
    const name = language === 'de' ? 'Teilweise veröffentlicht' : 'Partly published';
    const { core } = harness.server;
    const shop = (await core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as unknown as { id: string };
    const banner = (await core.model('banner').create({
      advertiser: shop.id, name: `${name} 300x250`, bannerType: 'image_ad', width: 300, height: 250, downloadLink: 'https://shop.demo.test/media/300x250.png',
    })).get({ plain: true }) as { id: string; name: string; bannerType: string };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await core.model('booking').create({
      name, advertiser: shop.id, status: 'pending', goal: 'clicks', dailyBudget: 2_000, start: day(0), end: day(30),
      channels: ['platform161', 'outbrain'], allocation: [], target: 'https://shop.demo.test/landing',
      creatives: [{ id: banner.id, name: banner.name, bannerType: banner.bannerType, channels: ['platform161', 'outbrain'] }],
    });
    const { page, close } = await signIn(harness, ADVERTISER, { language });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openBookings(page, t);
      await action(page, name, 'publish').click();
      const warning = page.getByText(t('app.bookings.notify.published_with_errors', { channels: 'Outbrain' }));
      await warning.waitFor({ timeout: 120_000 });
      await expectNoEnglish(page, '/bookings published with errors', language);
      await shot(page, `bookings-published-with-errors-${language}`);
      await page.setViewportSize({ width: 375, height: 740 });
      await shot(page, `bookings-published-with-errors-phone-${language}`);
    } finally {
      await close();
    }
  }, 180_000);

  it('says \'No results found\' when a search matches no booking, and the wizard writes its dates DD-MM-YYYY', async () => {
    const { page, problems, close } = await signIn(harness, ADVERTISER, { language });
    try {
      await openBookings(page, t);
      await page.locator('input[name=q]').fill('no booking is called like this');
      await page.getByTestId('no-results').filter({ hasText: t('app.bookings.no_results') }).waitFor();
      expect(await page.getByText(t('app.bookings.empty')).count()).toBe(0);
      expect(await page.getByRole('link', { name: t('app.bookings.create') }).count()).toBe(0);
      await expectNoEnglish(page, '/bookings without a match', language);
      await shot(page, `bookings-no-results-${language}`);

      // The booking wizard's start and end: DD-MM-YYYY whatever the browser's locale, typed the same way.
      await navigate(page, '/booking/create');
      const start = page.locator('input[name=start]');
      await start.waitFor();
      const ddmmyyyy = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');
      expect(await start.inputValue()).toBe(ddmmyyyy(0));
      expect(await page.locator('input[name=end]').inputValue()).toBe(ddmmyyyy(30));
      await page.locator('input[name=end]').fill(ddmmyyyy(40));
      await page.locator('input[name=end]').blur();
      expect(await page.locator('input[name=end]').inputValue()).toBe(ddmmyyyy(40));
      await expectNoEnglish(page, '/booking/create dates', language);
      await shot(page, `booking-wizard-dates-${language}`);
      expect(problems.filter((problem) => !problem.includes('status of'))).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('gives the systemoperator an advertiser filter and column', async () => {
    const { page, close } = await signIn(harness, SYSOP, { language });
    try {
      await openBookings(page, t);
      await page.getByLabel(t('app.bookings.advertiser_filter')).first().waitFor();
      await page.locator('thead').getByText(t('resources.booking.fields.advertiser')).waitFor();
      await page.locator('tbody').getByText('Other Shop AG').first().waitFor();
      await expectNoEnglish(page, '/bookings as systemoperator', language);
      await shot(page, `bookings-sysop-${language}`);
    } finally {
      await close();
    }
  }, 120_000);

  it('lets an administrator edit a booking template and see the bookings made from it', async () => {
    const { page, close } = await signIn(harness, ADMIN, { language });
    try {
      await navigate(page, '/bookingtemplate');
      await settle(page, t('app.booking_templates.title'));
      const template = page.locator('tbody tr', { hasText: 'Demo Shop Standard' });
      await template.locator('[data-action="template-bookings"]').click();
      await page.getByRole('dialog').getByTestId('template-bookings').waitFor();
      await expectNoEnglish(page, '/bookingtemplate bookings dialog', language);
      await shot(page, `templates-bookings-dialog-${language}`);
      await page.getByRole('dialog').getByRole('button', { name: t('ra.action.close') }).click();
      await expectNoEnglish(page, '/bookingtemplate', language);
      await shot(page, `templates-list-${language}`);

      await template.getByRole('link', { name: t('ra.action.edit') }).click();
      await settle(page, t('app.booking_templates.edit_title'), { startsWith: true });
      expect(await page.locator('input[name="channel-facebook"]').isChecked()).toBe(true);
      await page.fill('input[name="maxDailyBudget"]', '2');
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      await page.getByText(t('app.booking_templates.max_below_min')).first().waitFor();
      await expectNoEnglish(page, '/bookingtemplate/update/:id with the maximum refused', language);
      // Each run saves a maximum of its own (the form saves only a change).
      const maximum = language === 'de' ? '250' : '300';
      await page.fill('input[name="maxDailyBudget"]', maximum);
      await shot(page, `templates-edit-${language}`);
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      await page.waitForURL((url) => url.pathname === '/bookingtemplate');
      await page.locator('tbody tr', { hasText: `${maximum},00` }).waitFor();
    } finally {
      await close();
    }
  }, 120_000);

  it('shows line items with their bid options and offers to save anyway when the server refuses', async () => {
    const { page, close } = await signIn(harness, ADMIN, { language });
    try {
      await navigate(page, '/lineitems');
      await settle(page, t('app.lineitems.title'));
      await page.fill('input[name="q"]', 'Summer Sale');
      await page.locator('tbody tr', { hasText: 'Summer Sale 2026 / Facebook' }).waitFor();
      await expectNoEnglish(page, '/lineitems', language);
      await shot(page, `lineitems-list-${language}`);
      await page.locator('tbody tr', { hasText: 'Summer Sale 2026 / Facebook' }).click();
      await settle(page, t('app.lineitems.edit_title'), { startsWith: true });
      await page.getByText(t('app.lineitems.target.CPC')).first().waitFor();
      await expectNoEnglish(page, '/lineitem/update/:id', language);
      await shot(page, `lineitem-edit-${language}`);
      // A bid the server refuses: its message at the bid's input (SPEC section 8), nothing saved, no offer to save anyway.
      await page.fill('input[name="bidPrice"]', '-5');
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      const bidError = helpOf(page, 'bidPrice');
      await expect.poll(() => bidError.textContent()).toMatch(language === 'de' ? /Gebot/ : /Bid price/);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expectNoEnglish(page, '/lineitem/update/:id with a field error', language);
      await shot(page, `lineitem-field-error-${language}`);
      await page.fill('input[name="bidPrice"]', '0.45');
      // A daily budget Facebook does not take: the line item cannot be saved, the user may save anyway and activate later.
      await page.fill('input[name="dailyBudget"]', '1');
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      const refused = page.getByRole('dialog');
      await refused.getByText(t('app.lineitems.cannot_save')).waitFor();
      await refused.locator('[data-action="force-save"]').waitFor();
      await expectNoEnglish(page, '/lineitem/update/:id refused', language);
      await shot(page, `lineitem-cannot-save-${language}`);
      await refused.getByRole('button', { name: t('app.action.forget_it') }).click();

      // A line item that does not exist: the screen says so and stays.
      await navigate(page, `/lineitem/update/${NOWHERE}`);
      await settle(page, t('app.lineitems.edit_title'));
      await page.getByTestId('not-found').waitFor();
      await expectNoEnglish(page, '/lineitem/update/(unknown)', language);
      expect(await page.locator('.RaNotification-error').count()).toBe(0);
    } finally {
      await close();
    }
  }, 120_000);
});

/** A demo campaign's line item on `channel`. */
async function lineitemOf(campaign: string, channel: string): Promise<{ id: string }> {
  const [line] = await harness.server.core.sequelize.query<{ id: string }>(
    'SELECT l.id FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = $2', { bind: [campaign, channel], type: QueryTypes.SELECT });
  return line;
}

/** Makes `values` the choice of the multiple select of `source`, closing its list. */
async function pick(page: Page, source: string, values: readonly string[]) {
  await page.locator(`.ra-input-${source} [role=combobox]`).click();
  const options = page.locator('li[role=option]');
  await options.first().waitFor();
  for (const option of await options.all()) {
    const chosen = (await option.getAttribute('aria-selected')) === 'true';
    if (chosen !== values.includes((await option.getAttribute('data-value')) ?? '')) await option.click();
  }
  await page.keyboard.press('Escape');
  await page.locator('[role=listbox]').waitFor({ state: 'detached' });
}

describe.each(LANGUAGES)('a line item\'s delivery limits in %s', (language: Language) => {
  const t = translatorFor(language);
  const declared = resourceByName.lineitem.fields;
  // Each language's run sets values of its own on Agency Client One's display line item.
  const wanted = language === 'de'
    ? { capDay: 3, capTotal: 12, deliveryDays: ['1', '2'], deliveryHours: ['8', '9'] }
    : { capDay: 5, capTotal: 40, deliveryDays: ['6'], deliveryHours: ['20', '21', '22'] };

  it('an agency sets frequency caps and delivery hours: stored, and shown again after a reload', async () => {
    const line = await lineitemOf('Client One Always-On', 'platform161');
    const { page, problems, close } = await signIn(harness, AGENCY, { language, screen: 'laptop' });
    try {
      await navigate(page, `/lineitem/update/${line.id}`);
      await settle(page, t('app.lineitems.edit_title'), { startsWith: true });
      await page.getByText(t('app.lineitems.sections.limits')).waitFor();
      // The declaration's labels and help texts, as on the generated form.
      for (const source of ['capDay', 'capTotal', 'deliveryDays', 'deliveryHours', 'pacing'] as const) {
        await page.getByText(declared[source].label[language], { exact: true }).first().waitFor();
        await page.getByText(declared[source].help![language], { exact: true }).waitFor();
      }
      // The declaration's bounds, checked before anything is sent.
      await page.fill('input[name="capDay"]', '0');
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      const capDayHelp = helpOf(page, 'capDay');
      await expect.poll(() => capDayHelp.textContent()).not.toBe(declared.capDay.help![language]);
      expect(await capDayHelp.textContent()).toBe(language === 'de' ? 'Muss mindestens 1 sein' : 'Must be at least 1');
      await page.fill('input[name="capDay"]', String(wanted.capDay));
      await page.fill('input[name="capTotal"]', String(wanted.capTotal));
      await pick(page, 'deliveryDays', wanted.deliveryDays);
      await pick(page, 'deliveryHours', wanted.deliveryHours);
      await page.locator('input[name="capTotal"]').scrollIntoViewIfNeeded();
      await expectNoEnglish(page, '/lineitem/update/:id delivery limits', language);
      await shot(page, `lineitem-limits-${language}`);
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await shot(page, `lineitem-limits-phone-${language}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      await page.waitForURL((url) => url.pathname === '/lineitems');

      // Stored as set (the API's read)...
      const agency = await account(harness, AGENCY);
      const stored = await (await harness.server.api(`/api/lineitem/${line.id}`, { token: agency.token, headers: agency.headers })).json();
      expect({ capDay: stored.capDay, capTotal: stored.capTotal, deliveryDays: stored.deliveryDays, deliveryHours: stored.deliveryHours }).toEqual(wanted);
      // ...and shown again when the screen is loaded anew.
      await page.goto(`${harness.server.url}/lineitem/update/${line.id}`);
      await settle(page, t('app.lineitems.edit_title'), { startsWith: true });
      await expect.poll(() => page.locator('input[name="capDay"]').inputValue()).toBe(String(wanted.capDay));
      expect(await page.locator('input[name="capTotal"]').inputValue()).toBe(String(wanted.capTotal));
      const hourLabel = (hour: string) => t(`resources.lineitem.values.deliveryHours.${hour}`);
      for (const hour of wanted.deliveryHours) await page.locator('.ra-input-deliveryHours').getByText(hourLabel(hour), { exact: true }).waitFor();
      for (const day of wanted.deliveryDays) await page.locator('.ra-input-deliveryDays').getByText(t(`resources.lineitem.values.deliveryDays.${day}`), { exact: true }).waitFor();
      await page.locator('input[name="capTotal"]').scrollIntoViewIfNeeded();
      await shot(page, `lineitem-limits-reloaded-${language}`);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it('a co-worker of the agency opens the same screen with the stored values and the default pacing, and changes a cap', async () => {
    const line = await lineitemOf('Client One Always-On', 'platform161');
    const { page, problems, close } = await signIn(harness, COWORKER, { language, screen: 'laptop' });
    try {
      await navigate(page, `/lineitem/update/${line.id}`);
      await settle(page, t('app.lineitems.edit_title'), { startsWith: true });
      await page.getByText(t('app.lineitems.sections.limits')).waitFor();
      await expect.poll(() => page.locator('input[name="capDay"]').inputValue()).toBe(String(wanted.capDay));
      // The demo line item paces as every line item does by default: its select shows it.
      await page.locator('.ra-input-pacing').getByText(valueLabels[language].evenly, { exact: true }).waitFor();
      await page.fill('input[name="capDay"]', String(wanted.capDay + 1));
      await page.getByRole('button', { name: t('ra.action.save') }).click();
      await page.waitForURL((url) => url.pathname === '/lineitems');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    const coworker = await account(harness, COWORKER);
    const stored = await (await harness.server.api(`/api/lineitem/${line.id}`, { token: coworker.token, headers: coworker.headers })).json();
    expect({ capDay: stored.capDay, capTotal: stored.capTotal }).toEqual({ capDay: wanted.capDay + 1, capTotal: wanted.capTotal });
  }, 120_000);

  it('an advertiser, who may not write them, does not reach the screen, and the API refuses its write', async () => {
    const line = await lineitemOf('Summer Sale 2026', 'platform161');
    const { page, close } = await signIn(harness, ADVERTISER, { language, screen: 'laptop' });
    try {
      await navigate(page, `/lineitem/update/${line.id}`);
      await page.waitForURL((url) => url.pathname === '/403');
      expect(await page.locator('input[name="capDay"]').count()).toBe(0);
    } finally {
      await close();
    }
    const advertiser = await account(harness, ADVERTISER);
    const put = await harness.server.api(`/api/lineitem/${line.id}`, { method: 'PUT', token: advertiser.token, headers: advertiser.headers, body: { capDay: 1 } });
    expect(put.status).toBe(403);
    const read = await (await harness.server.api(`/api/lineitem/${line.id}`, { token: advertiser.token, headers: advertiser.headers })).json();
    expect(read.capDay ?? null).toBeNull();
  }, 120_000);
});

describe('the bookings lifecycle', () => {
  it('lets the advertiser open the detail, publish a pending booking, pause, resume and cancel', async () => {
    const { page, close } = await signIn(harness, ADVERTISER);
    try {
      await openBookings(page);
      await expectNoEnglish(page, '/bookings as advertiser');
      await shot(page, 'bookings-advertiser-list');
      expect(await badge(page, 'Brand Awareness Q4').getAttribute('data-status')).toBe('pending');

      // The read-only detail: budget per day, runtime, target host, allocation doughnut with legend.
      await action(page, 'Summer Sale 2026', 'details').click();
      const detail = page.getByRole('dialog');
      await detail.getByTestId('allocation-legend').waitFor();
      const text = await detail.textContent();
      expect(text).toContain(german('app.bookings.per_day'));
      expect(text).toContain('shop.demo.test');
      expect(await detail.locator('[data-testid="allocation-legend"] li').count()).toBe(3);
      // Its creatives as previews: the search ad as its text (the seeded image's address is on a host of the demo data).
      await detail.getByTestId('creative-search-ad').getByText('Demo Shop GmbH sale | Free delivery | Order today').waitFor();
      expect(await detail.locator(`[data-fact="${german('app.bookings.detail.locations')}"]`).textContent()).toBe('Berlin, Germany');
      await expectNoEnglish(page, '/bookings detail');
      await shot(page, 'bookings-detail');
      await detail.getByRole('button', { name: german('ra.action.close') }).click();
      await detail.waitFor({ state: 'detached' });

      // The list as CSV.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-action="export"]').click()]);
      expect(download.suggestedFilename()).toBe('bookings.csv');

      // Information, container code, and the end date and channel dialogs.
      await action(page, 'Summer Sale 2026', 'information').click();
      await page.getByRole('dialog').getByText(german('app.bookings.info.explain.active')).waitFor();
      await expectNoEnglish(page, '/bookings information');
      await shot(page, 'bookings-information');
      await closeDialog(page, 'ra.action.close');
      await action(page, 'Summer Sale 2026', 'container_code').click();
      await page.getByTestId('booking-container-script').waitFor();
      await expectNoEnglish(page, '/bookings container code');
      await closeDialog(page, 'ra.action.close');
      await action(page, 'Summer Sale 2026', 'more').click();
      await page.getByRole('menuitem', { name: german('app.bookings.action.channels') }).click();
      await page.getByRole('dialog').locator('input[name="channel-facebook"]').waitFor();
      expect(await page.getByRole('dialog').locator('input[name="channel-facebook"]').isChecked()).toBe(true);
      await expectNoEnglish(page, '/bookings channels');
      await shot(page, 'bookings-channels');
      await closeDialog(page, 'app.action.forget_it');
      await action(page, 'Summer Sale 2026', 'more').click();
      await page.getByRole('menuitem', { name: german('app.bookings.action.extend') }).click();
      await page.getByRole('dialog').locator('input[name="end"]').fill('2027-01-31');
      await expectNoEnglish(page, '/bookings extend');
      await shot(page, 'bookings-extend');
      await page.getByRole('dialog').getByRole('button', { name: german('app.bookings.extend.save') }).click();
      await toast(page, 'app.bookings.notify.extended').waitFor();
      await row(page, 'Summer Sale 2026').getByText('31-01-2027').waitFor();

      // Publish the pending booking ('Click to publish').
      await action(page, 'Brand Awareness Q4', 'publish').click();
      const published = page.getByText(new RegExp(`${german('app.bookings.notify.published')}|${german('app.bookings.notify.published_with_errors', { channels: '.+' })}`, 'i')).first();
      await published.waitFor({ timeout: 120_000 });
      await expect.poll(() => badge(page, 'Brand Awareness Q4').getAttribute('data-status'), { timeout: 20_000 }).not.toBe('pending');
      expect(await action(page, 'Brand Awareness Q4', 'publish').count()).toBe(0);

      // Pause and resume the running campaign.
      await action(page, 'Summer Sale 2026', 'pause').click();
      await toast(page, 'app.bookings.notify.paused').waitFor();
      await expect.poll(() => badge(page, 'Summer Sale 2026').getAttribute('data-status')).toBe('paused');
      await action(page, 'Summer Sale 2026', 'resume').click();
      await toast(page, 'app.bookings.notify.resumed').waitFor();
      await expect.poll(() => badge(page, 'Summer Sale 2026').getAttribute('data-status')).not.toBe('paused');

      // Cancel asks first; 'Forget it' keeps the campaign.
      await action(page, 'Retargeting Evergreen', 'more').click();
      await page.getByRole('menuitem', { name: german('app.bookings.action.cancel') }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByText(german('app.bookings.cancel_confirm.content', { name: 'Retargeting Evergreen' })).waitFor();
      await expectNoEnglish(page, '/bookings cancel confirmation');
      await shot(page, 'bookings-cancel-confirm');
      await confirm.getByRole('button', { name: german('app.action.forget_it') }).click();
      expect(await badge(page, 'Retargeting Evergreen').getAttribute('data-status')).toBe('paused');
      await action(page, 'Retargeting Evergreen', 'more').click();
      await page.getByRole('menuitem', { name: german('app.bookings.action.cancel') }).click();
      await page.getByRole('dialog').getByRole('button', { name: german('app.bookings.cancel_confirm.confirm') }).click();
      await toast(page, 'app.bookings.notify.canceled').waitFor();
      await expect.poll(() => badge(page, 'Retargeting Evergreen').getAttribute('data-group')).toBe('canceled');
      // Canceled bookings have no edit link and no container code.
      expect(await action(page, 'Retargeting Evergreen', 'edit').count()).toBe(0);
      expect(await action(page, 'Retargeting Evergreen', 'container_code').count()).toBe(0);
      await expectNoEnglish(page, '/bookings after the lifecycle');
      await shot(page, 'bookings-after-lifecycle');

      const after = await bookingsOf(ADVERTISER);
      expect(after['Brand Awareness Q4'].status).not.toBe('pending');
      expect(['canceling', 'cancelling', 'canceled']).toContain(after['Retargeting Evergreen'].status);
    } finally {
      await close();
    }
  }, 300_000);

  it('opens the same screens and dialogs in English, changing nothing', async () => {
    const { page, close } = await signIn(harness, ADVERTISER, { language: 'en' });
    try {
      await openBookings(page, english);
      await action(page, 'Summer Sale 2026', 'details').click();
      const detail = page.getByRole('dialog');
      await detail.getByTestId('allocation-legend').waitFor();
      expect(await detail.textContent()).toContain(english('app.bookings.per_day'));
      expect(await detail.locator(`[data-fact="${english('app.bookings.detail.locations')}"]`).textContent()).toBe('Berlin, Germany');
      await shot(page, 'bookings-detail-en');
      await closeDialog(page, 'ra.action.close', english);
      await action(page, 'Summer Sale 2026', 'information').click();
      await page.getByRole('dialog').getByText(english('app.bookings.info.explain.active')).waitFor();
      await closeDialog(page, 'ra.action.close', english);
      await action(page, 'Summer Sale 2026', 'container_code').click();
      await page.getByTestId('booking-container-script').waitFor();
      await closeDialog(page, 'ra.action.close', english);
      for (const [menu, title] of [['channels', 'app.bookings.channels.title'], ['extend', 'app.bookings.extend.title']] as const) {
        await action(page, 'Summer Sale 2026', 'more').click();
        await page.getByRole('menuitem', { name: english(`app.bookings.action.${menu}`) }).click();
        await page.getByRole('dialog').getByText(english(title)).first().waitFor();
        await shot(page, `bookings-${menu}-en`);
        await closeDialog(page, 'app.action.forget_it', english);
      }
      await action(page, 'Summer Sale 2026', 'more').click();
      await page.getByRole('menuitem', { name: english('app.bookings.action.cancel') }).click();
      await page.getByRole('dialog').getByText(english('app.bookings.cancel_confirm.content', { name: 'Summer Sale 2026' })).waitFor();
      await shot(page, 'bookings-cancel-confirm-en');
      await closeDialog(page, 'app.action.forget_it', english);
      expect(await badge(page, 'Summer Sale 2026').getAttribute('data-group')).toBe('active');
    } finally {
      await close();
    }
  }, 120_000);
});
