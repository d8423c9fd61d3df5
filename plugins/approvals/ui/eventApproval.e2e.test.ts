/**
 * Conversion and click approval in Chromium, in German and English (issues 14 and 33): the demo's Summer Sale approves
 * its conversions and clicks, so tracking only reserved their cost. The advertiser opens its campaign's conversions,
 * finds this run's by the free text (Enter), approves one with the split button, rejects one from its menu and updates
 * one in the Sale Approval modal (adjusted cart value, provision); decided rows are disabled. On the clicks it approves
 * two selected rows at once and rejects one. Afterwards the approved events are charged, the rejected ones cost
 * nothing, the balance equals its ledger and the publisher earned the provisions (at most the charge less the fee).
 * No English on the German page; 1280 and 390 px shots. Staff decide too, and refund a click another campaign charged
 * when it was tracked, with a reason.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { QueryTypes } from 'sequelize';
import {
  besides, expectNoEnglish, LANGUAGES, navigate, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { auditBalance } from '../../finances/server/testkit.ts';
import { messages } from './messages.ts';

let harness: Harness;
let campaign = '';
let advertiser = '';
let publisher = '';
type Run = { run: string; conversions: string[]; clicks: string[] };
const runs: Record<Language | 'staff', Run> = {} as never;

const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => harness.server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });

beforeAll(async () => {
  harness = await startHarness();
  const [item] = await sql<{ id: string; advertiser_id: string; campaign_id: string; banner: string }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`);
  ({ campaign_id: campaign, advertiser_id: advertiser } = item);
  [{ id: publisher }] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  const events: TrackedEvent[] = [];
  for (const language of [...LANGUAGES, 'staff'] as const) {
    const run = `e2e${randomUUID().slice(0, 6)}`;
    runs[language] = { run, conversions: [], clicks: [] };
    const base = { advertiser, campaign, lineitem: item.id, banner: item.banner, publisher, channel: 'platform161', website: `${run}.news.demo.test` };
    for (let n = 0; n < 3; n += 1) {
      const id = randomUUID();
      runs[language].conversions.push(id);
      events.push({ ...base, id, kind: 'conversion', cls: 'order', orderId: `${run}-${n}`, value: 12_000 + n * 1_000, costMilli: 400_000, attribution: 'post_click', created: new Date(Date.now() - n * 60_000) });
      const click = randomUUID();
      runs[language].clicks.push(click);
      events.push({ ...base, id: click, kind: 'click', costMilli: 60_000, created: new Date(Date.now() - n * 60_000) });
    }
  }
  // A click another campaign (no approval) charged when it was tracked: staff refund it below.
  const [charged] = await sql<{ id: string; advertiser_id: string; campaign_id: string; banner: string }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Client One Always-On' AND l.channel = 'platform161'`);
  refund.campaign = charged.campaign_id;
  refund.advertiser = charged.advertiser_id;
  refund.run = `e2e${randomUUID().slice(0, 6)}`;
  events.push({
    id: refund.click, kind: 'click', advertiser: charged.advertiser_id, campaign: charged.campaign_id, lineitem: charged.id, banner: charged.banner,
    channel: 'platform161', website: `${refund.run}.news.demo.test`, costMilli: 67_500, created: new Date(),
  });
  await writeEvents(harness.server.core, events);
}, 300_000);

const refund = { click: randomUUID(), campaign: '', advertiser: '', run: '' };

afterAll(() => stopHarness(harness));

const earnings = async () => Number((await sql<{ n: string }>(`SELECT COALESCE(SUM(amount), 0) AS n FROM earnings WHERE publisher_id = $1`, [publisher]))[0].n);

describe.each(LANGUAGES)('conversion and click approval in %s', (language: Language) => {
  const text = (key: string, values: Record<string, string | number> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[language]) as string;
    return found.replace(/%\{(\w+)\}/g, (_whole, name: string) => String(values[name]));
  };
  const row = (page: Page, id: string) => page.getByTestId(`row-${id}`);
  const status = (page: Page, id: string) => row(page, id).getAttribute('data-status');

  it('approves, rejects and updates conversions, bulk-approves clicks, and the ledgers follow', async () => {
    const { run, conversions, clicks } = runs[language];
    const before = await auditBalance(harness.server.core, advertiser);
    const earned = await earnings();
    const { page, problems, close } = await signIn(harness, 'advertiser@demo.test', { language });
    await page.setViewportSize({ width: 1280, height: 900 });
    await navigate(page, `/campaign/conversions/${campaign}`);
    await settle(page, translatorFor(language)('app.conversion_approval.title'));
    await page.getByText(text('events.how_conversion')).waitFor();
    await page.locator('input[name=search]').fill(run);
    await page.locator('input[name=search]').press('Enter');
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(3);
    await shot(page, `event-approval-conversions-${language}`);
    await expectNoEnglish(page, '/campaign/conversions', language);

    // Approve with the split button; Reject from its menu.
    await row(page, conversions[0]).locator('button[name=approve]').click();
    await expect.poll(() => status(page, conversions[0])).toBe('approved');
    expect(await row(page, conversions[0]).locator('button[name=approve]').isDisabled()).toBe(true);
    await row(page, conversions[1]).locator('button[name=more]').click();
    await page.locator('[data-action=reject]').click();
    await expect.poll(() => status(page, conversions[1])).toBe('rejected');

    // Update: the Sale Approval modal, cart value adjusted, the final provision shown with two decimals.
    await row(page, conversions[2]).locator('button[name=more]').click();
    await page.locator('[data-action=update]').click();
    const modal = page.getByTestId('approval-modal');
    await modal.waitFor();
    await modal.locator('input[name=adjustedCartValue]').fill('80.55');
    const percent = modal.locator('input[name=commissionPercent]');
    const fixed = (await percent.count()) === 0;
    // Within the charge less the platform's fee: 4 EUR on Platform 161 leave at most 2.66 EUR for the publisher.
    if (fixed) await modal.locator('input[name=provision]').fill('2.5');
    else await percent.fill('3');
    const expected = fixed ? 2.5 : 2.42;
    const money = fixed ? '2,50\u00a0€' : '2,42\u00a0€';
    expect(await modal.getByTestId('final-provision').textContent()).toBe(text('events.final_provision', { value: money }));
    await shot(page, `event-approval-modal-${language}`);
    await expectNoEnglish(page, 'the Sale Approval modal', language);
    await modal.locator('button[name=modal-ok]').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => status(page, conversions[2])).toBe('approved');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, `event-approval-conversions-phone-${language}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Clicks: two selected approved at once, one rejected.
    await page.setViewportSize({ width: 1280, height: 900 });
    await navigate(page, `/campaign/clicks/${campaign}`);
    await settle(page, translatorFor(language)('app.click_approval.title'));
    await page.locator('input[name=search]').fill(run);
    await page.locator('button[name=search-button]').click();
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(3);
    await row(page, clicks[0]).locator('input[type=checkbox]').check();
    await row(page, clicks[1]).locator('input[type=checkbox]').check();
    await page.locator('button[name=bulk-approve]').click();
    await expect.poll(() => status(page, clicks[1])).toBe('approved');
    expect(await status(page, clicks[0])).toBe('approved');
    await row(page, clicks[2]).locator('button[name=more]').click();
    await page.locator('[data-action=reject]').click();
    await expect.poll(() => status(page, clicks[2])).toBe('rejected');
    // The billing column says what was charged; the pending row's cost is only reserved.
    await expect.poll(() => row(page, clicks[1]).textContent()).toContain(text('events.cost_charged'));
    await shot(page, `event-approval-clicks-${language}`);
    await expectNoEnglish(page, '/campaign/clicks', language);
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, `event-approval-clicks-phone-${language}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(besides(problems)).toEqual([]);
    await close();

    // Charged: two approved conversions (4 EUR each) and two approved clicks (0.60 EUR each); the rejected ones cost
    // nothing. The publisher earned the provisions: the first conversion's proposed one, the updated one and each
    // click's charge less the fee (0.40 EUR).
    const after = await auditBalance(harness.server.core, advertiser);
    expect(after.balance).toBe(after.ledger);
    expect(before.balance - after.balance).toBe(920);
    const [first] = await sql<{ provision: string }>(`SELECT provision FROM event_approvals WHERE event_id = $1`, [conversions[0]]);
    expect(Number(first.provision)).toBeLessThanOrEqual(266);
    expect(await earnings() - earned).toBe(Number(first.provision) + Math.round(expected * 100) + 2 * 40);
  });
});

describe('conversion and click approval by staff', () => {
  const row = (page: Page, id: string) => page.getByTestId(`row-${id}`);
  const status = (page: Page, id: string) => row(page, id).getAttribute('data-status');

  it('lets an administrator approve and reject the advertiser\'s conversions and reject a click, and the ledgers follow', async () => {
    const { run, conversions, clicks } = runs.staff;
    const before = await auditBalance(harness.server.core, advertiser);
    const earned = await earnings();
    const { page, problems, close } = await signIn(harness, 'admin@demo.test', { language: 'de' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await navigate(page, `/campaign/conversions/${campaign}`);
    await settle(page, translatorFor('de')('app.conversion_approval.title'));
    await page.locator('input[name=search]').fill(run);
    await page.locator('input[name=search]').press('Enter');
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(3);
    await row(page, conversions[0]).locator('button[name=approve]').click();
    await expect.poll(() => status(page, conversions[0])).toBe('approved');
    await row(page, conversions[1]).locator('button[name=more]').click();
    await page.locator('[data-action=reject]').click();
    await expect.poll(() => status(page, conversions[1])).toBe('rejected');
    expect(await status(page, conversions[2])).toBe('pending');
    await shot(page, 'event-approval-conversions-staff-de');
    await expectNoEnglish(page, '/campaign/conversions as staff', 'de');

    await navigate(page, `/campaign/clicks/${campaign}`);
    await settle(page, translatorFor('de')('app.click_approval.title'));
    await page.locator('input[name=search]').fill(run);
    await page.locator('button[name=search-button]').click();
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(3);
    await row(page, clicks[0]).locator('button[name=more]').click();
    await page.locator('[data-action=reject]').click();
    await expect.poll(() => status(page, clicks[0])).toBe('rejected');

    // A click charged when tracked: rejecting it is a refund, which asks staff for the reason.
    const chargedBefore = await auditBalance(harness.server.core, refund.advertiser);
    await navigate(page, `/campaign/clicks/${refund.campaign}`);
    await settle(page, translatorFor('de')('app.click_approval.title'));
    await page.locator('input[name=search]').fill(refund.run);
    await page.locator('button[name=search-button]').click();
    await expect.poll(() => page.locator('[data-testid^=row-]').count()).toBe(1);
    await row(page, refund.click).locator('button[name=more]').click();
    await page.locator('[data-action=reject]').click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('button[name=confirm-refund]').isDisabled()).toBe(true);
    await dialog.locator('textarea[name=reason]').fill('Klicks aus einem Bot-Netz');
    await shot(page, 'event-approval-refund-staff-de');
    await dialog.locator('button[name=confirm-refund]').click();
    await expect.poll(() => status(page, refund.click)).toBe('rejected');
    await expect.poll(() => row(page, refund.click).textContent()).toContain('erstattet');
    const chargedAfter = await auditBalance(harness.server.core, refund.advertiser);
    expect(chargedAfter.balance - chargedBefore.balance).toBeGreaterThanOrEqual(67);
    expect(chargedAfter.balance - chargedBefore.balance).toBeLessThanOrEqual(68);
    expect(besides(problems)).toEqual([]);
    await close();

    // The approved conversion charged (4 EUR), the rejected conversion and click released; its provision earned.
    const after = await auditBalance(harness.server.core, advertiser);
    expect(after.balance).toBe(after.ledger);
    expect(before.balance - after.balance).toBe(400);
    const [first] = await sql<{ provision: string; decided_by: string }>(`SELECT provision, decided_by FROM event_approvals WHERE event_id = $1`, [conversions[0]]);
    const [admin] = await sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'admin@demo.test'`);
    expect(first.decided_by).toBe(admin.id);
    expect(await earnings() - earned).toBe(Number(first.provision));
  });
});
