/**
 * Harness of the admin's browser tests: one Chromium, one context per signed-in account, the real server
 * (API + admin and portal builds, fresh seeded database). Screenshots go to the system's temp folder.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { startTestServer, type TestServer } from '@adsuite/backend/testing';
import { messagesFor } from '../src/i18n/messages.ts';

export const SCREENSHOTS = path.join(tmpdir(), 'adsuite-admin-e2e');
export const PASSWORD = 'demo-password';

/** The eleven demo accounts of the seed (README "Demo accounts"). */
export const ACCOUNTS = [
  'sysop', 'admin', 'accounting', 'wizard', 'affiliatemanager', 'advertiser', 'other', 'viewer', 'agency', 'coworker', 'publisher',
].map((name) => `${name}@demo.test`);

/** German, as a fresh browser (and the demo accounts) read the admin. */
export const german = polyglotI18nProvider(() => messagesFor('de') as unknown as TranslationMessages, 'de').translate;

export interface Harness {
  server: TestServer;
  browser: Browser;
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Builds the admin and the portal when a build is missing (a fresh checkout).
  const server = await startTestServer({ frontEnds: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return { server, browser };
}

export interface Visit {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
  close(): Promise<void>;
}

export async function openBrowser({ browser }: Harness): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'de-DE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems, close: () => context.close() };
}

/** Signs in on the portal's /login page, which sends the browser on into the member area. */
export async function signIn(harness: Harness, email: string): Promise<Visit> {
  const visit = await openBrowser(harness);
  const { page } = visit;
  await page.goto(`${harness.server.url}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname !== '/login');
  await heading(page).waitFor();
  return visit;
}

export const heading = (page: Page) => page.locator('#react-admin-title');
export const rows = (page: Page) => page.locator('table tbody tr');
export const pathname = (page: Page) => new URL(page.url()).pathname;
export const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** Moves inside the single-page app as a link would, without loading the page again. */
export async function navigate(page: Page, to: string) {
  await page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Waits until the page's heading reads `text` (or starts with it) and nothing is loading any more. */
export async function settle(page: Page, text: string, { startsWith = false, timeout = 10_000 } = {}) {
  await page.waitForFunction(([expected, prefix]) => {
    const shown = document.querySelector('#react-admin-title')?.textContent ?? '';
    const headed = prefix ? shown.startsWith(expected as string) : shown === expected;
    return headed && !document.querySelector('.app-loader');
  }, [text, startsWith] as const, { timeout, polling: 'raf' });
}

/** Errors a screen shows: react-admin's error page or an error notification. */
export const shownErrors = (page: Page) => page.locator('.RaError-title, .RaNotification-error').allTextContents();

/** The identity, tenant headers and first record ids an account reaches through the API. */
export interface Account {
  email: string;
  token: string;
  user: { id: string; role: string; parent: string | null; selectedType: string | null; selectedAdvertiser: string | null; selectedPublisher: string | null };
  headers: Record<string, string>;
}

export async function account({ server }: Harness, email: string): Promise<Account> {
  const token = await server.token(email);
  const user = await (await server.api('/api/auth/login', { token })).json();
  const headers: Record<string, string> = {};
  if (user.selectedAdvertiser) headers.Advertiser = user.selectedAdvertiser;
  if (user.selectedPublisher) headers.Publisher = user.selectedPublisher;
  return { email, token, user, headers };
}

/** The id of the first record of `resource` the account sees with its selection, if any. */
export async function firstRecord({ server }: Harness, who: Account, resource: string): Promise<Record<string, any> | undefined> {
  const response = await server.api(`/api/${resource}?range=[0,0]`, { token: who.token, headers: who.headers });
  if (response.status !== 200) return undefined;
  const [record] = (await response.json()) as Record<string, any>[];
  return record;
}
