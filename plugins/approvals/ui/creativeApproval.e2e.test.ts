/**
 * Creative approval in Chromium, in German and in English (issue 14): the advertiser books with two uploaded
 * creatives on Platform 161 and Facebook; the booking waits for approval. The administrator opens /approvals,
 * filters by the booking, reviews per channel (the cycle approve -> reject asks for a reason, which cannot be
 * confirmed empty), is refused saving while a channel is not reviewed, saves both (Saved); the booking goes on to
 * pending and the advertiser sees it ready to publish. The stored reviews are checked through the API; the German
 * run shows no English sentence; screenshots at 1280 and 390 px. A live line item's new bid, saved by the agency,
 * shows on its edit screen as waiting for approval, and so do the changed creatives it holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, today } from '@adsuite/config/booking/index';
import type { Row } from '@adsuite/backend/kit';
import {
  besides, expectNoEnglish, LANGUAGES, navigate, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { png } from '../../booking/server/testkit.ts';
import { messages } from './messages.ts';

let harness: Harness;
const bookings: Record<Language, Row & { id: string }> = {} as never;

async function upload(token: string, color: [number, number, number]): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png(300, 250, color))]), 'creative.png');
  const res = await fetch(`${harness.server.url}/api/booking/files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { id: string }).id;
}

/** A booking as the wizard makes it, with two uploaded creatives for Platform 161 and Facebook, prepared by the job queue. */
async function book(name: string): Promise<Row & { id: string }> {
  const token = await harness.server.token('advertiser@demo.test');
  const creative = async (label: string, color: [number, number, number]) => ({ name: label, bannerType: 'image_ad', width: 300, height: 250, file: await upload(token, color), channels: ['platform161', 'facebook'] });
  const res = await harness.server.api('/api/booking', {
    method: 'POST', token,
    body: {
      name, goal: 'clicks', dailyBudget: 30, start: today(), end: addDays(today(), 30), channels: ['platform161', 'facebook'], pacing: 'evenly',
      specialCategory: 'none', callToAction: 'BUY_NOW', target: 'https://shop.demo.test/review',
      creatives: [await creative(`${name} Sommer`, [200, 40, 40]), await creative(`${name} Herbst`, [40, 120, 200])],
    },
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as Row & { id: string };
  await harness.server.core.jobs.drain();
  return created;
}

const status = async (id: string) => ((await harness.server.core.model('booking').findByPk(id, { raw: true })) as Row).status;

beforeAll(async () => {
  harness = await startHarness();
  for (const language of LANGUAGES) bookings[language] = await book(`Freigabe ${language.toUpperCase()}`);
  for (const language of LANGUAGES) expect(await status(bookings[language].id)).toBe('waiting for approval');
}, 300_000);

afterAll(() => stopHarness(harness));

describe.each(LANGUAGES)('creative approval in %s', (language: Language) => {
  const text = (key: string, values: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[language]) as string;
    return found.replace(/%\{(\w+)\}/g, (_whole, name: string) => String(values[name]));
  };
  const card = (page: Page, name: string) => page.locator(`[data-item="${name}"]`);
  const channel = (page: Page, name: string, key: string) => card(page, name).locator(`button[data-channel="${key}"]`);

  it('reviews a new booking\'s creatives per channel: one rejected with a reason, the rest approved; the advertiser sees it ready to publish', async () => {
    const booking = bookings[language];
    const [summer, autumn] = [`${booking.name} Sommer`, `${booking.name} Herbst`];
    const { page, problems, close } = await signIn(harness, 'admin@demo.test', { language });
    await navigate(page, '/approvals');
    await settle(page, translatorFor(language)('app.approvals.title'));
    await page.getByText(text('how')).waitFor();
    await expect.poll(async () => Number(await page.getByTestId('count-banner').locator('.MuiBadge-badge').textContent())).toBeGreaterThanOrEqual(2);

    // Every preview of the first page shows its image: the demo's are the product's own, uploads this server's.
    await page.getByTestId('preview-image').first().waitFor();
    await expect.poll(() => page.getByTestId('preview-image').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
      .not.toContain(false);
    // Filter by the booking: its two creatives, every channel not reviewed.
    await page.locator('input[name=filter-booking]').fill(String(booking.name));
    await page.getByRole('option', { name: String(booking.name) }).click();
    await expect.poll(() => page.locator('[data-item]').count()).toBe(2);
    await card(page, summer).getByTestId('preview-image').waitFor();
    expect(await channel(page, summer, 'facebook').getAttribute('data-status')).toBe('not_reviewed');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, `approvals-open-${language}`);
    await expectNoEnglish(page, '/approvals', language);

    // Saving with a channel not reviewed is refused.
    await channel(page, summer, 'platform161').click();
    await card(page, summer).locator('button[name=save]').click();
    expect(await card(page, summer).getByTestId('review-problem').textContent()).toBe(text('not_reviewed', { channel: 'Facebook' }));

    // Facebook: not reviewed -> approved -> rejected, which asks for the reason (not confirmable empty).
    await channel(page, summer, 'facebook').click();
    expect(await channel(page, summer, 'facebook').getAttribute('data-status')).toBe('approved');
    await channel(page, summer, 'facebook').click();
    const dialog = page.getByTestId('reject-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('button[name=confirm]').isDisabled()).toBe(true);
    await dialog.locator('textarea[name=reason]').fill('   ');
    expect(await dialog.locator('button[name=confirm]').isDisabled()).toBe(true);
    const reason = language === 'de' ? 'Schrift auf dem Handy unlesbar' : 'Text unreadable on phones';
    await dialog.locator('textarea[name=reason]').fill(reason);
    await dialog.locator('textarea[name=comment]').fill(language === 'de' ? 'Bitte größer schreiben' : 'Please use a larger font');
    await shot(page, `approvals-reject-dialog-${language}`);
    await dialog.locator('button[name=confirm]').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await channel(page, summer, 'facebook').getAttribute('data-status')).toBe('rejected');
    await card(page, summer).locator('button[name=save]').click();
    await card(page, summer).getByTestId('saved').waitFor();
    expect(await card(page, summer).getByTestId('saved').textContent()).toBe(text('saved'));
    // Saved: the decisions stay shown, no longer clickable, with the reason.
    expect(await card(page, summer).locator('button[data-channel]').count()).toBe(0);
    expect(await card(page, summer).locator('[data-channel="facebook"]').getAttribute('data-status')).toBe('rejected');
    expect(await card(page, summer).locator('[data-reason="facebook"]').textContent()).toContain(reason);

    // The other creative: both channels approved.
    await channel(page, autumn, 'platform161').click();
    await channel(page, autumn, 'facebook').click();
    await card(page, autumn).locator('button[name=save]').click();
    await card(page, autumn).getByTestId('saved').waitFor();
    await shot(page, `approvals-saved-${language}`);
    await expectNoEnglish(page, '/approvals after saving', language);
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, `approvals-saved-phone-${language}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(besides(problems)).toEqual([]);
    await close();

    // Stored as decided, by the administrator; the booking went on to pending.
    const [saved] = (await harness.server.core.model('banner').findAll({ where: { name: summer }, raw: true })) as Row[];
    expect(saved.reviews).toMatchObject({ platform161: { status: 'approved' }, facebook: { status: 'rejected', reason } });
    await harness.server.core.jobs.drain();
    expect(await status(booking.id)).toBe('pending');

    // The advertiser sees the booking ready to publish.
    const advertiser = await signIn(harness, 'advertiser@demo.test', { language });
    await navigate(advertiser.page, '/bookings');
    const row = advertiser.page.locator(`tbody tr:has([data-booking="${booking.name}"])`);
    await row.locator('[data-action="publish"]').waitFor({ timeout: 30_000 });
    expect(await row.locator('[data-status]').first().getAttribute('data-status')).toBe('pending');
    await shot(advertiser.page, `approvals-advertiser-bookings-${language}`);
    await advertiser.close();
  });

  it('shows the agency a live line item\'s new bid waiting for approval, with its old and new value', async () => {
    const [lineitem] = (await harness.server.core.model('lineitem').findAll({ where: { name: 'Client One Always-On / Platform 161' }, raw: true })) as Row[];
    const token = await harness.server.token('agency@demo.test');
    const saved = await harness.server.api(`/api/lineitem/${String(lineitem.id)}`, { method: 'PUT', token, body: { bidPrice: 0.9 } });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Row).bidPrice).toBe(Number(lineitem.bidPrice) / 100);
    // A creative whose content changed while live waits off the line item (plugins/booking publishing/bannerReview.ts).
    const [banner] = (await harness.server.core.model('banner').findAll({ where: { advertiser: lineitem.advertiser }, raw: true, limit: 1 })) as Row[];
    await harness.server.core.model('lineitem').update({ heldCreatives: [banner.id] }, { where: { id: lineitem.id } });
    const { page, problems, close } = await signIn(harness, 'agency@demo.test', { language });
    await navigate(page, `/lineitem/update/${String(lineitem.id)}`);
    const pending = page.getByTestId('lineitem-pending');
    await pending.waitFor({ timeout: 30_000 });
    expect(await pending.textContent()).toContain(translatorFor(language)('app.lineitems.pending'));
    expect(await pending.textContent()).toContain('0,90\u00a0€');
    expect(await page.getByTestId('lineitem-held').textContent()).toBe(translatorFor(language)('app.lineitems.held', { count: 1 }));
    await shot(page, `approvals-lineitem-pending-${language}`);
    await expectNoEnglish(page, '/lineitem/update pending', language);
    expect(besides(problems)).toEqual([]);
    await close();
  });
});
