/**
 * The dashboard in Chromium (issue 13), in German and English: an advertiser with traffic written through the
 * tracking pipeline (the reports' seeded workload) reads the top lists and a detail card, and the page shows
 * what GET /api/dashboard/analytics and /details answer; a status badge hides and shows its group (rejected
 * starts hidden); bookings.csv carries SPEC's columns and the rows shown with the range's figures; choosing a
 * template without bookings warns; an advertiser with nothing tracked is asked to activate statistics. The time
 * from the sign-in click to the dashboard's first paint is measured and printed (not asserted).
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { BOOKING_CSV_COLUMNS } from '@adsuite/config/booking/index';
import { buildFrontEnds } from '@adsuite/backend/testkit';
import {
  besides, expectNoEnglish, LANGUAGES, PASSWORD, SCREENSHOTS, shot, switchLanguage, type Harness, type Language, type Visit, openBrowser,
} from '../../../admin/test/browser.ts';
import { paintsAfterClick, recordPaints } from '../../../admin/test/paintTiming.ts';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { writeWorkload, type Workload } from '../../reports/server/workload.ts';
import { messages } from './messages.ts';

const kit = useTrackingServer();
let harness: Harness;
let browser: Browser;
let work: Workload;
const paints: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  buildFrontEnds({ log: () => {} });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  harness = { server: kit.server, browser, contexts: new Set() };
  work = await writeWorkload(kit, { seed: 7 });
  const core = kit.server.core;
  // A rejected booking (hidden until its badge is clicked) and a template nobody booked yet (the warning).
  await core.model('booking').create({ name: 'Rejected Spring Promo', advertiser: work.demoShop, status: 'rejected', start: new Date(), channels: ['facebook'] });
  await core.model('bookingtemplate').create({ name: 'Empty Template', advertiser: work.demoShop });
}, 300_000);

afterAll(async () => {
  for (const context of harness?.contexts ?? []) await context.close().catch(() => undefined);
  await browser?.close();
  console.log(`dashboard first paint after the sign-in click:\n${paints.join('\n')}`);
});

const LOCALE = { de: 'de-DE', en: 'en-GB' } as const;
const countIn = (language: Language) => (value: number) => new Intl.NumberFormat(LOCALE[language]).format(value);
const moneyIn = (language: Language) => (value: number) => new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'EUR' }).format(value).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

async function api<T>(path: string, email: string, language: Language): Promise<T> {
  const res = await kit.server.api(path, { token: await kit.server.token(email), headers: { Language: language } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Signs in on the portal and measures the click-to-greeting time (read in the page); then the page reads `language`. */
async function signInTimed(email: string, language: Language, label: string): Promise<Visit> {
  const visit = await openBrowser(harness, { screen: 'laptop' });
  const { page } = visit;
  await recordPaints(page.context());
  await page.goto(`${kit.server.url}/login`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', PASSWORD);
  await page.click('button[type=submit]');
  const painted = await paintsAfterClick(page);
  await page.getByTestId('analytics').waitFor();
  paints.push(`  ${label}: greeting ${painted.greeting} ms, analytics ${painted.analytics} ms`);
  await switchLanguage(page, language);
  await page.getByTestId('greeting').waitFor();
  return visit;
}

const cellsOf = async (page: Page, card: string, kind: string) => page.getByTestId(card).getByTestId(`top-row-${kind}`).evaluateAll((rows) => rows.map((row) => ({
  key: row.getAttribute('data-key'),
  name: row.querySelector('[data-cell=name]')?.textContent,
  clicks: row.querySelector('[data-cell=clicks]')?.textContent?.replace(/\s/g, ' '),
})));

interface Analytics {
  bookings: { id: string; name: string; clicks: number; impressions: number; cost: number }[];
  templates: { id: string; name: string; clicks: number }[];
  websites: { location: string; clicks: number }[];
}
interface Details { impressions: number; clicks: number; cost: number; creatives: number; lineitems: { active: number; inactive: number }; topWebsites: { location: string }[] }

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: (await readFile((await file.path())!)).toString('utf8') };
}

describe('the dashboard in the browser', () => {
  for (const language of LANGUAGES) {
    const text = messages[language];
    const count = countIn(language);
    const money = moneyIn(language);

    it(`shows the advertiser's top lists, detail card, status groups and bookings.csv as the API answers them (${language})`, async () => {
      const { page, problems, close } = await signInTimed('advertiser@demo.test', language, `advertiser (${language})`);
      const analytics = await api<Analytics>('/api/dashboard/analytics', 'advertiser@demo.test', language);
      expect(analytics.bookings.some((booking) => booking.clicks > 0)).toBe(true);

      // Top lists: the best five by clicks, as the API orders and counts them.
      await page.getByTestId('top-booking').getByTestId('top-row-booking').first().waitFor();
      expect(await cellsOf(page, 'top-booking', 'booking')).toEqual(analytics.bookings.slice(0, 5).map((row) => ({ key: row.id, name: row.name, clicks: count(row.clicks) })));
      expect(await cellsOf(page, 'top-bookingtemplate', 'bookingtemplate')).toEqual(analytics.templates.slice(0, 5).map((row) => ({ key: row.id, name: row.name, clicks: count(row.clicks) })));
      expect(await cellsOf(page, 'top-website', 'website')).toEqual(analytics.websites.slice(0, 5).map((row) => ({ key: row.location, name: row.location, clicks: count(row.clicks) })));
      expect(await page.getByTestId('activate-statistics').count()).toBe(0);
      // The full overview of websites: 10 rows a page.
      if (analytics.websites.length > 5) {
        await page.getByTestId('top-website').locator('[data-action=toggle-full]').click();
        expect(await page.getByTestId('top-website').getByTestId('top-row-website').count()).toBe(Math.min(10, analytics.websites.length));
        await page.getByTestId('top-website').locator('[data-action=toggle-full]').click();
      }

      // The booking's detail card, loaded when it opens.
      const details = await api<Details>(`/api/dashboard/details?booking=${work.summer.booking}`, 'advertiser@demo.test', language);
      await page.getByTestId('top-booking').locator(`[data-key="${work.summer.booking}"]`).click();
      const card = page.getByTestId('detail-booking');
      await card.waitFor();
      const fact = (name: string) => card.locator(`[data-fact=${name}]`).textContent().then(plain);
      expect(await fact('clicks')).toBe(count(details.clicks));
      expect(await fact('impressions')).toBe(count(details.impressions));
      expect(await fact('cost')).toBe(money(details.cost));
      expect(await fact('creatives')).toBe(count(details.creatives));
      expect(await fact('active')).toBe(count(details.lineitems.active));
      expect(await card.getByTestId('top-websites').locator('li').count()).toBe(details.topWebsites.length);
      expect(await card.getByTestId('budget-bar').getAttribute('data-colour')).toMatch(/^(error|warning|success)$/);
      expect(await card.getByTestId('channel-split').locator('> *').count()).toBeGreaterThan(1);
      await expectNoEnglish(page, '/ with a detail card', language);
      await shot(page, `dashboard-${language}-1280`);

      // Status groups: Summer Sale runs, Evergreen's line items are paused, Brand Awareness waits; rejected starts hidden.
      const table = page.getByTestId('bookings-table');
      const badge = (group: string) => table.locator(`[data-testid=group-badges] [data-group=${group}]`);
      const row = (name: string) => table.locator('tbody tr', { hasText: name });
      expect(await row('Summer Sale 2026').getAttribute('data-group')).toBe('active');
      expect(await row('Retargeting Evergreen').getAttribute('data-group')).toBe('paused');
      expect(await row('Brand Awareness Q4').getAttribute('data-group')).toBe('pending');
      expect(await badge('rejected').getAttribute('data-visible')).toBe('false');
      expect(await row('Rejected Spring Promo').count()).toBe(0);
      expect(await badge('finished').count()).toBe(0);
      await badge('paused').click();
      await expect.poll(() => row('Retargeting Evergreen').count()).toBe(0);
      await badge('rejected').click();
      await row('Rejected Spring Promo').waitFor();
      await badge('paused').click();
      await row('Retargeting Evergreen').waitFor();
      const summer = analytics.bookings.find((booking) => booking.id === work.summer.booking)!;
      expect(plain(await row('Summer Sale 2026').locator('[data-cell=clicks]').textContent())).toBe(count(summer.clicks));
      expect(await row('Summer Sale 2026').locator('[data-link=instant-report]').getAttribute('href')).toBe(`/campaign/stats/${work.summer.campaign}`);
      // The advertiser has no Expert Analytics and no campaign edit (SPEC section 2: admin and systemoperator).
      expect(await row('Summer Sale 2026').locator('[data-link=expert], [data-link=campaign-edit]').count()).toBe(0);
      expect(await row('Summer Sale 2026').locator('[data-cell=name]').getAttribute('href')).toBe(`/booking/update/${work.summer.booking}`);

      // bookings.csv: SPEC's columns, the rows shown (rejected included now) with the range's figures.
      const csv = await download(page, () => table.locator('[data-action=export-csv]').click());
      expect(csv.name).toBe('bookings.csv');
      const [header, ...lines] = parse(csv.text, { bom: true }) as string[][];
      expect(header).toEqual([...BOOKING_CSV_COLUMNS]);
      const shown = await table.locator('tbody tr [data-cell=name]').allTextContents();
      expect(lines.map((line) => line[0]).sort()).toEqual(shown.sort());
      expect(shown).toContain('Rejected Spring Promo');
      const summerLine = lines.find((line) => line[0] === 'Summer Sale 2026')!;
      expect(summerLine.slice(1, 7)).toEqual(['active', '50.00 / day', 'Platform 161, Facebook, Google Ads', String(summer.impressions), String(summer.clicks), summer.cost.toFixed(2)]);

      // The booking detail modal.
      await row('Summer Sale 2026').locator('[data-link=info]').click();
      const modal = page.getByTestId('booking-detail');
      await modal.getByTestId('allocation-legend').waitFor();
      expect(await modal.getByTestId('allocation-legend').locator('> *').count()).toBe(3);
      await expectNoEnglish(page, '/ booking detail modal', language);
      await modal.getByRole('button').last().click();
      await modal.waitFor({ state: 'detached' });

      // A template without bookings: the warning of SPEC section 5.
      await page.getByTestId('filter-templates').locator('input').click();
      await page.getByRole('option', { name: 'Empty Template' }).click();
      await page.getByTestId('template-warning').filter({ hasText: text.filters.template_warning }).waitFor();
      await page.keyboard.press('Escape');
      await expectNoEnglish(page, '/ with the template warning', language);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('template-warning').waitFor();
      await shot(page, `dashboard-${language}-390`);
      expect(besides(problems)).toEqual([]);
      await close();
    }, 180_000);

    it(`asks an advertiser with nothing tracked to activate statistics (${language})`, async () => {
      const { page, problems, close } = await signInTimed('agency@demo.test', language, `agency (${language})`);
      const prompt = page.getByTestId('activate-statistics');
      await prompt.filter({ hasText: text.tracking.title }).waitFor();
      await prompt.getByRole('button').click();
      await page.getByTestId('container-script').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('top-website').getByText(text.top.empty).waitFor();
      await expectNoEnglish(page, '/ without tracking', language);
      await shot(page, `dashboard-${language}-untracked-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, `dashboard-${language}-untracked-390`);
      expect(besides(problems)).toEqual([]);
      await close();
    }, 120_000);
  }
});
