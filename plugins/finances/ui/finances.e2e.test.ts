/**
 * Issue 4 in Chromium: a company registers on the portal, follows the confirmation link from the outbox, signs
 * in, sees the danger banner of its empty balance, tops up 50 euro with the sandbox card, redeems NEW25, sees
 * balance and ledger, downloads the invoice PDF and reads its totals; a declined card changes nothing and a
 * card that asks for confirmation completes after the confirmation step. Then the accounting overview. The
 * screens run in German and in English (the registration once, in German; its English pass reads the same pages
 * of the new account); the German run shows no English sentence.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { QueryTypes } from 'sequelize';
import { formatEur } from '@adsuite/config/i18n/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  besides, english, expectNoEnglish, LANGUAGES, navigate, openBrowser, settle, shot, signIn, startHarness, stopHarness, switchLanguage, translatorFor,
  type Harness, type Language,
} from '../../../admin/test/browser.ts';
import { messages } from './messages.ts';
import { pdfText } from '../../finances/server/testkit.ts';
import { writeEvents } from '../../tracking/server/testkit.ts';
import { mailedLink, registerOnPortal, signInAs } from '../../subaccounts/ui/testkit.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(() => stopHarness(harness));

const EMAIL = 'clara@clever-shop.test';

/**
 * Two clicks on the demo publisher's website for Client One's campaign, tracked through the pipeline and approved by
 * the systemoperator: the provisions are the publisher's earnings. Answers its ledger's sum and entries.
 */
async function publisherEarns(): Promise<{ cents: number; entries: number }> {
  const { core } = harness.server;
  const [line] = await core.sequelize.query<{ id: string; advertiser_id: string; campaign_id: string; creatives_ids: string[] }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id
     WHERE c.name = 'Client One Always-On' AND l.channel = 'platform161'`, { type: QueryTypes.SELECT });
  const [publisher] = await core.sequelize.query<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`, { type: QueryTypes.SELECT });
  const ids = [randomUUID(), randomUUID()];
  await writeEvents(core, ids.map((id) => ({
    id, kind: 'click' as const, advertiser: line.advertiser_id, campaign: line.campaign_id, lineitem: line.id, banner: line.creatives_ids[0],
    publisher: publisher.id, channel: 'platform161', website: 'news.demo.test', costMilli: 60_000,
  })));
  const token = await harness.server.token('sysop@demo.test');
  const res = await harness.server.api(`/api/campaign/${line.campaign_id}/clicks/bulk`, { method: 'POST', token, body: ids.map((clickId) => ({ clickId, approved: true })) });
  expect(res.status).toBe(200);
  const [ledger] = await core.sequelize.query<{ cents: string; entries: string }>(
    'SELECT COALESCE(SUM(amount), 0) AS cents, count(*) AS entries FROM earnings WHERE publisher_id = $1', { bind: [publisher.id], type: QueryTypes.SELECT });
  return { cents: Number(ledger.cents), entries: Number(ledger.entries) };
}
const balance = (page: Page) => page.getByTestId('finance-balance');
/** Euro amounts as the page shows them, with plain spaces. */
const shown = async (page: Page) => (await balance(page).textContent())?.replace(/\s/g, ' ');

async function payByCard(page: Page, amount: string, card: string) {
  const form = page.getByTestId('topup-form');
  await form.locator('input[name=amount]').fill(amount);
  await form.locator('input[name=cardNumber]').fill(card);
  await form.locator('input[name=expiry]').fill('12/30');
  await form.locator('input[name=cvc]').fill('123');
  await form.locator('button[type=submit]').click();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), content: await readFile((await download.path())!) };
}

describe('finances in the browser', () => {
  it('registers a company, confirms it, tops up 50 euro, redeems NEW25 and downloads the invoice', async () => {
    const { page: portal, close: leavePortal } = await openBrowser(harness);
    await registerOnPortal(portal, harness.server.url, 'company', { email: EMAIL, company: 'Clever Shop GmbH' });
    await portal.goto(`${harness.server.url}${await mailedLink(harness, EMAIL, '/confirm?token=')}`);
    await portal.getByText(/Vielen Dank! Ihre E-Mail-Adresse ist bestätigt/).waitFor();
    await expectNoEnglish(portal, '/confirm');
    await leavePortal();

    const { page, problems, close } = await signInAs(harness, EMAIL);
    // A new account has no prepaid contract yet: no alarm about its empty balance (SPEC section 9, issue 34).
    await page.locator('#react-admin-title').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('balance-banner').count()).toBe(0);
    await shot(page, 'finances-dashboard-new-account');
    await navigate(page, '/advertiser/finances');
    await settle(page, 'Finanzen');
    expect(await shown(page)).toBe('0,00 €');
    await page.getByTestId('ledger').getByText('Noch keine Transaktionen.').waitFor();
    await expectNoEnglish(page, '/advertiser/finances empty');

    await payByCard(page, '50', '4242 4242 4242 4242');
    await page.getByTestId('topup-outcome').filter({ hasText: 'Zahlung erfolgreich' }).waitFor();
    await expect.poll(() => shown(page)).toBe('50,00 €');

    await page.locator('input[name=code]').fill('new25');
    await page.getByTestId('coupon-form').locator('button[type=submit]').click();
    await page.getByTestId('coupon-outcome').filter({ hasText: 'NEW25' }).waitFor();
    await expect.poll(() => shown(page)).toBe('75,00 €');
    await page.getByTestId('coupon-form').locator('button[type=submit]').click();
    await page.locator('input[name=code]').fill('NEW25');
    await page.getByTestId('coupon-form').locator('button[type=submit]').click();
    await page.getByTestId('coupon-outcome').filter({ hasText: 'bereits eingelöst' }).waitFor();

    const ledger = page.getByTestId('ledger').locator('tbody tr');
    await expect.poll(() => ledger.count()).toBe(3);
    const amounts = (await ledger.locator('td:last-child').allTextContents()).map((text) => text.replace(/\s/g, ' '));
    expect(amounts.sort()).toEqual(['-9,50 €', '25,00 €', '59,50 €'].sort());
    await expectNoEnglish(page, '/advertiser/finances after top-up and coupon');
    await shot(page, 'finances-after-topup-and-coupon');

    const invoices = page.getByTestId('invoices').locator('tbody tr');
    await expect.poll(() => invoices.count()).toBe(1);
    const number = (await invoices.first().locator('td').first().textContent())!;
    const pdf = await downloadOf(page, () => page.getByTestId(`download-${number}`).click());
    expect(pdf.name).toBe(`${number}.pdf`);
    const text = pdfText(pdf.content);
    expect(text).toContain(number);
    // Money the German way (SPEC section 9), as in the server's texts.
    for (const amount of ['50,00', '9,50', '59,50']) expect(text).toMatch(new RegExp(`${amount}\\s€`));
    const csv = await downloadOf(page, () => page.getByRole('button', { name: 'CSV exportieren' }).click());
    expect(csv.name).toBe('transactions.csv');
    expect(csv.content.toString()).toContain('Gutscheincode NEW25');

    await payByCard(page, '20', '4000 0000 0000 0002');
    await page.getByTestId('topup-outcome').filter({ hasText: messages.de.topup.failed }).waitFor();
    await expectNoEnglish(page, '/advertiser/finances payment failed');
    await shot(page, 'finances-payment-failed');
    expect(await shown(page)).toBe('75,00 €');
    expect(await ledger.count()).toBe(3);

    await payByCard(page, '10', '4000 0027 6000 3184');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('11,90 €').waitFor();
    await expectNoEnglish(page, '/advertiser/finances confirmation step');
    await shot(page, 'finances-confirmation-step');
    await dialog.getByRole('button', { name: 'Zahlung bestätigen' }).click();
    await expect.poll(() => shown(page)).toBe('85,00 €');
    await expect.poll(() => invoices.count()).toBe(2);

    await navigate(page, '/');
    await settle(page, 'Übersicht');
    expect(await page.getByTestId('balance-banner').count()).toBe(0);
    await expectNoEnglish(page, '/');
    expect(besides(problems, 400, 402)).toEqual([]);
    await close();
  }, 180_000);

  it('shows the new company the same pages in English: ledger names, refusals and outcomes', async () => {
    const { page, problems, close } = await signInAs(harness, EMAIL);
    await switchLanguage(page, 'en');
    await settle(page, english('app.dashboard.title'));
    await navigate(page, '/advertiser/finances');
    await settle(page, english('app.advertiser_finances.title'));
    await expect.poll(() => shown(page)).toBe('85,00 €');
    // The ledger's names in the reader's language, as the server answers them.
    const ledger = page.getByTestId('ledger');
    await expect.poll(() => ledger.locator('tbody tr').count()).toBe(5);
    expect(await ledger.textContent()).toContain('Promo code NEW25');
    await page.locator('input[name=code]').fill('NEW25');
    await page.getByTestId('coupon-form').locator('button[type=submit]').click();
    await page.getByTestId('coupon-outcome').filter({ hasText: 'already' }).waitFor();
    await payByCard(page, '20', '4000 0000 0000 0002');
    await page.getByTestId('topup-outcome').filter({ hasText: messages.en.topup.failed }).waitFor();
    await page.getByTestId('topup-outcome').filter({ hasText: messages.en.topup.failed_hint }).waitFor();
    await expect.poll(() => page.getByTestId('invoices').locator('tbody tr').count()).toBe(2);
    await shot(page, 'finances-en');
    await expectNoEnglish(page, '/advertiser/finances in English after a failed payment');
    expect(besides(problems, 400, 402)).toEqual([]);
    await close();
  }, 120_000);

  it('refuses a top-up above the maximum with its own message and no charge shown, and clears a coupon refusal once money came in', async () => {
    const { page, problems, close } = await signIn(harness, 'other@demo.test');
    await page.setViewportSize({ width: 1280, height: 900 });
    await navigate(page, '/advertiser/finances');
    await settle(page, 'Finanzen');
    const form = page.getByTestId('topup-form');
    const submit = form.locator('button[type=submit]');
    await expect.poll(() => submit.textContent()).toContain('59,50');

    // 99,999,999,999 euro: no charge of billions on the button, the maximum at the field.
    await form.locator('input[name=amount]').fill('99999999999');
    expect(await submit.textContent()).toBe('Jetzt bezahlen');
    expect(await form.getByTestId('vat-summary').count()).toBe(0);
    await payByCard(page, '99999999999', '4242 4242 4242 4242');
    await form.getByText(/Höchstens 100\.000,00\s€ je Aufladung\. Bitte einen kleineren Betrag eingeben/).waitFor();
    await expectNoEnglish(page, '/advertiser/finances top-up maximum');
    await shot(page, 'finances-topup-maximum');

    // A refused coupon, then a top-up: the refusal no longer stands.
    await page.locator('input[name=code]').fill('WINTER99');
    await page.getByTestId('coupon-form').locator('button[type=submit]').click();
    await page.getByTestId('coupon-outcome').filter({ hasText: 'WINTER99' }).waitFor();
    await expectNoEnglish(page, '/advertiser/finances coupon refused');
    await payByCard(page, '20', '4242 4242 4242 4242');
    await page.getByTestId('topup-outcome').filter({ hasText: 'Zahlung erfolgreich' }).waitFor();
    await page.getByTestId('coupon-outcome').waitFor({ state: 'detached' });

    // In English, and on a phone.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await settle(page, 'Finances');
    await form.locator('input[name=amount]').fill('99999999999');
    await form.locator('button[type=submit]').click();
    await form.getByText(/At most 100\.000,00\s€ per top-up\. Please enter a smaller amount/).waitFor();
    expect(await submit.textContent()).toBe('Pay now');
    await shot(page, 'finances-topup-maximum-en');
    await expectNoEnglish(page, '/advertiser/finances in English, top-up maximum');
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, 'finances-topup-maximum-en-phone');
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await settle(page, 'Finanzen');
    await form.locator('input[name=amount]').fill('99999999999');
    await form.locator('button[type=submit]').click();
    await form.getByText(/Höchstens 100\.000,00\s€ je Aufladung\. Bitte einen kleineren Betrag eingeben/).waitFor();
    await shot(page, 'finances-topup-maximum-phone');
    expect(besides(problems, 400)).toEqual([]);
    await close();
  }, 120_000);
});

describe.each(LANGUAGES)('the finance pages of staff, viewers and publishers in %s', (language: Language) => {
  const t = translatorFor(language);
  const text = messages[language];

    it('gives accounting every advertiser with its balance and all invoices, and opens one advertiser\'s finances', async () => {
      const { page, problems, close } = await signIn(harness, 'accounting@demo.test', { language });
      await navigate(page, '/accounting');
      await settle(page, t('app.accounting.title'));
      const balances = page.getByTestId('advertiser-balances');
      const demoShop = balances.locator('tr', { hasText: 'Demo Shop GmbH' });
      await demoShop.waitFor();
      expect((await demoShop.textContent())?.replace(/\s/g, ' ')).toContain('325,00 €');
      await page.getByTestId('invoices').locator('tbody tr').first().waitFor();
      await expectNoEnglish(page, '/accounting', language);
      await shot(page, `accounting-overview-${language}`);
      const csv = await downloadOf(page, () => page.getByRole('button', { name: text.accounting.csv }).click());
      // Headed and labelled in the reader's language; the balance a plain number for any spreadsheet.
      expect(csv.content.toString()).toContain(`${text.accounting.name},${text.accounting.billing},${text.accounting.balance} (EUR)`);
      expect(csv.content.toString()).toContain(`Demo Shop GmbH,${language === 'de' ? 'Vorkasse' : 'Prepaid'},325.00`);
      await demoShop.getByRole('link').click();
      await settle(page, t('app.advertiser_finances.title'));
      await expect.poll(() => shown(page)).toBe('325,00 €');
      await expectNoEnglish(page, '/advertiser/finances as accounting', language);
      expect(await page.getByTestId('topup-form').count()).toBe(0);
      expect(problems).toEqual([]);
      await close();
    }, 120_000);

      it('keeps balances from viewers: no finance link, no banner, /403 on the finance page', async () => {
      const { page, problems, close } = await signIn(harness, 'viewer@demo.test', { language });
      await settle(page, t('app.dashboard.title'));
      expect(await page.getByRole('link', { name: t('app.advertiser_finances.title') }).count()).toBe(0);
      expect(await page.getByTestId('balance-banner').count()).toBe(0);
      await navigate(page, '/advertiser/finances');
      await page.waitForURL('**/403');
      await expectNoEnglish(page, '/403 of the viewer', language);
      expect(problems).toEqual([]);
      await close();
    }, 120_000);

      it('lets the systemoperator choose an advertiser, and shows the publisher its balance and ledger', async () => {
      const sysop = await signIn(harness, 'sysop@demo.test', { language });
      await navigate(sysop.page, '/advertiser/finances');
      await settle(sysop.page, t('app.advertiser_finances.title'));
      expect(await sysop.page.getByTestId('finance-balance').count()).toBe(0);
      await sysop.page.getByRole('combobox', { name: text.choose_advertiser }).click();
      await sysop.page.getByRole('option', { name: 'Agency Client Two' }).click();
      await expect.poll(() => shown(sysop.page)).toBe('0,50 €');
      expect(await balance(sysop.page).getAttribute('data-level')).toBe('danger');
      await sysop.page.getByTestId('topup-form').waitFor();
      // The systemoperator may also book by hand on this advertiser (/transaction/new).
      const book = sysop.page.getByTestId('advertiser-finances').getByRole('link', { name: text.manual.book });
      expect(await book.getAttribute('href')).toMatch(/^\/transaction\/new\?advertiser=[0-9a-f-]{36}$/);
      await expectNoEnglish(sysop.page, '/advertiser/finances as systemoperator', language);
      await shot(sysop.page, `finances-sysop-agency-client-two-${language}`);
      expect(sysop.problems).toEqual([]);
      await sysop.close();

      // The publisher's earnings are the provisions of its websites' approved clicks (the demo seeds none).
      const earned = await publisherEarns();
      const publisher = await signIn(harness, 'publisher@demo.test', { language });
      await navigate(publisher.page, '/p/finances');
      await settle(publisher.page, t('app.publisher_finances.title'));
      await expect.poll(async () => (await publisher.page.getByTestId('publisher-balance').textContent())?.replace(/\s/g, ' ')).toContain(formatEur(earned.cents).replace(/\s/g, ' '));
      await expect.poll(() => publisher.page.getByTestId('publisher-ledger').locator('tbody tr').count()).toBe(earned.entries);
      expect(await publisher.page.getByTestId('publisher-ledger').textContent()).toContain('Client One Always-On');
      await expectNoEnglish(publisher.page, '/p/finances', language);
      await shot(publisher.page, `finances-publisher-${language}`);
      expect(publisher.problems).toEqual([]);
      await publisher.close();
    }, 120_000);
});
