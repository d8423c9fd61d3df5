/**
 * Report subscriptions: PATCH /api/auth/login stores them, the recurring job mails each subscribed report once per
 * ended period over real SMTP with the period's figures and a CSV of them per day and channel, which must equal a
 * GROUP BY over the raw events; another tenant's campaign is never mailed.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '@adsuite/backend/testkit';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { lastPeriod, mailSubscriptions } from './subscriptions.ts';
import { centsBy, expectedCents, RAW_SUMS, type Workload, VALID, writeWorkload } from './workload.ts';

const smtp = await startTestSmtpServer();
const kit = useTrackingServer({ env: { smtpUrl: smtp.url } });
let work: Workload;

beforeAll(async () => {
  work = await writeWorkload(kit);
}, 300_000);
afterAll(() => smtp.stop());

const patch = async (email: string, body: unknown) =>
  kit.server.api('/api/auth/login', { method: 'PATCH', token: await kit.server.token(email), body });

async function rawRows(campaign: string, period: { start: string; end: string }) {
  return kit.sql<Record<string, string>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, ${RAW_SUMS} FROM events
     WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2 ORDER BY 1, 2`, [campaign, period.start, period.end]);
}

describe('report subscriptions', () => {
  it('mails each subscribed report once per period with figures and a CSV equal to the raw events', async () => {
    const campaign = work.summer.campaign;
    expect((await patch('advertiser@demo.test', { subscriptions: [{ campaign, daily: true, weekly: true, monthly: false }] })).status).toBe(200);
    expect((await patch('sysop@demo.test', { language: 'en', subscriptions: [{ campaign, weekly: true }] })).status).toBe(200);
    // A subscription the user no longer reaches (written past the API, as a lost grant leaves it): never mailed.
    await kit.server.core.model('login').update({ subscriptions: [{ campaign, daily: true, weekly: false, monthly: false }] }, { where: { email: 'other@demo.test' } });

    const now = Date.now();
    expect(await mailSubscriptions(kit.server.core, now)).toBe(3);
    // (The workload's spend also mails balance alerts: only the reports count here.)
    const reports = (to: string) => smtp.received.filter((mail) => mail.to.includes(to) && /^(Tages|Wochen|Monats)bericht|^(Daily|Weekly|Monthly) report/.test(mail.subject));
    const toAdvertiser = reports('advertiser@demo.test');
    expect(toAdvertiser).toHaveLength(2);
    expect(reports('other@demo.test')).toEqual([]);

    const daily = toAdvertiser.find((mail) => mail.subject.startsWith('Tagesbericht Summer Sale 2026'))!;
    expect(daily).toBeTruthy();
    const yesterday = lastPeriod('daily', now);
    const raw = await rawRows(campaign, yesterday);
    expect(raw.length).toBeGreaterThan(0);
    expect(daily.attachments).toHaveLength(1);
    expect(daily.attachments[0].filename).toBe(`report-daily-${yesterday.start}.csv`);
    const [head, ...rows] = parse(daily.attachments[0].content) as string[][];
    expect(head).toEqual(['Datum', 'Kanal', 'Impressionen', 'Klicks', 'CTR (%)', 'Conversions', 'Kosten (EUR)']);
    // The cost: each day and channel's share of what the ledger booked (cents.ts, computed again in workload.ts).
    const cents = centsBy((await expectedCents(kit, [campaign])).creatives, (row) => `${row.day}|${row.channel}`);
    expect(rows.map((row) => [row[0], Number(row[2]), Number(row[3]), Number(row[5]), Number(row[6])]))
      .toEqual(raw.map((row) => [row.day, Number(row.impressions), Number(row.clicks), Number(row.pc) + Number(row.pv), (cents.get(`${row.day}|${row.channel}`) ?? 0) / 100]));
    const impressions = raw.reduce((sum, row) => sum + Number(row.impressions), 0);
    expect(daily.text).toContain(`Impressionen: ${impressions.toLocaleString('de-DE')}`);
    const dayCents = raw.reduce((sum, row) => sum + (cents.get(`${row.day}|${row.channel}`) ?? 0), 0);
    expect(daily.text).toContain(`Kosten: ${(dayCents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    expect(daily.text).toContain(`/campaign/stats/${campaign}`);

    const [weekly] = reports('sysop@demo.test');
    expect(weekly.subject).toMatch(/^Weekly report Summer Sale 2026: /);
    const week = lastPeriod('weekly', now);
    const weekRaw = await rawRows(campaign, week);
    const [weekHead, ...weekRows] = parse(weekly.attachments[0].content) as string[][];
    expect(weekHead[0]).toBe('Date');
    expect(weekRows.map((row) => row[0])).toEqual(weekRaw.map((row) => row.day));

    // Once per period: another run (or another server process) sends nothing more.
    expect(await mailSubscriptions(kit.server.core, now + 60_000)).toBe(0);
    expect(await kit.server.core.model('outbox').count({ where: { template: 'campaignReport' } })).toBe(3);
    // Unsubscribed (every box cleared): the next day's run mails nothing for the advertiser.
    expect((await patch('advertiser@demo.test', { subscriptions: [{ campaign, daily: false }] })).status).toBe(200);
    await mailSubscriptions(kit.server.core, now + 86_400_000);
    expect(reports('advertiser@demo.test')).toHaveLength(2);
  });

  it('periods: yesterday, the last full week from Monday, the last full month', () => {
    const wednesday = Date.UTC(2026, 10, 25, 9);
    expect(lastPeriod('daily', wednesday)).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(lastPeriod('weekly', wednesday)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(lastPeriod('weekly', Date.UTC(2026, 10, 23, 0, 5))).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(lastPeriod('monthly', wednesday)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(lastPeriod('monthly', Date.UTC(2026, 0, 1))).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  });
});
