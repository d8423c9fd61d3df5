/**
 * Expert Analytics (/campaign/:id) in Chromium, in German and English, on a campaign with tracked traffic (the
 * reports' seeded workload, written through the tracking pipeline): the systemoperator reads the cards, the onsite
 * classes and a creative performance row as the API answers them (numbers in the reader's language), sees the
 * charts, downloads the CSV and finds the API's rows in it, reads the server's refusal of a range too far back and
 * the empty state of a day without traffic, and follows an onsite class to /events; a campaign that is not there
 * is the 403 page, as a report link's; an advertiser reads 'You are not allowed to access this page' in its language.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { QueryTypes } from 'sequelize';
import { EVENT_CLASSES } from '@adsuite/config';
import { INVALID_REASON_LABELS } from '@adsuite/config/invalidTraffic';
import { formatCount, formatEuros, localeOf } from '@adsuite/config/i18n/format';
import {
  besides, expectNoEnglish, LANGUAGES, navigate, SCREENSHOTS, settle, shot, signIn, startHarness, stopHarness, translatorFor, type Harness, type Language,
} from '../../../admin/test/browser.ts';
import type { TrackingKit } from '../../tracking/server/testkit.ts';
import { daysAgo, today, writeShopVisits, writeWorkload, type Workload } from '../server/workload.ts';
import { messages as rangeMessages } from '../../../admin/src/screens/dayRangeMessages.ts';
import { earliestDay } from '../../../admin/src/screens/dayRange.ts';
import type { ExpertStats } from './expert/expertApi.ts';
import { messages } from './expert/messages.ts';

let harness: Harness;
let work: Workload;
const START = daysAgo(9);
const END = today();

beforeAll(async () => {
  harness = await startHarness();
  const { server } = harness;
  const sql = (query: string, bind: unknown[] = []) => server.core.sequelize.query(query, { bind, type: QueryTypes.SELECT }) as never;
  const kit = {
    server, sql,
    lineitem: async (campaign: string, channel: string) => {
      const [row] = await server.core.sequelize.query<{ id: string; advertiser_id: string; campaign_id: string; creative_ids: string[]; channel: string; bid_price: string; bid_type: string }>(
        `SELECT l.*, l.creatives_ids AS creative_ids FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = $2`,
        { bind: [campaign, channel], type: QueryTypes.SELECT });
      return { id: row.id, advertiser: row.advertiser_id, campaign: row.campaign_id, banner: row.creative_ids[0], channel: row.channel, bidPrice: Number(row.bid_price), bidType: row.bid_type };
    },
  };
  // The workload needs the kit's server, sql and lineitem only, here on the browser harness's server.
  work = await writeWorkload(kit as unknown as TrackingKit, { seed: 7 });
  // Shop visits the campaign's clicks led to: onsite events that carry the campaign, the last ones an hour ago.
  await writeShopVisits(kit as unknown as TrackingKit, work, { seed: 7 });
}, 300_000);

afterAll(() => stopHarness(harness));

async function statsOf(language: Language, query = `start=${START}&end=${END}`): Promise<{ status: number; body: ExpertStats & { message?: string } }> {
  const token = await harness.server.token('sysop@demo.test');
  const res = await harness.server.api(`/api/campaign/${work.summer.campaign}/stats?${query}`, { token, headers: { Language: language } });
  return { status: res.status, body: await res.json() };
}

/** The parts of the screen looked at one by one (a full page at phone width is too tall to read). */
const PARTS = {
  header: '[data-testid=expert-analytics] > .MuiCard-root', cards: '[data-card=unique] >> xpath=../..', onsite: '[data-card=onsite]',
  days: '[data-testid=day-charts]', hours: '[data-testid=hour-charts]', creatives: '[data-testid=creative-performance] [data-lineitem]', assets: '[data-testid=campaign-assets]',
};

/** Text as shown, with the non-breaking spaces of numbers and money as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const shown = async (page: Page, selector: string) => plain(await page.locator(selector).first().textContent());

describe.each(LANGUAGES)('Expert Analytics in %s', (language: Language) => {
  const text = messages[language];
  const count = (value: number) => formatCount(value, language);
  const euros = (value: number) => plain(formatEuros(value));
  const percent = (value: number) => plain(new Intl.NumberFormat(localeOf(language), { style: 'percent', minimumFractionDigits: 2 }).format(value / 100));

  it('shows the systemoperator the API\'s cards, onsite classes, charts and creative performance, and the CSV of it', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(page, `/campaign/${work.summer.campaign}?start=${START}&end=${END}`);
    await settle(page, 'Expert Analytics');
    await page.locator('[data-card=unique] [data-value]').waitFor();
    const { status, body: stats } = await statsOf(language);
    expect(status).toBe(200);
    expect(stats.impressionCount).toBeGreaterThan(0);

    // Header: the campaign and the query time in seconds.
    expect(await shown(page, '[data-testid=campaign-name]')).toBe('Summer Sale 2026');
    expect(await shown(page, '[data-testid=query-time]')).toMatch(language === 'de' ? /Abfragezeit: \d+,\d{3} s$/ : /Query time: \d+\.\d{3} s$/);

    // Cards.
    expect(await shown(page, '[data-card=unique] [data-value]')).toBe(count(stats.uniqueCount));
    expect(await shown(page, '[data-card=impressions] [data-value]')).toBe(count(stats.impressionCount));
    expect(await shown(page, '[data-card=impressions] [data-note]')).toBe(text.cards.expected.replace('%{value}', count(stats.impressionCountExpected!)));
    expect(await shown(page, '[data-card=clicks] [data-value]')).toBe(count(stats.clickCount));
    expect(await shown(page, '[data-card=clicks] [data-note]')).toBe(text.cards.expected.replace('%{value}', count(stats.clickCountExpected!)));
    expect(await shown(page, '[data-card=site-cr] [data-value]')).toBe(percent(stats.siteCr));
    expect(await shown(page, '[data-card=site-cr] [data-note]')).toBe(plain(text.cards.basket.replace('%{value}', euros(stats.basketavg))));
    // Each class links to the campaign's events of that class (SPEC section 2: /events?campaign={id}&cls={class}).
    await page.locator('[data-class=order][href]').waitFor();
    for (const cls of EVENT_CLASSES) {
      expect(await shown(page, `[data-class=${cls}] [data-value]`), cls).toBe(count(stats[cls]));
      const link = new URL((await page.locator(`[data-class=${cls}]`).getAttribute('href'))!, harness.server.url);
      expect(`${link.pathname}?${link.searchParams}`).toBe(`/events?campaign=${work.summer.campaign}&cls=${cls}`);
    }

    // Charts: seven over the days (a range of ten days), four per hour.
    expect(await page.locator('[data-chart^=day-]').count()).toBe(7);
    expect(await page.locator('[data-chart^=hour-]').count()).toBe(4);
    expect(await page.locator('[data-chart=hour-dwell] .recharts-line-curve').count()).toBe(1);

    // A creative performance row and its channel's total row.
    const display = stats.creativeArray.find((item) => item.lineItem === work.summer.lineitems.platform161)!;
    const channel = display.channels[0];
    const creative = channel.creatives[0];
    const row = page.locator(`[data-lineitem="${display.lineItem}"] [data-channel="${channel.channel}"] tr[data-creative="${creative.entity!._id}"]`);
    expect(plain(await row.locator('[data-col=name]').textContent())).toBe(creative.entity!.name);
    expect(plain(await row.locator('[data-col=size]').textContent())).toBe(`${creative.entity!.width}x${creative.entity!.height}`);
    expect(plain(await row.locator('[data-col=impressions]').textContent())).toBe(count(creative.data.impression));
    expect(plain(await row.locator('[data-col=clicks]').textContent())).toBe(count(creative.data.click));
    expect(plain(await row.locator('[data-col=pc]').textContent())).toBe(`${count(creative.data.pcConversions)} (${euros(creative.data.pcConversionsValue)})`);
    expect(plain(await row.locator('[data-col=pv]').textContent())).toBe(`${count(creative.data.pvConversions)} (${euros(creative.data.pvConversionsValue)})`);
    expect(await row.locator('a[href^="/banner?id="]').getAttribute('href')).toBe(`/banner?id=${creative.entity!._id}`);
    const total = page.locator(`[data-lineitem="${display.lineItem}"] [data-channel="${channel.channel}"] tr[data-total]`);
    expect(plain(await total.locator('[data-col=clicks]').textContent())).toBe(count(channel.total.click));
    // Invalid traffic: the reasons the API lists, most first, with their counts in the reader's language.
    expect(stats.invalid.reasons.length).toBeGreaterThan(1);
    const reasons = page.locator('[data-table=invalid-reasons] tbody tr');
    expect(await reasons.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-row')))).toEqual(stats.invalid.reasons.map((entry) => entry.reason));
    const first = stats.invalid.reasons[0];
    const firstRow = page.locator(`[data-table=invalid-reasons] tr[data-row="${first.reason}"]`);
    expect(plain(await firstRow.locator('[data-col=reason]').textContent())).toBe(INVALID_REASON_LABELS[first.reason][language]);
    expect(plain(await firstRow.locator('[data-col=impressions]').textContent())).toBe(count(first.impressions));
    expect(plain(await firstRow.locator('[data-col=clicks]').textContent())).toBe(count(first.clicks));
    // The assets: every line item of the campaign with its edit link.
    expect(await page.locator('[data-assets=lineitem] tr[data-asset]').count()).toBe(stats.assets.lineitem.length);
    expect(await page.locator(`[data-assets=lineitem] tr[data-asset="${display.lineItem}"] a`).getAttribute('href')).toBe(`/lineitem/update/${display.lineItem}`);

    await expectNoEnglish(page, '/campaign/:id', language);
    for (const width of [1440, 1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `expert-analytics-${width}-${language}`);
      // The page fits the window: only a table may scroll, inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
      // At either width the creative's figures are on the screen, not in a table scrolled out of sight.
      const clicks = page.locator(`[data-lineitem="${display.lineItem}"] [data-channel="${channel.channel}"] [data-creative="${creative.entity!._id}"] [data-col=clicks]`);
      expect(plain(await clicks.textContent())).toBe(count(creative.data.click));
      const box = (await clicks.boundingBox())!;
      expect(box.x + box.width, `clicks at ${width} px`).toBeLessThanOrEqual(width);
      for (const [part, selector] of Object.entries(PARTS)) {
        await page.locator(selector).first().screenshot({ path: path.join(SCREENSHOTS, `expert-analytics-${width}-${language}-${part}.png`) });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The CSV: one row per creative and a total row per channel, as the API answers them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text.download_csv }).click()]);
    expect(download.suggestedFilename()).toBe(`expert-analytics-summer-sale-2026-${START}-${END}.csv`);
    const rows = parse((await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '')) as string[][];
    expect(rows[0]).toEqual([text.csv.lineitem, text.csv.channel, text.csv.creative, text.csv.size, text.csv.id, text.csv.impressions, text.csv.clicks, text.csv.pc, text.csv.pc_value, text.csv.pv, text.csv.pv_value]);
    const expected = stats.creativeArray.flatMap((item) => item.channels.flatMap((entry) => [
      ...entry.creatives.map((one) => [item.entity?.name ?? '', entry.name ?? '', one.entity?.name ?? '', one.entity?.width ? `${one.entity.width}x${one.entity.height}` : '', one.entity?._id ?? '', ...Object.values(one.data).map(String)]),
      [item.entity?.name ?? '', entry.name ?? '', text.csv.total, '', '', ...Object.values(entry.total).map(String)],
    ]));
    expect(rows.slice(1)).toEqual(expected);
    expect(rows.slice(1)).toContainEqual(['Summer Sale 2026 / Platform 161', 'Platform 161', creative.entity!.name, `${creative.entity!.width}x${creative.entity!.height}`, creative.entity!._id,
      String(creative.data.impression), String(creative.data.click), String(creative.data.pcConversions), String(creative.data.pcConversionsValue), String(creative.data.pvConversions), String(creative.data.pvConversionsValue)]);

    // An onsite class leads to the events list filtered by the campaign and the class, both shown in its filter bar.
    await page.locator('[data-class=order]').click();
    await page.waitForURL((url) => url.pathname === '/events' && url.searchParams.has('filter'));
    await settle(page, translatorFor(language)('resources.event.name', { smart_count: 2 }));
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ campaign: work.summer.campaign, cls: ['order'] });
    await page.waitForFunction(() => [...document.querySelectorAll('form input')].some((input) => (input as HTMLInputElement).value === 'Summer Sale 2026'));
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('shows the server\'s refusal of a range too far back and the empty state of a day without traffic', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(page, `/campaign/${work.summer.campaign}?start=${daysAgo(100)}&end=${daysAgo(100)}`);
    await settle(page, 'Expert Analytics');
    await page.getByTestId('expert-empty').waitFor();
    expect(plain(await page.getByTestId('expert-empty').textContent())).toBe(text.empty);
    // One day: no charts over the days, the hours' charts all the same.
    expect(await page.locator('[data-chart^=day-]').count()).toBe(0);
    await expectNoEnglish(page, '/campaign/:id without traffic', language);

    const early = daysAgo(400);
    const refused = await statsOf(language, `start=${early}&end=${END}`);
    expect(refused.status).toBe(400);
    // A typed day before the earliest is marked at its field and asks nothing; from the address the server refuses it.
    const typed = (day: string) => day.split('-').reverse().join('-');
    await page.locator('input[name=end]').fill(typed(END));
    await page.locator('input[name=start]').fill(typed(early));
    const tooEarly = rangeMessages[language].too_early.replace('%{day}', typed(earliestDay()));
    await page.locator('[data-testid=day-range]').getByText(tooEarly).waitFor();
    expect(new URL(page.url()).searchParams.get('start')).toBe(daysAgo(100));
    await navigate(page, `/campaign/${work.summer.campaign}?start=${early}&end=${END}`);
    await page.getByTestId('expert-error').waitFor();
    expect(plain(await page.getByTestId('expert-error').textContent())).toBe(plain(refused.body.message!));
    expect(await shown(page, '[data-testid=campaign-name]')).toBe('Summer Sale 2026');
    expect(await page.getByRole('button', { name: text.download_csv }).isDisabled()).toBe(true);
    await expectNoEnglish(page, '/campaign/:id with a refused range', language);
    await shot(page, `expert-analytics-refused-${language}`);
    expect(besides(problems, 400)).toEqual([]);
    await close();
  });

  it('sends the systemoperator from a campaign that is not there to the 403 page, as a report link does', async () => {
    const { page, close } = await signIn(harness, 'sysop@demo.test', { language });
    // The link, opened as a link from a mail is: a page load.
    await page.goto(`${harness.server.url}/campaign/00000000-0000-4000-8000-000000000000`);
    await page.waitForURL((url) => url.pathname === '/403', { timeout: 30_000 });
    await page.waitForFunction((title) => document.title === title, language === 'de' ? 'Keine Berechtigung | AdSuite' : 'Access denied | AdSuite');
    expect(await page.locator('h1').innerText()).not.toBe('');
    await close();
  });

  it('opens an onsite class\'s events from its tile: the campaign\'s events of that class, listed', async () => {
    const { page, problems, close } = await signIn(harness, 'sysop@demo.test', { language });
    await navigate(page, `/campaign/${work.summer.campaign}?start=${START}&end=${END}`);
    await settle(page, 'Expert Analytics');
    await page.locator('[data-class=front][href]').waitFor();
    const { body: stats } = await statsOf(language);
    expect(stats.front).toBeGreaterThan(0);
    expect(await shown(page, '[data-class=front] [data-value]')).toBe(count(stats.front));
    await page.locator('[data-class=front]').click();
    await page.waitForURL((url) => url.pathname === '/events' && url.searchParams.has('filter'));
    await settle(page, translatorFor(language)('resources.event.name', { smart_count: 2 }));
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ campaign: work.summer.campaign, cls: ['front'] });
    // The list's rows (its last 3 days): as many as the API lists for the same filter, each of the campaign.
    const token = await harness.server.token('sysop@demo.test');
    const listed = (await (await harness.server.api(`/api/event?filter=${encodeURIComponent(JSON.stringify({ campaign: work.summer.campaign, cls: ['front'] }))}&range=[0,9]`, { token })).json()) as unknown[];
    expect(listed.length).toBeGreaterThan(0);
    const campaigns = async () => (await page.locator('tbody td.column-campaign').allTextContents()).map(plain);
    await expect.poll(campaigns, { timeout: 10_000 }).toEqual(listed.map(() => 'Summer Sale 2026'));
    await shot(page, `expert-analytics-onsite-events-${language}`);
    expect(besides(problems)).toEqual([]);
    await close();
  });

  it('refuses an advertiser with SPEC\'s text in its language', async () => {
    const { page, close } = await signIn(harness, 'advertiser@demo.test', { language });
    await navigate(page, `/campaign/${work.summer.campaign}`);
    await settle(page, 'Expert Analytics');
    await page.getByTestId('expert-refused').waitFor();
    expect(plain(await page.getByTestId('expert-refused').textContent())).toBe(language === 'de' ? 'Sie haben keinen Zugriff auf diese Seite' : 'You are not allowed to access this page');
    expect(await page.locator('[data-card]').count()).toBe(0);
    await expectNoEnglish(page, '/campaign/:id as advertiser', language);
    await close();
  });
});
