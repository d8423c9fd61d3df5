/**
 * The row's split button on Conversion Approval at 1,440 px (issue 34, defect 6): with an order id and a website
 * long enough to make the table wider than its card, the button stays at the table's right edge on screen, and
 * its menu (Reject, Update) opens inside the window, in German and English. Shots at 1440, 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { besides, expectNoEnglish, LANGUAGES, navigate, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language } from '../../../admin/test/browser.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { messages } from './messages.ts';

let harness: Harness;
let campaign = '';
const ORDER = `ORDER-2026-11-28-DE-SHOP-${randomUUID().slice(0, 8)}-CHECKOUT-PAYPAL-EXPRESS`;

beforeAll(async () => {
  harness = await startHarness();
  const sql = <T extends object>(query: string) => harness.server.core.sequelize.query<T>(query, { type: QueryTypes.SELECT });
  const [item] = await sql<{ id: string; advertiser_id: string; campaign_id: string; banner: string }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`);
  const [{ id: publisher }] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  campaign = item.campaign_id;
  const event: TrackedEvent = {
    advertiser: item.advertiser_id, campaign, lineitem: item.id, banner: item.banner, publisher, channel: 'platform161',
    website: 'a-very-long-publisher-website-name.news-and-magazines.demo.test', id: randomUUID(), kind: 'conversion', cls: 'order',
    orderId: ORDER, value: 12_000, costMilli: 400_000, attribution: 'post_click', created: new Date(),
  };
  await writeEvents(harness.server.core, [event]);
}, 300_000);

afterAll(() => stopHarness(harness));

describe.each(LANGUAGES)('the split button of a conversion in %s', (language: Language) => {
  it('stays on screen at 1,440 px with its menu inside the window', async () => {
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test', { language });
    await page.setViewportSize({ width: 1440, height: 900 });
    await navigate(page, `/campaign/conversions/${campaign}`);
    await settle(page, translatorFor(language)('app.conversion_approval.title'));
    const row = page.locator('[data-testid^=row-]', { hasText: ORDER.slice(-14) });
    await row.waitFor();
    const more = row.locator('button[name=more]');
    const button = (await more.boundingBox())!;
    expect(button.x + button.width, 'the split button\'s right edge').toBeLessThanOrEqual(1440);
    expect(button.x).toBeGreaterThanOrEqual(0);
    await shot(page, `conversion-split-button-${language}-1440`);
    await more.click();
    const menu = page.getByRole('menu');
    await menu.getByText((messages[language].events as Record<string, string>).reject).waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(await menu.locator('[data-action=update]').isVisible()).toBe(true);
    await shot(page, `conversion-split-menu-${language}-1440`);
    await expectNoEnglish(page, `the conversion's split-button menu in ${language}`, language);
    await page.keyboard.press('Escape');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await shot(page, `conversion-approval-${language}-${width}`);
    }
    expect(besides(problems)).toEqual([]);
    await close();
  }, 120_000);
});
