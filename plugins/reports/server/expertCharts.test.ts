/**
 * Expert Analytics' OPR and dwell time (GET /api/campaign/:id/stats: charts.opr, hourly.opr, hourly.dwell) against
 * figures computed independently from the raw events of a seeded workload.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { daysAgo, RAW_SUMS, today, type Workload, VALID, writeShopVisits, writeWorkload } from './workload.ts';

const kit = useTrackingServer();
let work: Workload;
let token: string;

beforeAll(async () => {
  work = await writeWorkload(kit, { seed: 7 });
  await writeShopVisits(kit, work, { seed: 7 });
  token = await kit.server.token('sysop@demo.test');
}, 300_000);

type Chart = { labels: string[]; data: number[] };
const START = daysAgo(9);
const END = today();
const rangeDays = Array.from({ length: 10 }, (_, i) => daysAgo(9 - i));
const hours = Array.from({ length: 24 }, (_, h) => h);
const perMille = (conversions: number, impressions: number) => (impressions > 0 ? Math.round((conversions * 100_000) / impressions) / 100 : 0);

describe('Expert Analytics: OPR and dwell time', () => {
  it('answers conversions per 1,000 impressions per day and hour, and the visitors\' average time on the shop per hour', async () => {
    const res = await kit.server.api(`/api/campaign/${work.summer.campaign}/stats?start=${START}&end=${END}`, { token });
    expect(res.status).toBe(200);
    const stats = (await res.json()) as { charts: Record<string, Chart>; hourly: Record<string, Chart> };

    const daily = await kit.sql<Record<string, string>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`,
      [work.summer.campaign, START, END]);
    const oprOf = (row: Record<string, string> | undefined) => (row ? perMille(Number(row.pc) + Number(row.pv), Number(row.impressions)) : 0);
    expect(stats.charts.opr).toEqual({ labels: rangeDays, data: rangeDays.map((day) => oprOf(daily.find((row) => row.day === day))) });
    expect(stats.charts.opr.data.some((value) => value > 0)).toBe(true);

    const hourly = await kit.sql<Record<string, string> & { h: number }>(
      `SELECT EXTRACT(HOUR FROM created AT TIME ZONE 'UTC')::int AS h, ${RAW_SUMS} FROM events
       WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`, [work.summer.campaign, START, END]);
    expect(stats.hourly.opr).toEqual({ labels: stats.hourly.impressions.labels, data: hours.map((h) => oprOf(hourly.find((row) => row.h === h))) });

    // Every visitor's onsite events of a day that go back to the campaign, in JavaScript: first to last, by the hour of the first.
    const events = await kit.sql<{ day: string; visitor: string; created: Date }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, visitor, created FROM events
       WHERE ${VALID} AND kind = 'event' AND campaign_id = $1 AND visitor IS NOT NULL AND day BETWEEN $2 AND $3`, [work.summer.campaign, START, END]);
    const visits = new Map<string, { first: number; last: number }>();
    for (const event of events) {
      const key = `${event.day}|${event.visitor}`;
      const time = new Date(event.created).getTime();
      const visit = visits.get(key) ?? { first: time, last: time };
      visits.set(key, { first: Math.min(visit.first, time), last: Math.max(visit.last, time) });
    }
    const seconds = hours.map(() => ({ visits: 0, ms: 0 }));
    for (const visit of visits.values()) {
      const hour = seconds[new Date(visit.first).getUTCHours()];
      hour.visits += 1;
      hour.ms += visit.last - visit.first;
    }
    expect(visits.size).toBeGreaterThan(20);
    expect(stats.hourly.dwell.labels).toEqual(hours.map((h) => String(h).padStart(2, '0')));
    expect(stats.hourly.dwell.data).toEqual(seconds.map((hour) => (hour.visits ? Math.round(hour.ms / 1000 / hour.visits) : 0)));
    expect(stats.hourly.dwell.data.some((value) => value > 0)).toBe(true);
  });
});
