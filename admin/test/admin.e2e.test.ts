/**
 * The admin in a real browser against the real server (API + admin/dist, fresh seeded database).
 * Screenshots go to the system's temp folder (adsuite-admin-e2e), never into the repository.
 * Only the admin's build is needed: pages are opened from `/`, so the admin's own sign-in page
 * appears however the server answers a full page load of /login (the public portal, later).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@adsuite/backend/testing';

const SCREENSHOTS = path.join(tmpdir(), 'adsuite-admin-e2e');
const ADMIN_DIR = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'demo-password';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  if (!existsSync(path.join(ADMIN_DIR, 'dist', 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@adsuite/admin'], { cwd: path.resolve(ADMIN_DIR, '..'), stdio: 'pipe' });
  }
  server = await startTestServer();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Visit {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
}

async function openBrowser(): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'de-DE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

async function signIn(email: string): Promise<Visit> {
  const visit = await openBrowser();
  await visit.page.goto(`${server.url}/`);
  await visit.page.waitForURL(`${server.url}/login`);
  await visit.page.fill('input[name=email]', email);
  await visit.page.fill('input[name=password]', PASSWORD);
  await visit.page.click('button[type=submit]');
  await visit.page.waitForURL(`${server.url}/`);
  return visit;
}

const heading = (page: Page) => page.locator('#react-admin-title');
const rows = (page: Page) => page.locator('table tbody tr');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });

async function firstId(email: string, resource: string): Promise<{ id: string; name: string }> {
  const token = await server.token(email);
  const response = await server.api(`/api/${resource}?range=[0,0]`, { token });
  const [record] = (await response.json()) as { id: string; name: string }[];
  return record;
}

describe('admin in the browser', () => {
  it('shows an advertiser the bookings list with German heading, rows and a create button', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/bookings`);
    await expect.poll(() => heading(page).textContent()).toBe('Buchungen');
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Buchungen | AdSuite');
    await expect.poll(() => page.locator('a[href="/booking/create"]').count()).toBe(1);
    await shot(page, 'advertiser-bookings');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens a booking by its deep link /booking/update/<id> with the form filled in', async () => {
    const booking = await firstId('advertiser@demo.test', 'booking');
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/booking/update/${booking.id}`);
    const name = page.locator('input[name=name]');
    await expect.poll(() => name.inputValue()).toBe(booking.name);
    expect(await page.locator('form button[type=submit]').count()).toBe(1);
    expect(await page.title()).toBe(`Buchung ${booking.name} | AdSuite`);
    await shot(page, 'advertiser-booking-update');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lands react-admin\'s own resource links on the SPEC paths', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/booking`);
    await page.waitForURL(`${server.url}/bookings`);
    await page.goto(`${server.url}/banner/create`);
    await page.waitForURL(`${server.url}/banner/new`);
    await page.locator('input[name=name]').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows a viewer the bookings without create, edit or delete', async () => {
    const { page, problems } = await signIn('viewer@demo.test');
    await page.goto(`${server.url}/bookings`);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/booking/create"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Löschen' }).count()).toBe(0);
    await rows(page).first().click();
    expect(new URL(page.url()).pathname).toBe('/bookings');
    await shot(page, 'viewer-bookings');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets the systemoperator open the sync queue with its show-deleted switch', async () => {
    const { page, problems } = await signIn('sysop@demo.test');
    await page.goto(`${server.url}/syncqueue`);
    await expect.poll(() => heading(page).textContent()).toBe('Sync-Queue');
    await rows(page).first().waitFor();
    expect(await page.getByText('Gelöschte anzeigen').count()).toBe(1);
    await shot(page, 'sysop-syncqueue');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor without a session to /login and says why; a wrong password is refused', async () => {
    const { page, problems } = await openBrowser();
    await page.goto(`${server.url}/bookings`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByText('Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.').waitFor();
    await page.fill('input[name=email]', 'advertiser@demo.test');
    await page.fill('input[name=password]', 'wrong-password');
    await page.click('button[type=submit]');
    await page.getByText('Anmeldung fehlgeschlagen, bitte versuchen Sie es erneut.').waitFor();
    // The refused sign-in itself is the one console error a browser reports here.
    expect(problems.filter((text) => !text.includes('status of 401'))).toEqual([]);
    await page.context().close();
  });

  it('shows server validation errors at the field and in a notification', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/banner/new`);
    await page.fill('input[name=name]', 'E2E banner');
    // Passes the browser's check (http://...) but names no host the server accepts.
    await page.fill('input[name=downloadLink]', 'http://nohost');
    await page.click('form button[type=submit]');
    const message = 'Download link must start with http:// or https:// and name a host.';
    await expect.poll(() => page.getByText(message).count()).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/banner/new');
    await shot(page, 'advertiser-banner-server-error');
    expect(problems.filter((text) => !text.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });

  it('creates a record and returns to the list with a success message', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/banner/new`);
    await page.fill('input[name=name]', 'E2E banner saved');
    await page.click('form button[type=submit]');
    await page.waitForURL(`${server.url}/banners`);
    await page.getByText('Eintrag erfolgreich erstellt').waitFor();
    await page.getByText('E2E banner saved').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('saves an edited record and says so', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/banners`);
    await rows(page).first().click();
    await page.waitForURL(/\/banner\/edit\//);
    const name = page.locator('input[name=name]');
    await name.fill('Renamed in the browser');
    await page.click('form button[type=submit]');
    await page.waitForURL(`${server.url}/banners`);
    await page.getByText('Eintrag erfolgreich gespeichert').waitFor();
    await page.getByText('Renamed in the browser').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('signs out with "Access Expired." when the server no longer accepts the token', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.evaluate(() => localStorage.setItem('token', 'no-longer-valid'));
    await page.goto(`${server.url}/bookings`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByText('Zugang abgelaufen.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(problems.filter((text) => !text.includes('status of 401'))).toEqual([]);
    await page.context().close();
  });

  it('takes the server\'s selection when the selected advertiser is out of reach (406) and says "Access changed."', async () => {
    const sysop = await server.token('sysop@demo.test');
    const all = (await (await server.api('/api/advertiser?range=[0,99]', { token: sysop })).json()) as { id: string }[];
    const token = await server.token('advertiser@demo.test');
    const own = (await (await server.api('/api/auth/login', { token })).json()) as { advertiserIds: string[] };
    const foreign = all.find((advertiser) => !own.advertiserIds.includes(advertiser.id))!;
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.evaluate((id) => localStorage.setItem('selectedAdvertiser', id), foreign.id);
    await page.goto(`${server.url}/bookings`);
    await page.getByText('Zugang geändert.').waitFor();
    await rows(page).first().waitFor();
    expect(own.advertiserIds).toContain(await page.evaluate(() => localStorage.getItem('selectedAdvertiser')));
    expect(problems.filter((text) => !text.includes('status of 406'))).toEqual([]);
    await page.context().close();
  });

  it('lets an agency switch the active advertiser, and lists that advertiser\'s bookings', async () => {
    const token = await server.token('agency@demo.test');
    const user = (await (await server.api('/api/auth/login', { token })).json()) as { advertisers: { id: string; name: string }[] };
    expect(user.advertisers.length).toBeGreaterThan(1);
    const { page, problems } = await signIn('agency@demo.test');
    const before = await page.evaluate(() => localStorage.getItem('selectedAdvertiser'));
    const other = user.advertisers.find((advertiser) => advertiser.id !== before)!;
    await page.getByRole('combobox', { name: 'Werbetreibender' }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: other.name }).click()]);
    expect(await page.evaluate(() => localStorage.getItem('selectedAdvertiser'))).toBe(other.id);
    await page.goto(`${server.url}/bookings`);
    await rows(page).first().waitFor();
    // References fill in after the rows: wait until every advertiser cell names the selected one.
    const advertisers = () => page.locator('table tbody td.column-advertiser').allTextContents();
    await expect.poll(async () => [...new Set(await advertisers())]).toEqual([other.name]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets the systemoperator delete (archive) a record and recover it from the deleted ones', async () => {
    const { page, problems } = await signIn('sysop@demo.test');
    await page.goto(`${server.url}/verticals`);
    const first = rows(page).first();
    await first.waitFor();
    const name = (await first.locator('td.column-name').textContent())!;
    await first.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Branche gelöscht.').waitFor();
    await expect.poll(() => page.locator('td.column-name', { hasText: name }).count()).toBe(0);

    await page.getByText('Gelöschte anzeigen').click();
    const archived = rows(page).filter({ hasText: name });
    await archived.getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
    await page.getByText('Branche wiederhergestellt.').waitFor();
    await page.getByText('Gelöschte anzeigen').click();
    await expect.poll(() => page.locator('td.column-name', { hasText: name }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches the language to English', async () => {
    const { page, problems } = await signIn('advertiser@demo.test');
    await page.goto(`${server.url}/bookings`);
    await expect.poll(() => heading(page).textContent()).toBe('Buchungen');
    await page.getByRole('button', { name: /deutsch/i }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Bookings');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
