/**
 * The dashboard in Chromium (issues 13, 33 and 34), in German and English: an advertiser with traffic written
 * through the tracking pipeline (the reports' seeded workload) reads the top lists with their full overviews and
 * a detail card, and the page shows what GET /api/dashboard/analytics and /details answer; the top chart draws
 * each measure on its own labelled axis with the day's value in its tooltip; a status badge hides and shows its
 * group (rejected starts hidden); bookings.csv carries every row, hidden groups too, in the reader's language;
 * a booking waiting for approval is explained and a ready one is published from the dashboard; choosing a
 * template without bookings warns; an advertiser with nothing tracked is asked to activate statistics. The chart says
 * when its figures are of; the totals and the full overviews show the invalid share the API answers; with the previous
 * period compared, each total shows the previous period's figure and its change, and each chart the previous period's
 * dashed line. The time
 * from the sign-in click to the dashboard's first paint is measured and printed (not asserted).
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { buildFrontEnds } from '@adsuite/backend/testkit';
import {
  besides, expectNoEnglish, LANGUAGES, PASSWORD, SCREENSHOTS, shot, switchLanguage, translatorFor, type Harness, type Language, type Visit, openBrowser,
} from '../../../admin/test/browser.ts';
import { paintsAfterClick, recordPaints } from '../../../admin/test/paintTiming.ts';
import { formatChange, formatMoment, periodChange } from '@adsuite/config/i18n/format';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { writeWorkload, type Workload } from '../../reports/server/testkit.ts';
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
  // Per language a booking that waits for staff's approval, and one ready to publish on Platform 161 alone.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const language of LANGUAGES) {
    await core.model('booking').create({ name: `Waiting ${language}`, advertiser: work.demoShop, status: 'waiting for approval', start: day(2), end: day(30), channels: ['facebook'] });
    const banner = (await core.model('banner').create({
      advertiser: work.demoShop, name: `Ready ${language} 300x250`, bannerType: 'image_ad', width: 300, height: 250, downloadLink: 'https://shop.demo.test/media/300x250.png',
    })).get({ plain: true }) as { id: string; name: string; bannerType: string };
    await core.model('booking').create({
      name: `Ready ${language}`, advertiser: work.demoShop, status: 'pending', goal: 'clicks', dailyBudget: 2_000, start: day(0), end: day(30),
      channels: ['platform161'], allocation: [], target: 'https://shop.demo.test/landing',
      creatives: [{ id: banner.id, name: banner.name, bannerType: banner.bannerType, channels: ['platform161'] }],
    });
  }
}, 300_000);

afterAll(async () => {
  for (const context of harness?.contexts ?? []) await context.close().catch(() => undefined);
  await browser?.close();
  console.log(`dashboard first paint after the sign-in click:\n${paints.join('\n')}`);
});

const LOCALE = { de: 'de-DE', en: 'en-GB' } as const;
const countIn = (language: Language) => (value: number) => new Intl.NumberFormat(LOCALE[language]).format(value);
/** SPEC section 9: EUR the German way in both languages. */
const euro = (value: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value).replace(/\s/g, ' ');
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();
/** Percent with 2 decimals in the reader's language ('1,25 %'). */
const percentIn = (language: Language) => (value: number) =>
  `${new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;

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

type Totals = { impressions: number; clicks: number; conversions: number; ctr: number; cost: number; invalidShare: number };
interface Analytics {
  stats: { date: string; impressions: number; clicks: number; conversions: number; ctr: number }[];
  totals: Totals;
  previous: { range: { start: string; end: string }; totals: Totals; stats: unknown[] } | null;
  dataAsOf: string | null;
  bookings: { id: string; name: string; clicks: number; impressions: number; cost: number; invalidShare: number }[];
  templates: { id: string; name: string; clicks: number; impressions: number; invalidShare: number }[];
  websites: { location: string; clicks: number; impressions: number; invalidShare: number }[];
}
interface Details { impressions: number; clicks: number; cost: number; invalidShare: number; creatives: number; lineitems: { active: number; inactive: number }; topWebsites: { location: string }[] }

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: (await readFile((await file.path())!)).toString('utf8') };
}

describe('the dashboard in the browser', () => {
  for (const language of LANGUAGES) {
    const text = messages[language];
    const count = countIn(language);

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
      // Every top table has its full overview: all columns, 10 rows a page (SPEC section 2), however few rows it has.
      for (const [card, kind, rows] of [['top-bookingtemplate', 'bookingtemplate', analytics.templates], ['top-booking', 'booking', analytics.bookings], ['top-website', 'website', analytics.websites]] as const) {
        const toggle = page.getByTestId(card).locator('[data-action=toggle-full]');
        expect(await toggle.textContent(), card).toBe(text.top.show_all.replace('%{count}', String(rows.length)));
        await toggle.click();
        expect(await page.getByTestId(card).getByTestId(`top-row-${kind}`).count(), card).toBe(Math.min(10, rows.length));
        const first = page.getByTestId(card).getByTestId(`top-row-${kind}`).first();
        expect(plain(await first.locator('[data-cell=impressions]').textContent()), card).toBe(count(rows[0].impressions));
        // The invalid share of every row on the page, as the API answers it.
        const shares = await page.getByTestId(card).getByTestId(`top-row-${kind}`).locator('[data-cell=invalidShare]').allTextContents();
        expect(shares.map(plain), card).toEqual(rows.slice(0, 10).map((row) => plain(percentIn(language)(row.invalidShare))));
        await toggle.click();
        expect(await page.getByTestId(card).getByTestId(`top-row-${kind}`).count(), card).toBe(Math.min(5, rows.length));
      }

      // The top chart: one measure per chart, each axis named, each tooltip the day's own value.
      for (const measure of ['impressions', 'clicks', 'conversions', 'ctr'] as const) {
        const chart = page.getByTestId(`chart-${measure}`);
        const labels = await chart.locator('.recharts-label').allTextContents();
        expect(labels, measure).toEqual(expect.arrayContaining([text.chart.day, measure === 'ctr' ? text.chart.ctr_axis : text.figures[measure]]));
      }
      for (const measure of ['clicks', 'ctr'] as const) {
        const chart = page.getByTestId(`chart-${measure}`);
        const mark = chart.locator(measure === 'ctr' ? '.recharts-line-dots circle' : '.recharts-bar-rectangle path').last();
        await mark.hover();
        const tooltip = chart.locator('.recharts-tooltip-wrapper');
        await expect.poll(() => tooltip.textContent()).toMatch(/\d{2}-\d{2}-\d{4}/);
        const shown = plain(await tooltip.textContent());
        const day = analytics.stats.find((entry) => shown.includes(entry.date.split('-').reverse().join('-')))!;
        const expected = measure === 'ctr' ? `${new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(day.ctr)} %` : count(day.clicks);
        expect(shown, measure).toContain(`${text.figures[measure]} : ${expected}`.replace(/\s/g, ' '));
      }

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('chart-ctr').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-charts-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // When the figures are of; the previous period compared: each total's previous figure and change, dashed lines.
      expect(await page.getByTestId('data-as-of').textContent()).toBe(text.chart.data_as_of.replace('%{time}', formatMoment(analytics.dataAsOf)));
      const total = (key: string) => page.getByTestId('totals').locator(`[data-total="${key}"]`);
      expect(plain(await total('clicks').locator('[data-value]').textContent())).toBe(count(analytics.totals.clicks));
      // The invalid share of the period (the workload holds bots and other invalid events), named in the reader's language.
      expect(analytics.totals.invalidShare).toBeGreaterThan(0);
      expect(plain(await total('invalidShare').locator('[data-value]').textContent())).toBe(plain(percentIn(language)(analytics.totals.invalidShare)));
      expect(plain(await total('invalidShare').locator('.MuiTypography-caption').first().textContent())).toBe(text.figures.invalidShare);
      await page.getByTestId('totals').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-invalid-share-${language}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('totals').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-invalid-share-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.getByTestId('totals').locator('[data-previous]').count()).toBe(0);
      await page.getByTestId('compare-previous').locator('input').check();
      await total('clicks').locator('[data-previous]').waitFor();
      const compared = await api<Analytics>('/api/dashboard/analytics?compare=previous', 'advertiser@demo.test', language);
      const previous = compared.previous!;
      const earlier = await api<Analytics>(`/api/dashboard/analytics?start=${previous.range.start}&end=${previous.range.end}`, 'advertiser@demo.test', language);
      expect(previous.totals).toEqual(earlier.totals);
      expect(previous.totals.clicks).toBeGreaterThan(0);
      const decimals = new Intl.NumberFormat(LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const shown = (key: keyof Totals, value: number) => (key === 'ctr' || key === 'invalidShare' ? `${decimals.format(value)} %` : key === 'cost' ? euro(value) : count(value));
      for (const key of ['impressions', 'clicks', 'conversions', 'ctr', 'cost', 'invalidShare'] as const) {
        expect(plain(await total(key).locator('[data-previous]').textContent()), key).toBe(plain(text.chart.previous_value.replace('%{value}', shown(key, previous.totals[key]))));
        expect(plain(await total(key).locator('[data-change]').textContent()), key)
          .toBe(plain(formatChange(periodChange(compared.totals[key], previous.totals[key]), language)));
      }
      expect(await page.locator('[data-testid^="chart-"][data-previous="shown"]').count()).toBe(4);
      expect(await page.getByTestId('top-chart').locator('.recharts-line-curve[stroke-dasharray="6 4"]').count()).toBe(4);
      await expectNoEnglish(page, '/ with the previous period', language);
      await page.getByTestId('top-chart').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-compare-${language}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('totals').scrollIntoViewIfNeeded();
      await shot(page, `dashboard-compare-${language}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('compare-previous').locator('input').uncheck();
      await expect.poll(() => page.getByTestId('totals').locator('[data-previous]').count()).toBe(0);

      // The booking's detail card, loaded when it opens.
      const details = await api<Details>(`/api/dashboard/details?booking=${work.summer.booking}`, 'advertiser@demo.test', language);
      await page.getByTestId('top-booking').locator(`[data-key="${work.summer.booking}"]`).click();
      const card = page.getByTestId('detail-booking');
      await card.waitFor();
      const fact = (name: string) => card.locator(`[data-fact=${name}]`).textContent().then(plain);
      expect(await fact('clicks')).toBe(count(details.clicks));
      expect(await fact('impressions')).toBe(count(details.impressions));
      expect(await fact('cost')).toBe(euro(details.cost));
      expect(await fact('creatives')).toBe(count(details.creatives));
      expect(await fact('invalidShare')).toBe(plain(percentIn(language)(details.invalidShare)));
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
      expect(plain(await row('Summer Sale 2026').locator('[data-cell=invalidShare]').textContent())).toBe(plain(percentIn(language)(summer.invalidShare)));
      expect(await row('Summer Sale 2026').locator('[data-link=instant-report]').getAttribute('href')).toBe(`/campaign/stats/${work.summer.campaign}`);
      // The advertiser has no Expert Analytics and no campaign edit (SPEC section 2: admin and systemoperator).
      expect(await row('Summer Sale 2026').locator('[data-link=expert], [data-link=campaign-edit]').count()).toBe(0);
      expect(await row('Summer Sale 2026').locator('[data-cell=name]').getAttribute('href')).toBe(`/booking/update/${work.summer.booking}`);

      // A booking waiting for approval: who approves and what comes next; a ready one says so under its badge.
      const note = table.getByTestId('waiting-note');
      await note.getByText(translatorFor(language)('app.bookings.info.explain.waiting_for_approval')).waitFor();
      expect(await row(`Waiting ${language}`).locator('[data-cell=step]').textContent()).toBe(translatorFor(language)('resources.booking.values.status.waiting for approval'));
      expect(await row('Brand Awareness Q4').locator('[data-cell=step]').textContent()).toBe(translatorFor(language)('resources.booking.values.status.pending'));

      // bookings.csv: every row of the table, also of a group hidden now, in the reader's language and SPEC's formats.
      await badge('paused').click();
      await expect.poll(() => row('Retargeting Evergreen').count()).toBe(0);
      const csv = await download(page, () => table.locator('[data-action=export-csv]').click());
      expect(csv.name).toBe('bookings.csv');
      const [header, ...lines] = parse(csv.text, { bom: true }) as string[][];
      expect(header).toEqual(Object.values(text.csv));
      const bookings = await api<{ name: string }[]>(`/api/booking?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ advertiser: work.demoShop }))}`, 'advertiser@demo.test', language);
      expect(lines.map((line) => line[0]).sort()).toEqual(bookings.map((booking) => booking.name).sort());
      expect(lines.map((line) => line[0])).toContain('Retargeting Evergreen');
      const summerLine = lines.find((line) => line[0] === 'Summer Sale 2026')!;
      expect(summerLine.slice(1, 7)).toEqual([
        text.groups.active, text.detail.per_day.replace('%{amount}', euro(50)), 'Platform 161, Facebook, Google Ads', String(summer.impressions), String(summer.clicks), euro(summer.cost),
      ]);
      expect(summerLine[7]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(lines.find((line) => line[0] === `Waiting ${language}`)![1]).toBe(translatorFor(language)('resources.booking.values.status.waiting for approval'));
      if (language === 'de') expect(csv.text).not.toMatch(/\bactive\b|\bpaused\b|\bpending\b|\/ day|\d{4}-\d{2}-\d{2}/);
      await badge('paused').click();
      await row('Retargeting Evergreen').waitFor();

      // 'Click to publish' under a ready booking, as on /bookings: it goes live from the dashboard. The server waits
      // up to two minutes for the channels; once is enough (German), the English run reads the button.
      const ready = row(`Ready ${language}`);
      const publish = ready.locator('[data-action=publish]');
      expect(plain(await publish.textContent())).toBe(translatorFor(language)('app.bookings.action.publish'));
      if (language === 'de') {
        await publish.click();
        await page.getByText(new RegExp(`${translatorFor(language)('app.bookings.notify.published')}|${translatorFor(language)('app.bookings.notify.still_publishing')}`)).first().waitFor({ timeout: 150_000 });
        // The server took it: the row reads publishing (or, with the channels' jobs done, active) and offers it no more.
        const stored = async () => ((await kit.server.core.model('booking').findOne({ where: { name: `Ready ${language}` }, raw: true })) as unknown as { status: string }).status;
        expect(['publishing', 'published', 'active']).toContain(await stored());
        await expect.poll(() => publish.count()).toBe(0);
        await expect.poll(async () => (await ready.getAttribute('data-group')) === 'active'
          || (await ready.locator('[data-cell=step]').textContent()) === translatorFor(language)('resources.booking.values.status.publishing')).toBe(true);
      }

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
    }, 240_000);

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
