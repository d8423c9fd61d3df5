/**
 * The portal build in real Chromium, served the way the backend serves it: assets under /portal/ and
 * index.html for the public paths. No API exists behind it, so calls fail the way an unreachable
 * endpoint does. Screenshots go to the system's temp folder (adsuite-portal-e2e), never into the repository.
 * Every public page is visited in German and in English; the German run shows no English sentence.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { FRONT_ENDS, isStale } from '@adsuite/backend/testkit';
import { expectNoEnglish, LANGUAGES, type Language } from '../../admin/test/browser.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'portal', 'dist');
const PORTAL = FRONT_ENDS.find((frontEnd) => frontEnd.dir === 'portal')!;
const SCREENSHOTS = path.join(tmpdir(), 'adsuite-portal-e2e');
const PUBLIC_PATHS = ['/landing', '/login', '/register', '/faq', '/privacy', '/terms', '/404', '/403'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function isPublicPath(pathname: string) {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return PUBLIC_PATHS.includes(trimmed) || /\/(resetpassword|confirm)/.test(pathname);
}

/** Serves portal/dist like the backend: /portal/* as files, the public paths as index.html, nothing else. */
function startStaticServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    let file: string | undefined;
    if (pathname.startsWith('/portal/')) {
      const candidate = path.normalize(path.join(DIST, decodeURIComponent(pathname.slice('/portal/'.length))));
      if (candidate.startsWith(DIST) && existsSync(candidate) && statSync(candidate).isFile()) file = candidate;
    } else if (isPublicPath(pathname)) {
      file = path.join(DIST, 'index.html');
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `Not found: ${pathname}` }));
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

let browser: Browser;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A build older than its sources would test yesterday's pages (run under `flock /tmp/adsuite-build.lock`).
  if (isStale(PORTAL)) execFileSync('npm', ['run', 'build', '-w', PORTAL.workspace], { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } });
  ({ server, url: baseUrl } = await startStaticServer());
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

async function open(pathname: string, options: { width?: number; height?: number; language?: 'de' | 'en'; token?: string } = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 860 }, locale: 'de-DE' });
  if (options.language || options.token) {
    // Only before the first page of the visit, so that switching the language later sticks.
    await context.addInitScript(({ language, token }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      if (language) localStorage.setItem('language', language);
      if (token) localStorage.setItem('token', token);
    }, { language: options.language, token: options.token });
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${baseUrl}${pathname}`);
  await page.locator('#root > *').first().waitFor();
  return { context, page, problems };
}

const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
const heading = (page: Page) => page.locator('h1').first();
/** Text of the form's validation messages, in order. */
const fieldErrors = (page: Page) => page.locator('.field__error').allTextContents();

/** The headings of the German run, which the English one must not repeat. */
const germanHeadings = new Map<string, string>();

describe.each(LANGUAGES)('every public page in %s', (language: Language) => {
  it('shows each page in the language, titled, and without a sentence of the other language', async () => {
    for (const pathname of [...PUBLIC_PATHS, '/resetpassword/abc', '/confirm']) {
      const { context, page, problems } = await open(pathname, { language });
      await expect.poll(() => heading(page).textContent(), { message: pathname }).toBeTruthy();
      const shown = (await heading(page).textContent())!;
      expect(await page.getAttribute('html', 'lang'), pathname).toBe(language);
      expect(await page.title(), pathname).toMatch(/ \| AdSuite$/);
      if (language === 'de') germanHeadings.set(pathname, shown);
      else expect(shown, pathname).not.toBe(germanHeadings.get(pathname));
      await expectNoEnglish(page, pathname, language);
      expect(problems.filter((problem) => !problem.startsWith('Failed to load resource')), pathname).toEqual([]);
      await context.close();
    }
  });
});

describe('portal in the browser', () => {
  it('shows the landing page in German by default with the channel groups, offer, gallery and footer', async () => {
    const { context, page, problems } = await open('/landing');
    await expect.poll(() => heading(page).textContent()).toBe('Eine Buchung. Alle Werbekanäle.');
    expect(await page.title()).toBe('Online-Werbung auf allen Kanälen | AdSuite');
    expect(await page.getAttribute('html', 'lang')).toBe('de');

    const groups = await page.locator('.channel-group__name').allTextContents();
    expect(groups).toEqual(['Banner Ads', 'Native Ads', 'Social Media Video', 'Out-of-Home', 'E-Mail-Marketing', 'Suchanzeigen', 'Metaverse & Gaming']);
    const channels = await page.locator('.channel-chip').allTextContents();
    expect(channels.join(' ')).toContain('Facebook');
    expect(channels.join(' ')).toContain('Google Ads');
    for (const hidden of ['Affiliate', 'TikTok', 'Adform', 'YouTube']) expect(channels.join(' ')).not.toContain(hidden);

    expect(await page.locator('.hero .promo').textContent()).toContain('NEW25');
    expect(await page.locator('.hero .promo').textContent()).toContain('50 €');
    expect(await page.locator('#generator h2').textContent()).toBe('Keine Werbemittel? Kein Problem.');
    expect(await page.locator('.reason').count()).toBe(6);
    expect(await page.locator('.gallery__slide').count()).toBe(7);
    await page.locator('.gallery__arrow').last().click();
    await expect.poll(() => page.locator('.gallery__dot[aria-current="true"]').getAttribute('aria-label')).toBe('Folie 2 anzeigen');
    await page.locator('.gallery__dot').first().click();
    expect(await page.locator('#register form').count()).toBe(1);
    const footer = await page.locator('footer').textContent();
    for (const text of ['Datenschutz', 'FAQ', 'AGB', `© ${new Date().getFullYear()} AdSuite`]) expect(footer).toContain(text);

    await shot(page, 'landing-de-desktop');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await shot(page, 'landing-de-desktop-top', false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches the landing page to English, keeps the choice and can switch back', async () => {
    const { context, page, problems } = await open('/landing');
    await page.locator('.topbar .language-switch__option', { hasText: 'EN' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('One booking. Every ad channel.');
    await expect.poll(() => page.title()).toBe('Online advertising on every channel | AdSuite');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(await page.locator('.channel-group__name').allTextContents()).toContain('Out-of-home');
    expect(await page.locator('.hero .promo').textContent()).toContain('25 € for your first campaign');

    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('One booking. Every ad channel.');
    await page.locator('footer .language-switch__option', { hasText: 'DE' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Eine Buchung. Alle Werbekanäle.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('looks right on a phone', async () => {
    const { context, page, problems } = await open('/landing', { width: 390, height: 844 });
    await expect.poll(() => heading(page).textContent()).toBe('Eine Buchung. Alle Werbekanäle.');
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'landing-de-mobile');
    await shot(page, 'landing-de-mobile-top', false);
    await page.locator('.topbar .language-switch__option', { hasText: 'EN' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('One booking. Every ad channel.');
    await shot(page, 'landing-en-mobile');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows only "Still in progress" on /terms', async () => {
    const german = await open('/terms');
    await expect.poll(() => heading(german.page).textContent()).toBe('Noch in Arbeit');
    await german.context.close();
    const { context, page, problems } = await open('/terms', { language: 'en' });
    await expect.poll(() => heading(page).textContent()).toBe('Still in progress');
    expect(await page.locator('main').textContent()).toBe('Still in progress');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the 404 and 403 texts with a link home', async () => {
    const { context, page, problems } = await open('/404', { language: 'en' });
    await expect.poll(() => heading(page).textContent()).toBe("SORRY! The page you're looking for was not found.");
    expect(await page.title()).toBe('Page not found | AdSuite');
    expect(await page.locator('main a[href="/landing"]').count()).toBe(1);
    await shot(page, 'notfound-en');
    await page.goto(`${baseUrl}/403`);
    await expect.poll(() => heading(page).textContent()).toBe("You don't have the required permissions to access this page.");
    await page.locator('main a[href="/landing"]').click();
    await expect.poll(() => heading(page).textContent()).toBe('One booking. Every ad channel.');
    expect(new URL(page.url()).pathname).toBe('/landing');
    expect(problems).toEqual([]);
    await context.close();

    const german = await open('/404');
    await expect.poll(() => heading(german.page).textContent()).toBe('ENTSCHULDIGUNG! Die gesuchte Seite wurde nicht gefunden.');
    await german.context.close();
  });

  it('offers a signed-in user the member area on the 404 and 403 pages, not the sign-in', async () => {
    for (const language of ['de', 'en'] as const) {
      const { context, page, problems } = await open('/403', { language, token: 'a-session' });
      await expect.poll(() => heading(page).textContent()).toBe(language === 'de'
        ? 'Sie haben nicht die nötigen Berechtigungen, um diese Seite aufzurufen.'
        : "You don't have the required permissions to access this page.");
      const memberArea = language === 'de' ? 'Zurück zum Mitgliederbereich' : 'Back to member area';
      expect(await page.locator('main a[href="/"]').textContent()).toBe(memberArea);
      expect((await page.locator('header a[href="/"]').last().textContent())?.replace(/\u00ad/g, '')).toBe(language === 'de' ? 'Mitgliederbereich' : 'Member area');
      expect(await page.locator('a[href="/login"]').count()).toBe(0);
      await shot(page, `forbidden-signed-in-${language}`);
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, `forbidden-signed-in-${language}-mobile`);
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.goto(`${baseUrl}/404`);
      await expect.poll(() => page.locator('main a[href="/"]').textContent()).toBe(memberArea);
      expect(await page.locator('a[href="/login"]').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('tells an agency confirming its address that sales activates it, a company that it may sign in', async () => {
    for (const [accountType, language, text] of [
      ['agency', 'de', 'Unser Vertrieb prüft jetzt Ihr Agenturkonto'],
      ['agency', 'en', 'Our sales team is now checking your agency account'],
      ['company', 'de', 'Sie können sich jetzt anmelden.'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'de-DE' });
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      const page = await context.newPage();
      // The server's answers: the token names no account type, the confirmation does (POST /api/auth/checkconfirm).
      await page.route('**/api/auth/validtoken**', (route) => route.fulfill({ json: { valid: true, login: { email: 'a@b.example' } } }));
      await page.route('**/api/auth/checkconfirm', (route) => route.fulfill({ json: { result: 'ok', accountType } }));
      await page.goto(`${baseUrl}/confirm?token=abc`);
      await expect.poll(() => page.locator('main .notice').textContent()).toContain(text);
      if (accountType === 'agency') expect(await page.locator('main .notice').textContent()).not.toMatch(/jetzt anmelden|sign in now/);
      await shot(page, `confirm-${accountType}-${language}`);
      await context.close();
    }
  });

  it('shows the validation texts of the register page on an empty submit', async () => {
    const { context, page, problems } = await open('/register', { language: 'en' });
    await expect.poll(() => heading(page).textContent()).toBe('Register');
    await page.locator('.choice[data-value="advertiser"]').click();
    await page.locator('.choice[data-value="company"]').click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => fieldErrors(page)).toEqual([
      'Name should be longer than 2 characters.',
      'Name should be longer than 2 characters.',
      'Please enter a valid e-mail address.',
      'Please enter the company name (at least 3 characters).',
      'Please choose your position.',
      'Please choose your industry.',
      'Please enter a password.',
      'Passwords do not match.',
      'Please agree to the terms and conditions.',
      'Please agree to the privacy policy.',
    ]);
    // the 61 industries by name, "Other" last, after the disabled placeholder
    const industries = await page.locator('select[name=industry] option').allTextContents();
    expect(industries).toHaveLength(62);
    expect(industries.slice(1)).toContain('Fashion and apparel');
    expect(industries.at(-1)).toBe('Other');
    // The first select entry is the disabled placeholder; 61 industries follow.
    expect(await page.locator('select[name=industry] option').count()).toBe(62);
    expect(await page.locator('select[name=industry] option').first().isDisabled()).toBe(true);
    expect(await page.locator('select[name=jobRole] option').count()).toBe(19);
    await shot(page, 'register-company-errors-en');

    await page.locator('button', { hasText: 'Change selection' }).click();
    await page.locator('.choice[data-value="advertiser"]').click();
    await page.locator('.choice[data-value="agency"]').click();
    expect(await page.locator('input[name=dailyBudget]').inputValue()).toBe('5');
    await page.fill('input[name=dailyBudget]', '0');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => fieldErrors(page)).toContain('Please enter a daily budget of at least 1 € in whole euros.');

    await page.locator('button', { hasText: 'Change selection' }).click();
    await page.locator('.choice[data-value="publisher"]').click();
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => fieldErrors(page)).toContain('Please enter your website (at least 3 characters).');
    expect(await page.locator('select').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks for 6 password characters on the landing form and shows the thank-you state even when the call fails', async () => {
    const { context, page, problems } = await open('/landing', { language: 'en' });
    const form = page.locator('#register form');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('.field__error').count()).toBe(10);
    await form.locator('input[name=name]').fill('Anna');
    await form.locator('input[name=surname]').fill('Meier');
    await form.locator('input[name=email]').fill('anna@shop.example');
    await form.locator('input[name=advertiser]').fill('Shop GmbH');
    await form.locator('select[name=jobRole]').selectOption('40');
    await form.locator('select[name=industry]').selectOption('1200');
    await form.locator('input[name=password]').fill('abcde');
    await form.locator('input[name=passwordConfirm]').fill('abcde');
    await form.locator('input[name=terms]').check();
    await form.locator('input[name=privacy]').check();
    await expect.poll(() => form.locator('.field__error').allTextContents()).toEqual(['The password must be at least 6 characters long.']);
    await form.locator('input[name=password]').fill('abcdef');
    await form.locator('input[name=passwordConfirm]').fill('abcdef');
    const signup = page.waitForRequest((request) => request.url().endsWith('/api/auth/signup'));
    await form.locator('button[type=submit]').click();
    // The server answers in the page's language (SPEC section 7: every request carries the Language header).
    expect((await signup).headers().language).toBe('en');
    expect((await signup).postDataJSON()).toMatchObject({
      email: 'anna@shop.example', advertiser: 'Shop GmbH', jobRole: 40, industry: '1200', accountType: 'company',
      userType: 'advertiser', language: 'en', dailyBudget: null, password: 'abcdef', newsletter: false,
    });
    await expect.poll(() => page.locator('#register .thanks__title').textContent()).toBe('Thank you for registering!');
    // The only console error is the failed request itself (no sign-up endpoint behind this server).
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('validates the sign-in form, says why the user was sent there and reports a refused sign-in', async () => {
    const { context, page, problems } = await open('/login?unauthorized=1', { language: 'en' });
    await expect.poll(() => page.locator('.notice').first().textContent()).toBe('Please log in to enter the member area.');
    expect(await page.title()).toBe('Sign in | AdSuite');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => fieldErrors(page)).toEqual(['Please enter a valid e-mail address.', 'Please enter a password.']);
    await page.fill('input[name=email]', 'anna@shop.example');
    await page.fill('input[name=password]', 'not-the-password');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('form .notice').textContent()).toBe('Login failed, please try again.');

    await page.locator('button', { hasText: 'Forgot your password?' }).click();
    expect(await heading(page).textContent()).toBe('Reset password');
    expect(await page.locator('input[type=password]').count()).toBe(0);
    // A network error (no API behind this server), a malformed address and a refusal read the same (SPEC section 8).
    await page.fill('input[name=email]', 'anna@shop.example');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('form .notice').textContent()).toBe('Are you sure this is your email address?');
    await shot(page, 'login-reset-en');
    let resetRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/reset')) resetRequests += 1;
    });
    await page.fill('input[name=email]', 'anna@shop');
    await expect.poll(() => page.locator('form .notice').count()).toBe(0);
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('form .notice').textContent()).toBe('Are you sure this is your email address?');
    expect(await page.locator('.field__error').count()).toBe(0);
    expect(resetRequests).toBe(0);
    await page.route('**/api/auth/reset', (route) => route.fulfill({ status: 429, json: { message: 'Too many requests.', errors: [] } }));
    await page.fill('input[name=email]', 'anna@shop.example');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('form .notice').textContent()).toBe('Are you sure this is your email address?');
    // The answer to a request the server took says nothing about whether the address has an account.
    await page.unroute('**/api/auth/reset');
    await page.route('**/api/auth/reset', (route) => route.fulfill({ json: { token: 'ok' } }));
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('.auth__card .notice--success').textContent())
      .toBe('If an account exists for this address, we have sent you an e-mail with a link to reset your password.');
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();

    const expired = await open('/login?unauthorized=1', { language: 'en', token: 'stale' });
    await expect.poll(() => expired.page.locator('.notice').first().textContent()).toBe('Your session has expired. Please log in again.');
    await expired.page.goto(`${baseUrl}/login?idle=1`);
    await expect.poll(() => expired.page.locator('.notice').first().textContent()).toBe('Due to inactivity your session expired. Please log in again');
    // The member area signed out on a 401 and left that reason behind (admin/src/notice.ts).
    await expired.page.evaluate(() => sessionStorage.setItem('adsuite.signInReason', 'app.auth.access_expired'));
    await expired.page.goto(`${baseUrl}/login?unauthorized=1`);
    await expect.poll(() => expired.page.locator('.notice').first().textContent()).toBe('Access Expired.');
    await expired.context.close();
  });

  it('shows FAQ tabs with accordion entries and the right way back', async () => {
    const { context, page, problems } = await open('/faq');
    await expect.poll(() => heading(page).textContent()).toBe('Häufige Fragen');
    expect(await page.locator('[role=tab]').allTextContents()).toEqual(['Buchungen', 'Kanäle', 'Werbemittel', 'Guthaben', 'Statistik', 'Unterkonten']);
    expect(await page.locator('.accordion__body:visible').count()).toBe(1);
    await page.locator('[role=tab]', { hasText: 'Guthaben' }).click();
    await page.locator('.accordion__toggle', { hasText: 'NEW25' }).click();
    await expect.poll(() => page.locator('.accordion__body:visible').textContent()).toContain('mindestens 50 €');
    expect(await page.locator('.contact a[href="/login"]').count()).toBe(1);
    expect(await page.locator('.contact a[href="/register"]').count()).toBe(1);
    await shot(page, 'faq-de');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'faq-de-mobile');
    expect(problems).toEqual([]);
    await context.close();

    const member = await open('/faq', { language: 'en', token: 'some-token' });
    await expect.poll(() => member.page.locator('.contact a[href="/"]').textContent()).toBe('Back to member area');
    await member.context.close();
  });

  it('shows the full privacy policy in both languages', async () => {
    const { context, page, problems } = await open('/privacy');
    await expect.poll(() => heading(page).textContent()).toBe('Datenschutzerklärung');
    const german = await page.locator('main').textContent();
    for (const text of ['Verantwortlicher', 'Datenschutzbeauftragter', 'Cookies und Tracking', 'Ihre Rechte', 'Opt-out', '120 Tage', 'nach sieben Tagen gelöscht']) {
      expect(german).toContain(text);
    }
    expect(await page.locator('main a[href="/register"]').count()).toBe(1);
    await page.locator('.topbar .language-switch__option', { hasText: 'EN' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Privacy policy');
    const english = await page.locator('main').textContent();
    for (const text of ['Controller', 'Data protection officer', 'Cookies and tracking', 'Your rights', 'opt-out', '120 days', 'deleted after seven days']) {
      expect(english).toContain(text);
    }
    await shot(page, 'privacy-en');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the reset page input and tells when the link has no token', async () => {
    const { context, page, problems } = await open('/resetpassword/abc', { language: 'en' });
    await expect.poll(() => heading(page).textContent()).toBe('Set a new password');
    await page.fill('input[name=password]', '12345678');
    await page.fill('input[name=passwordConfirm]', '1234567');
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => fieldErrors(page)).toEqual(['Passwords do not match.']);
    expect(problems).toEqual([]);
    await page.goto(`${baseUrl}/resetpassword`);
    await expect.poll(() => page.locator('.notice').textContent()).toBe('This link is incomplete. Please open the link from your e-mail again.');
    await context.close();
  });

  it('confirms a saved new password, then on the sign-in page', async () => {
    for (const language of ['de', 'en'] as const) {
      const { context, page, problems } = await open('/resetpassword/abc', { language });
      await page.route('**/api/auth/newpassword', (route) => route.fulfill({ json: { success: true } }));
      await page.fill('input[name=password]', '12345678');
      await page.fill('input[name=passwordConfirm]', '12345678');
      await page.locator('form button[type=submit]').click();
      await expect.poll(() => page.locator('main .notice').textContent()).toBe(language === 'de'
        ? 'Ihr neues Passwort ist gespeichert. Sie werden zur Anmeldung weitergeleitet …'
        : 'Your new password has been saved. Taking you to sign in …');
      await page.waitForURL('**/login?passwordChanged=1');
      await expect.poll(() => page.locator('main .notice').textContent()).toBe(language === 'de'
        ? 'Ihr Passwort wurde geändert. Melden Sie sich jetzt mit dem neuen Passwort an.'
        : 'Your password has been changed. Sign in with your new password now.');
      expect(await page.locator('form[data-form="signin"]').count()).toBe(1);
      await shot(page, `login-password-changed-${language}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('moves between portal pages without reloading', async () => {
    const { context, page, problems } = await open('/landing');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('footer a[href="/faq"]').click();
    await expect.poll(() => heading(page).textContent()).toBe('Häufige Fragen');
    expect(await page.title()).toBe('Häufige Fragen | AdSuite');
    await page.goBack();
    await expect.poll(() => heading(page).textContent()).toBe('Eine Buchung. Alle Werbekanäle.');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
