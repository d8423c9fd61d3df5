/**
 * The security headers in real Chromium against the real server and the real builds: the portal's sign-in
 * and landing pages, the member area's dashboard after signing in and the /banner preview iframe run
 * under the pages' Content-Security-Policy without a single violation; another site may frame /banner but
 * not the pages. The pages are shown in German and in English; the German run shows no English sentence. Run
 * under `flock /tmp/adsuite-build.lock`: a missing build is built first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './testing.ts';
import { expectNoEnglish, LANGUAGES, switchLanguage, type Language } from '../../admin/test/browser.ts';

let server: TestServer;
let browser: Browser;
/** A page of another origin (another port) that frames addresses of the server. */
let foreign: { server: Server; url: string };

beforeAll(async () => {
  server = await startTestServer({ frontEnds: true });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const http = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><iframe id="f" src="${server.url}${src.replace(/"/g, '')}" width="400" height="300"></iframe>`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  // 127.0.0.1 vs localhost: a different site for the browser.
  foreign = { server: http, url: `http://localhost:${(http.address() as AddressInfo).port}` };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => foreign?.server.close(resolve));
});

interface Visit {
  page: Page;
  /** CSP violations (reported by the document) and console errors or uncaught exceptions. */
  violations: string[];
  problems: string[];
}

async function visit(language: Language = 'de'): Promise<Visit> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  // The language as the browser keeps it, from the first page on (the portal and the member area read it).
  await context.addInitScript((chosen) => {
    // Pages only: a sandboxed frame (the /banner preview) has no storage.
    if (window !== window.top) return;
    if (!localStorage.getItem('language')) localStorage.setItem('language', chosen);
  }, language);
  const page = await context.newPage();
  const violations: string[] = [];
  const problems: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI} at ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(text);
    else if (message.type() === 'error' && !text.startsWith('Failed to load resource')) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, violations, problems };
}

describe.each(LANGUAGES)('the pages under their Content-Security-Policy in Chromium, in %s', (language: Language) => {
  it('renders the portal landing page and the sign-in page without violations', async () => {
    const { page, violations, problems } = await visit(language);
    const landing = await page.goto(`${server.url}/landing`);
    expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('h1').first().waitFor();
    expect(await page.locator('h1').first().textContent()).toBeTruthy();
    expect(await page.getAttribute('html', 'lang')).toBe(language);
    await expectNoEnglish(page, '/landing', language);
    for (const path of ['/register', '/faq', '/resetpassword/abc', '/login']) {
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.headers()['referrer-policy'], path).toBe(path.startsWith('/resetpassword') ? 'no-referrer' : 'strict-origin-when-cross-origin');
      await page.waitForLoadState('networkidle');
      await expectNoEnglish(page, path, language);
    }
    await page.locator('input[name=email]').waitFor();
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs in and renders the dashboard and a banner preview without violations', async () => {
    const { page, violations, problems } = await visit(language);
    await page.goto(`${server.url}/login`);
    await page.fill('input[name=email]', 'advertiser@demo.test');
    await page.fill('input[name=password]', 'demo-password');
    await page.click('button[type=submit]');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.locator('#react-admin-title').waitFor();
    // Signing in takes the account's language (German); the member area is then switched as its menu would.
    await switchLanguage(page, language);
    await page.locator('#react-admin-title').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#react-admin-title').textContent()).toBe(language === 'de' ? 'Übersicht' : 'Dashboard');
    await expectNoEnglish(page, '/', language);
    // MUI and emotion styled the page (inline <style> allowed), react-admin rendered its layout.
    expect(await page.evaluate(() => document.querySelectorAll('style[data-emotion]').length)).toBeGreaterThan(0);
    expect(await page.locator('#react-admin-title').textContent()).toBeTruthy();

    // The /banner preview iframe (frame-src 'self'), as the bookings list shows it.
    const banner = (await server.core.model('banner').findOne({ where: { bannerType: 'image_ad', archivedAt: null }, raw: true })) as unknown as { id: string };
    await page.evaluate((id) => {
      const frame = document.createElement('iframe');
      frame.id = 'preview';
      frame.src = `/banner?id=${id}`;
      document.body.append(frame);
    }, banner.id);
    const preview = page.frameLocator('#preview');
    await preview.locator('img').waitFor();
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

});

describe('the pages framed by another site', () => {
  it('lets another site frame /banner but not the pages', async () => {
    const { page } = await visit();
    const banner = (await server.core.model('banner').findOne({ where: { bannerType: 'image_ad', archivedAt: null }, raw: true })) as unknown as { id: string };
    await page.goto(`${foreign.url}/?src=${encodeURIComponent(`/banner?id=${banner.id}`)}`);
    await page.frameLocator('#f').locator('img').waitFor();

    const blocked = await visit();
    await blocked.page.goto(`${foreign.url}/?src=/login`);
    await expect.poll(() => blocked.violations.concat(blocked.problems).join('\n'), { timeout: 10_000 }).toMatch(/frame-ancestors|refused to connect|Refused to display/i);
    const frame = blocked.page.frames().find((f) => f !== blocked.page.mainFrame());
    expect(await frame?.locator('input[name=email]').count().catch(() => 0) ?? 0).toBe(0);
    await page.context().close();
    await blocked.page.context().close();
  });
});
