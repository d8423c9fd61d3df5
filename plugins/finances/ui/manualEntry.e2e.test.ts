/**
 * Issue 10, defect 12 in Chromium: the systemoperator opens /transaction/new and lands on the manual booking,
 * sees the form's checks at the fields, books a credit on Demo Shop GmbH through the confirmation dialog
 * (a double click books once), reads the new balance and the entry in the ledger; the advertiser then finds the
 * entry, named by its reason, in its own finances. The screen in English and at phone width, with a debit the
 * server refuses at the amount because the balance moved behind the page's back. The German run shows no English
 * sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  besides, expectNoEnglish, navigate, settle, shot, signIn, startHarness, stopHarness, switchLanguage, type Harness,
} from '../../../admin/test/browser.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
}, 300_000);

afterAll(() => stopHarness(harness));

const REASON = 'Überweisung vom 03.03.2026, Beleg 4711';
const form = (page: Page) => page.getByTestId('manual-entry-form');
/** Text as the page shows it, with plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

async function chooseAdvertiser(page: Page, typed: string, name: string) {
  const input = form(page).locator('input[name=advertiser]');
  await input.fill(typed);
  await page.getByRole('option', { name }).click();
}

describe('manual ledger entries in the browser', () => {
  it('lets the systemoperator book a credit with a reason, once, and shows it in the advertiser\'s ledger', async () => {
    const sysop = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
    const { page } = sysop;
    await navigate(page, '/transaction/new');
    await settle(page, 'Transaktion buchen');
    await expectNoEnglish(page, '/advertiser/transaction');
    await shot(page, 'manual-entry-empty');

    // Nothing chosen or entered: each field says what it needs.
    await form(page).locator('button[type=submit]').click();
    await form(page).getByText('Bitte einen Werbetreibenden wählen').waitFor();
    await form(page).getByText('Bitte einen Betrag eingeben').waitFor();
    await form(page).getByText('Bitte einen Grund eingeben').waitFor();
    await expectNoEnglish(page, '/advertiser/transaction with errors');
    await shot(page, 'manual-entry-errors');

    await chooseAdvertiser(page, 'Demo Sh', 'Demo Shop GmbH');
    await page.waitForURL(/advertiser=/);
    const advertiser = new URL(page.url()).searchParams.get('advertiser')!;
    await expect.poll(async () => plain(await page.getByTestId('finance-balance').textContent())).toBe('325,00 €');

    // A debit the prepaid balance does not cover is refused at the amount, before anything is sent.
    await page.getByRole('button', { name: 'Belastung' }).click();
    await form(page).locator('input[name=amount]').fill('1000');
    await form(page).locator('input[name=reason]').fill(REASON);
    await form(page).locator('button[type=submit]').click();
    await form(page).getByText(/Das Guthaben von 325,00\s€ deckt diese Belastung nicht/).waitFor();
    await expectNoEnglish(page, '/advertiser/transaction debit refused');

    await page.getByRole('button', { name: 'Gutschrift' }).click();
    await form(page).locator('input[name=amount]').fill('1.234,50');
    await form(page).locator('button[type=submit]').click();
    const dialog = page.getByTestId('confirm-entry');
    await dialog.getByText(/Gutschrift über 1\.234,50\s€ für Demo Shop GmbH buchen\?/).waitFor();
    expect(plain(await dialog.textContent())).toContain('Guthaben danach1.559,50 €');
    await expectNoEnglish(page, '/advertiser/transaction confirmation');
    await shot(page, 'manual-entry-confirm');
    await dialog.getByRole('button', { name: 'Jetzt buchen' }).dblclick();

    const booked = page.getByTestId('manual-entry-booked');
    await booked.waitFor();
    expect(plain(await booked.textContent())).toContain('Gutschrift über 1.234,50 € für Demo Shop GmbH gebucht. Neues Guthaben: 1.559,50 €');
    await expect.poll(async () => plain(await page.getByTestId('finance-balance').textContent())).toBe('1.559,50 €');
    const first = page.getByTestId('ledger').locator('tbody tr').first();
    await expect.poll(() => first.textContent()).toContain(REASON);
    expect(plain(await first.textContent())).toContain('Manuell');
    expect(plain(await first.textContent())).toContain('1.234,50 €');
    expect(await form(page).locator('input[name=amount]').inputValue()).toBe('');
    await expectNoEnglish(page, '/advertiser/transaction booked');
    await shot(page, 'manual-entry-booked');

    // Booked once, in the ledger, and the balance is the ledger's sum.
    const { core } = harness.server;
    expect(await core.model('transaction').count({ where: { advertiser, type: 'manual', description: REASON } })).toBe(1);
    const [[sums]] = await core.sequelize.query(
      'SELECT a.balance::bigint AS balance, (SELECT SUM(amount) FROM transactions WHERE advertiser_id = a.id)::bigint AS ledger FROM advertisers a WHERE a.id = :advertiser',
      { replacements: { advertiser } },
    ) as [{ balance: string; ledger: string }[], unknown];
    expect(sums).toEqual({ balance: '155950', ledger: '155950' });

    // The success message leads to the advertiser's finances.
    await booked.getByRole('link', { name: 'Finanzen des Werbetreibenden' }).click();
    await settle(page, 'Finanzen');
    await expect.poll(() => page.getByTestId('ledger').locator('tbody tr').first().textContent()).toContain(REASON);
    await expectNoEnglish(page, '/advertiser/finances as systemoperator');
    expect(sysop.problems).toEqual([]);
    await sysop.close();

    // The advertiser reads the entry, named by its reason, in its own ledger.
    const owner = await signIn(harness, 'advertiser@demo.test');
    await navigate(owner.page, '/advertiser/finances');
    await settle(owner.page, 'Finanzen');
    await expect.poll(async () => plain(await owner.page.getByTestId('finance-balance').textContent())).toBe('1.559,50 €');
    const row = owner.page.getByTestId('ledger').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain(REASON);
    await expectNoEnglish(owner.page, '/advertiser/finances as advertiser');
    await shot(owner.page, 'manual-entry-advertiser-ledger');
    expect(owner.problems).toEqual([]);
    await owner.close();
  }, 180_000);

  it('reads in English and fits a phone', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { screen: 'laptop' });
    await navigate(page, '/advertiser/transaction');
    await settle(page, 'Transaktion buchen');
    const german = plain(await page.getByTestId('advertiser-transaction').innerText());
    for (const english of ['Credit', 'Debit', 'Reason', 'Amount', 'Please', 'Advertiser']) expect(german, english).not.toContain(english);
    await expectNoEnglish(page, '/advertiser/transaction');

    await switchLanguage(page, 'en');
    await settle(page, 'Book a transaction');
    await chooseAdvertiser(page, 'other', 'Other Shop AG');
    await expect.poll(async () => plain(await page.getByTestId('finance-balance').textContent())).toBe('80,00 €');
    await page.getByRole('button', { name: 'Debit' }).click();
    await form(page).locator('input[name=amount]').fill('99999999999');
    await form(page).locator('button[type=submit]').click();
    await form(page).getByText(/At most 100\.000,00\s€ per entry\. Please enter a smaller amount/).waitFor();
    await form(page).getByText('Please enter a reason').waitFor();
    await shot(page, 'manual-entry-en');
    await expectNoEnglish(page, '/advertiser/transaction in English with errors');

    await form(page).locator('input[name=amount]').fill('12,50');
    await form(page).locator('input[name=reason]').fill('Correction of a double booking');
    await form(page).locator('button[type=submit]').click();
    const dialog = page.getByTestId('confirm-entry');
    await dialog.getByText(/Book a debit of 12,50\s€ for Other Shop AG\?/).waitFor();
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, 'manual-entry-en-phone-confirm');
    await expectNoEnglish(page, 'the English confirmation on a phone');
    await dialog.getByRole('button', { name: 'Book now' }).click();
    await page.getByTestId('manual-entry-booked').filter({ hasText: 'New balance: 67,50 €' }).waitFor();
    await shot(page, 'manual-entry-en-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The balance moves behind the page's back: the server refuses the debit at the amount field, and the page shows the balance as it is now.
    const advertiser = new URL(page.url()).searchParams.get('advertiser')!;
    const behind = await harness.server.api(`/api/advertiser/${advertiser}/manual-entry`, {
      method: 'POST', token: await harness.server.token('sysop@demo.test'), headers: { 'Idempotency-Key': 'e2e-behind-the-page' },
      body: { direction: 'debit', amount: 60, reason: 'Booked elsewhere' },
    });
    expect(behind.status).toBe(201);
    await form(page).locator('input[name=amount]').fill('10');
    await form(page).locator('input[name=reason]').fill('Debit on a stale balance');
    await form(page).locator('button[type=submit]').click();
    await dialog.getByRole('button', { name: 'Book now' }).click();
    // The server's words first, then the form's own check against the balance as reloaded: both say the same.
    await form(page).getByText(/The balance of 7,50\s€ does not cover/).waitFor();
    await expect.poll(async () => plain(await page.getByTestId('finance-balance').textContent())).toBe('7,50 €');
    await shot(page, 'manual-entry-en-phone-refused');

    await switchLanguage(page, 'de');
    await settle(page, 'Transaktion buchen');
    await expect.poll(() => page.getByTestId('ledger').locator('tbody tr').nth(1).textContent()).toContain('Correction of a double booking');
    await form(page).locator('button[type=submit]').click();
    await form(page).getByText('Bitte einen Grund eingeben').waitFor();
    await expectNoEnglish(page, '/advertiser/transaction on a phone');
    await shot(page, 'manual-entry-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(besides(problems, 409)).toEqual([]);
    await close();
  }, 180_000);
});
