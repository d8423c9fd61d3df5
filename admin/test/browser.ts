/**
 * Harness of the admin's browser tests: one Chromium, one context per signed-in account, the real server
 * (API + admin and portal builds, fresh seeded database). Screenshots go to the system's temp folder, never
 * into the repository. Run the browser tests under `flock /tmp/adsuite-build.lock`: a stale build is rebuilt.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { buildFrontEnds, startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { messagesFor } from '../src/i18n/messages.ts';
import { languageProblems, type Language, type Shown } from './language.ts';

export const SCREENSHOTS = path.join(tmpdir(), 'adsuite-admin-e2e');
export const PASSWORD = 'demo-password';

/** The eleven demo accounts of the seed (README "Demo accounts"). */
export const ACCOUNTS = [
  'sysop', 'admin', 'accounting', 'wizard', 'affiliatemanager', 'advertiser', 'other', 'viewer', 'agency', 'coworker', 'publisher',
].map((name) => `${name}@demo.test`);

/** German, as a fresh browser (and the demo accounts) read the admin. */
export const german = polyglotI18nProvider(() => messagesFor('de') as unknown as TranslationMessages, 'de').translate;
/** English, as the admin reads once the language is switched. */
export const english = polyglotI18nProvider(() => messagesFor('en') as unknown as TranslationMessages, 'en').translate;

/** The two languages every browser suite runs in: one language end to end. */
export type { Language };
export const LANGUAGES: readonly Language[] = ['de', 'en'];
/** The admin's texts in `language`. */
export const translatorFor = (language: Language) => (language === 'en' ? english : german);

export { englishLines, germanLines, languageProblems } from './language.ts';

/** The language the page reads: the admin's and the portal's stored choice, else the document's, else German. */
export const languageOf = async (page: Page): Promise<Language> =>
  page.evaluate(() => (localStorage.getItem('language') ?? document.documentElement.lang) === 'en' ? 'en' : 'de');

/**
 * The page's text (dialogs and notifications included) and the labels of its visible elements. Read as written,
 * not as styled: a button's 'Download' in capitals is its label, not the stored value DOWNLOAD.
 */
export const shownOn = async (page: Page): Promise<Shown> => page.evaluate(() => {
  const plain = document.createElement('style');
  plain.textContent = '* { text-transform: none !important; }';
  document.head.append(plain);
  try {
    return {
      text: document.body.innerText,
      labels: [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
        .filter((element) => element.getClientRects().length > 0)
        .flatMap((element) => ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '')),
      cells: [...document.querySelectorAll('tbody td')].map((cell) => (cell as HTMLElement).innerText),
      // Verbatim on purpose: identifiers shown as code, and what is marked not to be translated (an advertiser's keywords).
      codes: [
        ...[...document.querySelectorAll('code')].map((element) => element.textContent ?? ''),
        ...[...document.querySelectorAll('[translate="no"] *')].map((element) => (element as HTMLElement).innerText),
      ],
    };
  } finally {
    plain.remove();
  }
});

/**
 * Every suite's language check: fails when the page shows words not of `language` (by default the one it reads):
 * an English sentence or text on a German page, a German one on an English page, a stored value where its label
 * belongs ('googleads', 'delivery') or a catalogue key, naming the page and the words (language.ts).
 */
export async function expectNoEnglish(page: Page, where: string, language?: Language) {
  const problems = languageProblems(await shownOn(page), language ?? await languageOf(page));
  if (problems.length) throw new Error(`Not one language on ${where}:\n${problems.join('\n')}`);
}

/**
 * Switches the admin to `language` the way the browser keeps the choice (localStorage `language`, which every
 * request's Language header follows) and loads the page again; nothing when it reads that language already.
 */
export async function switchLanguage(page: Page, language: Language) {
  const current = await page.evaluate(() => localStorage.getItem('language'));
  if ((current ?? 'de') === language) return;
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
  await page.reload();
}

export interface Harness {
  server: TestServer;
  browser: Browser;
  /** Contexts still open; stopHarness closes those a failed test left behind. */
  contexts: Set<BrowserContext>;
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A build older than its sources would test yesterday's screens: rebuild what is stale.
  buildFrontEnds({ log: () => {} });
  // Every suite signs its accounts in from one address, dozens of times in a quarter of an hour: the per-address
  // limit of sign-ins is for attackers, not for the browser suites (the per-e-mail limit stays as it is).
  const server = await startTestServer({ env: { signinMaxPerIp: 1000 } });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  return { server, browser, contexts: new Set() };
}

export async function stopHarness(harness: Harness | undefined) {
  for (const context of harness?.contexts ?? []) await context.close().catch(() => undefined);
  await harness?.browser.close();
  await harness?.server.stop();
}

export interface Visit {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * Window sizes: a desktop, a common laptop (below SPEC's 1400 px breakpoint), and the phone of SPEC's
 * "7 characters on mobile" (iPhone SE/mini width).
 */
export const SCREENS = { desktop: { width: 1400, height: 900 }, laptop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

export async function openBrowser(harness: Harness, { screen = 'desktop' }: { screen?: keyof typeof SCREENS } = {}): Promise<Visit> {
  const context = await harness.browser.newContext({ viewport: SCREENS[screen], locale: 'de-DE' });
  harness.contexts.add(context);
  const page = await context.newPage();
  const problems: string[] = [];
  // Chromium's console line for a failed request names no address: the response event says which one.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`status of ${response.status()}: ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const close = async () => {
    harness.contexts.delete(context);
    await context.close();
  };
  return { page, problems, close };
}

/** The problems besides the failed requests a test provokes on purpose (`status of 401`, ...). */
export const besides = (problems: string[], ...statuses: number[]) =>
  problems.filter((text) => !statuses.some((status) => text.includes(`status of ${status}`)));

/**
 * Signs in on the portal's /login page, which sends the browser on into the member area (in the account's
 * language); with `language`, the member area is then switched to it.
 */
export async function signIn(harness: Harness, email: string, options: Parameters<typeof openBrowser>[1] & { language?: Language } = {}): Promise<Visit> {
  const visit = await openBrowser(harness, options);
  const { page } = visit;
  await page.goto(`${harness.server.url}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL((url) => url.pathname !== '/login');
  await heading(page).waitFor();
  if (options.language) {
    await switchLanguage(page, options.language);
    await heading(page).waitFor();
  }
  return visit;
}

export const heading = (page: Page) => page.locator('#react-admin-title');
/** The heading shown now, or where the page went when it has none (the portal's /403). */
export const headingNow = (page: Page) => heading(page).textContent({ timeout: 1000 }).catch(() => `(no heading at ${pathname(page)})`);
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
