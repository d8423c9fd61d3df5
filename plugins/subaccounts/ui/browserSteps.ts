/**
 * Browser steps on the public portal that the account and finance checks share: register, follow the mailed
 * link (read from the outbox, as the server tests do) and sign in with an own password.
 */
import type { Page } from 'playwright-core';
import { outboxTo } from '@adsuite/backend/testkit';
import { heading, openBrowser, type Harness, type Visit } from '../../../admin/test/browser.ts';

export const NEW_PASSWORD = 'Neu-Passwort-2026';

/** Fills the register page's company or agency form and waits for the thank-you state. */
export async function registerOnPortal(page: Page, baseUrl: string, kind: 'company' | 'agency', person: { email: string; company: string }) {
  await page.goto(`${baseUrl}/register`);
  await page.locator('.choice[data-value="advertiser"]').click();
  await page.locator(`.choice[data-value="${kind}"]`).click();
  const form = page.locator('form.form--registration');
  await form.locator('input[name=name]').fill('Clara');
  await form.locator('input[name=surname]').fill('Clever');
  await form.locator('input[name=email]').fill(person.email);
  await form.locator('input[name=advertiser]').fill(person.company);
  await form.locator('select[name=jobRole]').selectOption('60');
  await form.locator('select[name=industry]').selectOption('1200');
  if (kind === 'agency') await form.locator('input[name=dailyBudget]').fill('5');
  await form.locator('input[name=password]').fill(NEW_PASSWORD);
  await form.locator('input[name=passwordConfirm]').fill(NEW_PASSWORD);
  await form.locator('input[name=terms]').check();
  await form.locator('input[name=privacy]').check();
  await form.locator('button[type=submit]').click();
  await page.locator('.thanks').waitFor();
}

/** The path and query of the newest mailed link to `email` that contains `marker` (`/confirm?token=`, `/login?token=`). */
export async function mailedLink({ server }: Harness, email: string, marker: string, count = 1): Promise<string> {
  const [newest] = await outboxTo(server.core, email, count);
  const link = newest.text.split(/\s+/).find((word) => word.includes(marker));
  if (!link) throw new Error(`no ${marker} link in the mail to ${email}:\n${newest.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs in on the portal's /login with `password`; answers the page without waiting for the member area. */
export async function submitSignIn(page: Page, baseUrl: string, email: string, password = NEW_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('form button[type=submit]');
}

/** Signs in and waits for the member area. */
export async function signInAs(harness: Harness, email: string, password = NEW_PASSWORD): Promise<Visit> {
  const visit = await openBrowser(harness);
  await submitSignIn(visit.page, harness.server.url, email, password);
  await visit.page.waitForURL((url) => url.pathname !== '/login');
  await heading(visit.page).waitFor();
  return visit;
}

