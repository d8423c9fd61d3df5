/**
 * The Instant Report in Chromium (issue 13), in German and English: the demo advertiser opens Summer Sale 2026's
 * report from the campaigns list, reads the Channels tab (rows and totals footer) and the Date tab against the API's
 * answer, the tabs that load their rows when they open (Conversions, Websites, a publisher's views), switches the chart's tabs, removes a website (confirmation;
 * the row stays with its past figures and the totals, marked removed) and the ad server stops delivering there; the buttons to Conversion and Click Approval (the campaign's flags, set by the demo seed)
 * and the Conversions tab's approval status (one conversion approved through the approvals API, one pending); a
 * viewer lands on /403; the publisher's view shows the publisher's own rows. The header says when the figures are of
 * (the answer's dataAsOf); with the previous period compared, each total shows the previous period's figure and the
 * change in percent ('–' where the previous period had none) and the chart draws the previous period's dashed line.
 * Traffic is written through the tracking pipeline (writeEvents) before the visit; more while a report is open, which
 * it shows within its refresh interval with a later "data as of", no reload, no bar. Screenshots at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatChange, formatCount, formatDay, formatEuros, formatMoment, localeOf, periodChange, type Language } from '@adsuite/config/i18n/format';
import {
  expectNoEnglish, LANGUAGES, navigate, pathname, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness,
} from '../../../admin/test/browser.ts';
import { forgetAllLineItems } from '../../tracking/server/testkit.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { BROWSER_UA } from '../../tracking/server/testkit.ts';
import { messages } from './instant/messages.ts';
import { conversionsOf, crOf, ctrOf, invalidShareOf, total } from './instant/reportApi.ts';
import { messages as toolMessages } from './shared/messages.ts';

let harness: Harness;
let token: string;
const demo = { campaign: '', advertiser: '', lineitem: '', banner: '', publisher: '' };
const DAY_MS = 86_400_000;
const day = (back: number) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);
const range = { start: day(6), end: day(0) };
/** Two conversions: one approved before the visit, one left pending. */
const conversion = { approved: crypto.randomUUID(), pending: crypto.randomUUID(), approvalDate: '' };

interface Figures { impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number }
interface Report {
  campaignName: string;
  stats: (Figures & { date: string; channel: string | null; publisher: string | null })[];
  previous: { range: { start: string; end: string }; totals: Figures; stats: (Figures & { date: string })[] } | null;
  dataAsOf: string | null;
}
interface Websites { websites: (Figures & { location: string })[] }

const sql = <T>(query: string, bind: unknown[] = []) => harness.server.core.sequelize.query(query, { bind, type: 'SELECT' as never }) as unknown as Promise<T[]>;

/** The report's answer (`query`: more parameters, e.g. the websites alone). */
async function report<T = Report>(query = ''): Promise<T> {
  const res = await harness.server.api(`/api/campaign/${demo.campaign}/report?start=${range.start}&end=${range.end}${query}`, { token, headers: { Advertiser: demo.advertiser } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const sum = (rows: Figures[], key: keyof Figures) => rows.reduce((total, row) => total + row[key], 0);
const site = (language: Language) => `ir-remove-${language}.example`;
const serve = (website: string) => fetch(`${harness.server.url}/banner?id=${demo.banner}&lineitem=${demo.lineitem}&site=${website}`, { headers: { 'User-Agent': BROWSER_UA } });

beforeAll(async () => {
  harness = await startHarness();
  const [row] = await sql<{ campaign: string; advertiser: string; lineitem: string; banner: string }>(
    `SELECT c.id AS campaign, c.advertiser_id AS advertiser, l.id AS lineitem, l.creatives_ids[1] AS banner FROM campaigns c
     JOIN lineitems l ON l.campaign_id = c.id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`);
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  Object.assign(demo, row, { publisher: publisher.id });
  token = await harness.server.token('advertiser@demo.test');
  // Traffic of the last days: many clicks on one website per language (so it leads the Websites tab), views and
  // clicks elsewhere, a conversion.
  const events: TrackedEvent[] = [];
  const common = { advertiser: demo.advertiser, campaign: demo.campaign, lineitem: demo.lineitem, banner: demo.banner, channel: 'platform161', publisher: demo.publisher };
  for (const [index, language] of LANGUAGES.entries()) {
    events.push({ kind: 'delivery', ...common, website: site(language), created: new Date(Date.now() - (index + 1) * DAY_MS), impressions: 900_000, clicks: 90_000, source: 'sandbox', costMilli: 1_000_000 });
  }
  for (let n = 0; n < 40; n++) {
    events.push({ kind: n % 4 === 0 ? 'click' : 'view', ...common, website: 'ir-news.example', created: new Date(Date.now() - (n % 5) * DAY_MS - 3_600_000), costMilli: 300 });
  }
  // The previous period (7 to 13 days back): views and clicks, no conversion.
  for (let n = 0; n < 30; n++) {
    events.push({ kind: n % 3 === 0 ? 'click' : 'view', ...common, website: 'ir-news.example', created: new Date(Date.now() - (7 + (n % 5)) * DAY_MS - 3_600_000), costMilli: 400 });
  }
  events.push({ kind: 'conversion', ...common, id: conversion.approved, website: 'ir-news.example', created: new Date(Date.now() - 7_200_000), attribution: 'post_click', value: 5990, orderId: 'IR-1', clickId: crypto.randomUUID() });
  events.push({ kind: 'conversion', ...common, id: conversion.pending, website: 'ir-news.example', created: new Date(Date.now() - 7_300_000), attribution: 'post_click', value: 2490, orderId: 'IR-2', clickId: crypto.randomUUID() });
  await writeEvents(harness.server.core, events);
  const decided = await harness.server.api(`/api/campaign/${demo.campaign}/conversions`, { method: 'POST', token, body: { conversionId: conversion.approved, approved: true } });
  expect(decided.status).toBe(200);
  conversion.approvalDate = ((await decided.json()) as { approvalDate: string }).approvalDate;
}, 600_000);

afterAll(async () => {
  await stopHarness(harness);
});

/** The shown text of a table's cell: the row `row`, the column `col`. */
const cell = (page: Page, table: string, row: string, col: string) => page.locator(`[data-table="${table}"] [data-row="${row}"] [data-col="${col}"]`).first().innerText();

describe.each(LANGUAGES)('the Instant Report (%s)', (language) => {
  const text = messages[language];
  const count = (value: number) => formatCount(value, language);

  it('shows the API\'s figures on the Channels and Date tabs, switches the chart and removes a website', async () => {
    const visit = await signIn(harness, 'advertiser@demo.test', { language });
    const { page } = visit;
    try {
      // From the campaigns list to the report.
      await navigate(page, '/campaigns');
      await settle(page, translatorFor(language)('resources.campaign.name', { smart_count: 2 }));
      const link = page.locator(`[data-row-link="/campaign/stats/${demo.campaign}"]`);
      await link.click();
      await page.waitForURL((url) => url.pathname === `/campaign/stats/${demo.campaign}`);
      await navigate(page, `/campaign/stats/${demo.campaign}?start=${range.start}&end=${range.end}`);
      await settle(page, `${text.title}: Summer Sale 2026`);
      await page.locator('[data-table="channels"]').waitFor();
      const answer = await report();

      // Channels: each channel's clicks and impressions, and the totals footer.
      const channels = [...new Set(answer.stats.map((row) => row.channel ?? 'none'))];
      expect(channels.length).toBeGreaterThan(0);
      for (const channel of channels) {
        const rows = answer.stats.filter((row) => (row.channel ?? 'none') === channel);
        expect(await cell(page, 'channels', channel, 'clicks'), channel).toBe(count(sum(rows, 'clicks')));
        expect(await cell(page, 'channels', channel, 'impressions'), channel).toBe(count(sum(rows, 'impressions')));
      }
      expect(await cell(page, 'channels', 'total', 'clicks')).toBe(count(sum(answer.stats, 'clicks')));
      expect(await cell(page, 'channels', 'total', 'conversions')).toBe(count(sum(answer.stats, 'pcConversions') + sum(answer.stats, 'pvConversions')));
      expect(await page.locator('[data-kpi="clicks"] [data-value]').innerText()).toBe(count(sum(answer.stats, 'clicks')));
      await expectNoEnglish(page, 'Instant Report, Channels', language);
      await shot(page, `instant-report-channels-${language}-1400`);
      // The campaign's approval flags show the buttons to the approval screens.
      expect(await page.locator('[data-testid="to-conversions"]').textContent()).toBe(text.conversion_approval);
      expect(await page.locator('[data-testid="to-clicks"]').textContent()).toBe(text.click_approval);

      // Conversions: the approved one says so with its day, the other is pending.
      await page.locator('[data-tab="conversions"]').click();
      const status = (id: string) => page.locator(`[data-table="conversions"] [data-row="${id}"] [data-col="status"]`);
      expect(await status(conversion.approved).locator('[data-status="approved"]').innerText()).toBe(text.approval.approved);
      expect(await status(conversion.approved).locator('[data-approval-date]').innerText()).toBe(formatDay(conversion.approvalDate));
      expect(await status(conversion.pending).locator('[data-status="pending"]').innerText()).toBe(text.approval.pending);
      expect(await status(conversion.pending).locator('[data-approval-date]').count()).toBe(0);
      await expectNoEnglish(page, 'Instant Report, Conversions', language);
      await shot(page, `instant-report-conversions-${language}-1400`);

      // Date: yesterday's clicks.
      await page.locator('[data-tab="date"]').click();
      const yesterday = answer.stats.filter((row) => row.date === day(1));
      expect(await cell(page, 'date', day(1), 'clicks')).toBe(count(sum(yesterday, 'clicks')));
      await page.locator('input[name="perChannel"]').check();
      expect(await cell(page, 'date', `${day(1)}|platform161`, 'clicks')).toBe(count(sum(yesterday.filter((row) => row.channel === 'platform161'), 'clicks')));

      // The chart's tabs.
      for (const metric of ['impressions', 'conversions', 'ctr', 'cr', 'clicks']) {
        await page.locator(`[data-chart-tab="${metric}"]`).click();
        await page.locator(`[data-testid="report-chart"][data-metric="${metric}"]`).waitFor();
      }

      // Websites: the website leads by clicks; removing it asks first, then stops delivery there: its past figures
      // and the totals stay, the row says it was removed.
      await page.locator('[data-tab="websites"]').click();
      const website = site(language);
      const listed = (await report<Websites>('&onlyWebsites=true')).websites;
      const shown = listed.find((row) => row.location === website)!;
      expect(await cell(page, 'websites', website, 'clicks')).toBe(count(shown.clicks));
      const totalViews = await cell(page, 'websites', 'total', 'impressions');
      expect(totalViews).toBe(count(sum(listed, 'impressions')));
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, `instant-report-websites-${language}-1280`);
      expect((await serve(website)).status).toBe(200);
      const beforeRemoval = (await report<Websites>('&onlyWebsites=true')).websites.find((row) => row.location === website);
      await page.locator(`[data-remove="${website}"]`).click();
      await page.getByRole('dialog').waitFor();
      expect(await page.getByRole('dialog').innerText()).toContain(website);
      await expectNoEnglish(page, 'Instant Report, remove website', language);
      await page.locator('[data-testid="remove-confirm"]').click();
      await page.locator(`[data-table="websites"] [data-row="${website}"] [data-removed="${website}"]`).waitFor();
      expect(await page.locator(`[data-removed="${website}"]`).innerText()).toBe(text.removed_badge);
      expect(await page.locator(`[data-remove="${website}"]`).count()).toBe(0);
      expect(await cell(page, 'websites', website, 'clicks')).toBe(count(shown.clicks));
      expect(await cell(page, 'websites', website, 'impressions')).toBe(count(shown.impressions));
      expect(await cell(page, 'websites', 'total', 'impressions')).toBe(totalViews);
      expect((await report<Websites>('&onlyWebsites=true')).websites.find((row) => row.location === website)).toEqual(beforeRemoval);
      await expectNoEnglish(page, 'Instant Report, removed website', language);
      await shot(page, `instant-report-websites-removed-${language}-1280`);
      forgetAllLineItems();
      expect((await serve(website)).status).toBe(204);
      expect((await serve('ir-news.example')).status).toBe(200);

      // Publishers: the overview and a publisher's detail.
      await page.locator('[data-tab="publishers"]').click();
      await page.locator(`[data-publisher="${demo.publisher}"]`).first().click();
      await page.locator('[data-testid="publisher-detail"]').waitFor();
      await page.locator('[data-view="website"]').click();
      await page.locator('[data-table="publisher-websites"]').waitFor();
      // Its date view: its own rows, loaded when the view opens.
      const own = await report(`&publisher=${demo.publisher}`);
      await page.locator('[data-view="date"]').click();
      expect(await cell(page, 'date', day(1), 'clicks')).toBe(count(sum(own.stats.filter((row) => row.date === day(1)), 'clicks')));

      // At phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('[data-tab="channels"]').click();
      await shot(page, `instant-report-channels-${language}-390`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    } finally {
      await visit.close();
    }
  }, 180_000);

  it('says when its figures are of and compares them with the previous period', async () => {
    const tools = toolMessages[language];
    const visit = await signIn(harness, 'advertiser@demo.test', { language });
    const { page } = visit;
    try {
      await navigate(page, `/campaign/stats/${demo.campaign}?start=${range.start}&end=${range.end}`);
      await settle(page, `${text.title}: Summer Sale 2026`);
      await page.locator('[data-kpi="clicks"] [data-value]').waitFor();
      // When the figures are of: the answer's dataAsOf, DD-MM-YYYY HH:mm (UTC).
      const plainAnswer = await report();
      expect(plainAnswer.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const asOf = page.getByTestId('data-as-of');
      expect(await asOf.getAttribute('data-value')).toBe(plainAnswer.dataAsOf);
      expect(await asOf.innerText()).toBe(tools.data_as_of.replace('%{time}', formatMoment(plainAnswer.dataAsOf)));
      expect(await page.locator('[data-kpi] [data-previous]').count()).toBe(0);

      // The comparison: switched on, kept in the address; the totals show the previous period's and the change.
      await page.getByTestId('compare-previous').locator('input').check();
      await page.waitForURL((url) => url.searchParams.get('compare') === 'previous');
      await page.locator('[data-kpi="clicks"] [data-previous]').waitFor();
      const answer = await report('&compare=previous');
      const previous = answer.previous!;
      expect(previous.range).toEqual({ start: day(13), end: day(7) });
      // The previous period's totals are what a report of its range answers (with the invalid share of its sums).
      const earlier = await (await harness.server.api(`/api/campaign/${demo.campaign}/report?start=${day(13)}&end=${day(7)}`, { token, headers: { Advertiser: demo.advertiser } })).json() as Report;
      expect(previous.totals).toEqual({ ...total(earlier.stats), invalidShare: invalidShareOf(total(earlier.stats)) });
      expect(previous.totals.clicks).toBeGreaterThan(0);
      expect(conversionsOf(previous.totals)).toBe(0);

      const percent = new Intl.NumberFormat(localeOf(language), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const figures = (sums: Figures) => ({
        impressions: [sums.impressions, count(sums.impressions)], clicks: [sums.clicks, count(sums.clicks)], ctr: [ctrOf(sums), percent.format(ctrOf(sums) / 100)],
        conversions: [conversionsOf(sums), count(conversionsOf(sums))], cr: [crOf(sums), percent.format(crOf(sums) / 100)], cost: [sums.cost, formatEuros(sums.cost)],
      }) as Record<string, [number, string]>;
      const now = figures(total(answer.stats));
      const before = figures(previous.totals);
      const plain = (value: string) => value.replace(/\s/g, ' ');
      for (const key of Object.keys(now)) {
        const card = page.locator(`[data-kpi="${key}"]`);
        expect(plain(await card.locator('[data-value]').innerText()), key).toBe(plain(now[key][1]));
        expect(plain(await card.locator('[data-previous]').innerText()), key).toBe(plain(tools.previous_value.replace('%{value}', before[key][1])));
        expect(plain(await card.locator('[data-change]').innerText()), key).toBe(plain(formatChange(periodChange(now[key][0], before[key][0]), language)));
      }
      // No conversion before: no change to name.
      expect(await page.locator('[data-kpi="conversions"] [data-change]').innerText()).toBe('–');
      expect(await page.locator('[data-kpi="cr"] [data-change]').innerText()).toBe('–');
      // The clicks rose: green, with a plus.
      expect(now.clicks[0]).toBeGreaterThan(before.clicks[0]);
      const clicksChange = page.locator('[data-kpi="clicks"] [data-change]');
      expect(await clicksChange.innerText()).toMatch(/^\+/);
      const [red, green] = await clicksChange.evaluate((element) => getComputedStyle(element).color.match(/\d+/g)!.slice(0, 2).map(Number));
      expect(green).toBeGreaterThan(red);
      // The chart draws the previous period dashed, named with its days.
      await page.locator('[data-testid="report-chart"][data-previous="shown"]').waitFor();
      expect(await page.locator('[data-testid="report-chart"] .recharts-line-curve[stroke-dasharray="6 4"]').count()).toBe(1);
      expect(await page.locator('[data-testid="report-chart"] .recharts-legend-wrapper').innerText())
        .toContain(tools.previous_range.replace('%{start}', formatDay(`${day(13)}T00:00:00Z`)).replace('%{end}', formatDay(`${day(7)}T00:00:00Z`)));
      await expectNoEnglish(page, 'Instant Report, previous period', language);
      await page.setViewportSize({ width: 1280, height: 900 });
      await shot(page, `instant-report-compare-${language}-1280`);
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, `instant-report-compare-${language}-390`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);

      // Switched off: the totals alone.
      await page.getByTestId('compare-previous').locator('input').uncheck();
      await expect.poll(() => page.locator('[data-kpi] [data-previous]').count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('compare')).toBeNull();
    } finally {
      await visit.close();
    }
  }, 180_000);

  it('follows the batches committed while it is open: new figures and a later "data as of", the tab and comparison kept, no bar', async () => {
    const tools = toolMessages[language];
    const visit = await signIn(harness, 'advertiser@demo.test', { language });
    const { page } = visit;
    try {
      await navigate(page, `/campaign/stats/${demo.campaign}?start=${range.start}&end=${range.end}&compare=previous`);
      await settle(page, `${text.title}: Summer Sale 2026`);
      await page.locator('[data-kpi="clicks"] [data-previous]').waitFor();
      await page.locator('[data-tab="date"]').click();
      await page.locator('[data-table="date"]').waitFor();
      const before = await report();
      const asOf = page.getByTestId('data-as-of');
      expect(await asOf.getAttribute('data-value')).toBe(before.dataAsOf);
      // The bar the header shows while figures load: never for a refresh in the background.
      await page.evaluate(() => {
        (window as unknown as { barSeen: boolean }).barSeen = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="report-loading"]')) (window as unknown as { barSeen: boolean }).barSeen = true;
        }).observe(document.body, { childList: true, subtree: true });
      });

      // New clicks of today through the tracking pipeline, while the page stays open.
      const added = 7;
      const common = { advertiser: demo.advertiser, campaign: demo.campaign, lineitem: demo.lineitem, banner: demo.banner, channel: 'platform161', publisher: demo.publisher };
      await writeEvents(harness.server.core, [{ kind: 'delivery', ...common, website: 'ir-live.example', created: new Date(), impressions: 70, clicks: added, source: 'sandbox', costMilli: 7000 }]);
      const after = await report();
      expect(sum(after.stats, 'clicks')).toBe(sum(before.stats, 'clicks') + added);
      expect(Date.parse(after.dataAsOf!)).toBeGreaterThan(Date.parse(before.dataAsOf!));

      // Within the refresh interval (30 s), without a reload: the totals, the Date tab's row of today, "data as of".
      await expect.poll(() => page.locator('[data-kpi="clicks"] [data-value]').innerText(), { timeout: 60_000, interval: 1000 })
        .toBe(count(sum(after.stats, 'clicks')));
      expect(await cell(page, 'date', day(0), 'clicks')).toBe(count(sum(after.stats.filter((row) => row.date === day(0)), 'clicks')));
      expect(Date.parse((await asOf.getAttribute('data-value'))!)).toBeGreaterThanOrEqual(Date.parse(after.dataAsOf!));
      expect(await asOf.innerText()).toBe(tools.data_as_of.replace('%{time}', formatMoment(await asOf.getAttribute('data-value'))));
      // The same page: the tab chosen, the comparison and the range kept; no bar, no spinner.
      expect(await page.locator('[data-tab="date"][aria-selected="true"]').count()).toBe(1);
      expect(await page.locator('[data-kpi="clicks"] [data-previous]').count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('compare')).toBe('previous');
      expect(new URL(page.url()).searchParams.get('start')).toBe(range.start);
      expect(await page.evaluate(() => (window as unknown as { barSeen: boolean }).barSeen)).toBe(false);
      expect(await page.locator('[data-testid="instant-report"] .MuiCircularProgress-root').count()).toBe(0);
    } finally {
      await visit.close();
    }
  }, 180_000);

  it('tells the viewer no: /403', async () => {
    const visit = await signIn(harness, 'viewer@demo.test', { language });
    try {
      await navigate(visit.page, `/campaign/stats/${demo.campaign}`);
      await visit.page.waitForURL((url) => url.pathname === '/403');
      expect(pathname(visit.page)).toBe('/403');
    } finally {
      await visit.close();
    }
  }, 120_000);

  it('shows the publisher its own rows of the campaign', async () => {
    const visit = await signIn(harness, 'publisher@demo.test', { language });
    const { page } = visit;
    try {
      await navigate(page, `/p/campaign/stats/${demo.campaign}?start=${range.start}&end=${range.end}`);
      await settle(page, `${text.publisher_title}: Summer Sale 2026`);
      const publisherToken = await harness.server.token('publisher@demo.test');
      const view = (await (await harness.server.api(`/api/publisher/campaign/${demo.campaign}/report?start=${range.start}&end=${range.end}`, { token: publisherToken })).json()) as Report;
      expect(view.stats.every((row) => row.publisher === demo.publisher)).toBe(true);
      expect(await page.locator('[data-kpi="clicks"] [data-value]').innerText()).toBe(count(sum(view.stats, 'clicks')));
      await expectNoEnglish(page, 'publisher campaign statistics', language);
      await shot(page, `publisher-campaign-stats-${language}-1400`);
    } finally {
      await visit.close();
    }
  }, 120_000);
});
