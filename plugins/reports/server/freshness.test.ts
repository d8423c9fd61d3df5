/**
 * Fresh reports: every report answer says when its data are of (`dataAsOf`, the last committed event batch), which
 * moves with the next batch the pipeline commits (and with a capture that changes the rollups in a transaction of
 * its own); and the Instant Report and the dashboard answer the previous period (`compare=previous`), whose totals
 * and days are what a report of that range answers. Bad values of `compare` are refused with 400 in the request's
 * language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer, writeEvents } from '../../tracking/server/testkit.ts';
import { DAY_MS, daysAgo, RAW_SUMS, today, type Workload, VALID, writeWorkload } from './workload.ts';

const kit = useTrackingServer();
let work: Workload;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = await writeWorkload(kit, { seed: 21 });
  for (const email of ['advertiser@demo.test', 'sysop@demo.test', 'publisher@demo.test']) tokens[email] = await kit.server.token(email);
}, 300_000);

const get = (path: string, email = 'advertiser@demo.test', headers: Record<string, string> = {}) => kit.server.api(path, { token: tokens[email], headers });
const read = async <T = Record<string, unknown>>(path: string, email?: string): Promise<T> => {
  const res = await get(path, email);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

interface Counts { impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number; invalid: number; invalidShare?: number }
interface Period<T> { range: { start: string; end: string }; totals: T; stats: (T & { date: string })[] }
interface Summary { range: { start: string; end: string }; stats: (Counts & { date: string })[]; previous: Period<Counts> | null; dataAsOf: string | null }
interface DashboardFigures { impressions: number; clicks: number; conversions: number; pcConversions: number; pvConversions: number; cost: number; ctr: number }
interface Analytics { range: { start: string; end: string }; stats: (DashboardFigures & { date: string })[]; totals: DashboardFigures; previous: Period<DashboardFigures> | null; dataAsOf: string | null }

/** The report's rows summed (cost in cents, as the screens sum them), in total and per day of `days`. */
function sums(rows: (Counts & { date: string })[], days: string[]) {
  const add = (into: Counts, row: Counts) => {
    into.impressions += row.impressions;
    into.clicks += row.clicks;
    into.pcConversions += row.pcConversions;
    into.pvConversions += row.pvConversions;
    into.cost = Math.round(into.cost * 100 + row.cost * 100) / 100;
    into.invalid += row.invalid;
    return into;
  };
  const zero = (): Counts => ({ impressions: 0, clicks: 0, pcConversions: 0, pvConversions: 0, cost: 0, invalid: 0 });
  // The invalid share of the sums: invalid events * 100 / every event, 2 decimals.
  const shared = (counts: Counts): Counts => {
    const all = counts.impressions + counts.clicks + counts.pcConversions + counts.pvConversions + counts.invalid;
    return { ...counts, invalidShare: all > 0 ? Math.round((counts.invalid * 10_000) / all) / 100 : 0 };
  };
  return {
    totals: shared(rows.reduce(add, zero())),
    days: days.map((date) => ({ date, ...shared(rows.filter((row) => row.date === date).reduce(add, zero())) })),
  };
}

const daysOf = (start: string, end: string) => {
  const days: string[] = [];
  for (let time = Date.parse(`${start}T00:00:00Z`); time <= Date.parse(`${end}T00:00:00Z`); time += DAY_MS) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
};

describe('dataAsOf', () => {
  it('is in every report answer, the same in each, and moves when the pipeline commits the next batch', async () => {
    const campaign = work.summer.campaign;
    const range = `start=${daysAgo(6)}&end=${today()}`;
    const [publisher] = work.publishers;
    const answers = async () => {
      const answered = [
        await read(`/api/campaign/${campaign}/report?${range}`),
        await read(`/api/campaign/${campaign}/report?${range}&full=true`),
        await read(`/api/campaign/${campaign}/report?${range}&onlyWebsites=true`),
        await read(`/api/campaign/${campaign}/report?${range}&publisher=${publisher}`),
        await read(`/api/campaign/${campaign}/report/conversions?${range}`),
        await read(`/api/campaign/${campaign}/stats?${range}`, 'sysop@demo.test'),
        await read(`/api/dashboard/analytics?${range}`),
        await read(`/api/dashboard/details?booking=${work.summer.booking}&${range}`),
        await read(`/api/publisher/campaign/${campaign}/report?${range}`, 'publisher@demo.test'),
      ];
      return answered.map((answer) => answer.dataAsOf);
    };

    const before = await answers();
    const [first] = before;
    expect(typeof first).toBe('string');
    expect(before).toEqual(before.map(() => first));
    // The workload's last batch: the newest commit in the database.
    const [{ newest }] = await kit.sql<{ newest: Date }>('SELECT MAX(committed) AS newest FROM stat_data_as_of');
    expect(first).toBe(new Date(newest).toISOString());
    expect(Date.parse(first as string)).toBeLessThanOrEqual(Date.now());

    // A batch of clicks: the answers name its commit, after the earlier one and before the answer.
    const lineitem = await kit.lineitem('Summer Sale 2026', 'platform161');
    const writing = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeEvents(kit.server.core, Array.from({ length: 3 }, () => ({
      kind: 'click' as const, advertiser: lineitem.advertiser, campaign: lineitem.campaign, lineitem: lineitem.id, banner: lineitem.banner, channel: 'platform161',
      website: 'fresh.example', created: new Date(), costMilli: 500,
    })));
    const written = Date.now();
    const after = await answers();
    expect(after).toEqual(after.map(() => after[0]));
    const moved = Date.parse(after[0] as string);
    expect(moved).toBeGreaterThan(Date.parse(first as string));
    expect(moved).toBeGreaterThanOrEqual(writing);
    expect(moved).toBeLessThanOrEqual(written);
    // The report of that answer holds the batch.
    const summary = await read<Summary>(`/api/campaign/${campaign}/report?${range}&onlyWebsites=true`);
    expect(summary).toMatchObject({ websites: expect.arrayContaining([expect.objectContaining({ location: 'fresh.example', clicks: 3 })]) });
  });

  it('moves with a change of the rollups outside the pipeline (a capture, in its own transaction), not with the deletion of old hours', async () => {
    const asOf = async () => (await read<Summary>(`/api/campaign/${work.summer.campaign}/report`)).dataAsOf!;
    const before = await asOf();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    await kit.server.core.sequelize.transaction(async (transaction) => {
      await kit.server.core.sequelize.query(
        `INSERT INTO stat_hourly (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website, cost_milli)
         VALUES ($1, $2, $3, '00000000-0000-0000-0000-000000000000', 'platform161', '00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000', 'captured.example', 1000)
         ON CONFLICT (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website) DO UPDATE SET cost_milli = stat_hourly.cost_milli + EXCLUDED.cost_milli`,
        { bind: [work.demoShop, hour, work.summer.campaign], transaction });
    });
    const captured = await asOf();
    expect(Date.parse(captured)).toBeGreaterThan(Date.parse(before));
    await kit.server.core.sequelize.query(`DELETE FROM stat_hourly WHERE website = 'captured.example'`);
    expect(await asOf()).toBe(captured);
  });
});

describe('the previous period', () => {
  it('of the Instant Report: the same number of days before the range, its totals and days those of a report of that range', async () => {
    const campaign = work.summer.campaign;
    const start = daysAgo(4);
    const end = today();
    const answer = await read<Summary>(`/api/campaign/${campaign}/report?start=${start}&end=${end}&compare=previous`);
    expect(answer.previous?.range).toEqual({ start: daysAgo(9), end: daysAgo(5) });
    const earlier = await read<Summary>(`/api/campaign/${campaign}/report?start=${daysAgo(9)}&end=${daysAgo(5)}`);
    const expected = sums(earlier.stats, daysOf(daysAgo(9), daysAgo(5)));
    expect(expected.totals.clicks).toBeGreaterThan(0);
    expect(answer.previous?.totals).toEqual(expected.totals);
    expect(answer.previous?.stats).toEqual(expected.days);
    // Independently, from the raw events.
    const [raw] = await kit.sql<Record<string, string>>(
      `SELECT ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3`, [campaign, daysAgo(9), daysAgo(5)]);
    expect(answer.previous?.totals).toMatchObject({ impressions: Number(raw.impressions), clicks: Number(raw.clicks), pcConversions: Number(raw.pc), pvConversions: Number(raw.pv) });
    // The range's own figures are unchanged by the comparison.
    const alone = await read<Summary>(`/api/campaign/${campaign}/report?start=${start}&end=${end}`);
    expect(alone.previous).toBeNull();
    expect(answer.stats).toEqual(alone.stats);

    // A publisher's rows compare with that publisher's; the whole report (full=true) compares too.
    const [publisher] = work.publishers;
    const own = await read<Summary>(`/api/campaign/${campaign}/report?start=${start}&end=${end}&publisher=${publisher}&compare=previous`);
    const ownEarlier = await read<Summary>(`/api/campaign/${campaign}/report?start=${daysAgo(9)}&end=${daysAgo(5)}&publisher=${publisher}`);
    expect(own.previous?.totals).toEqual(sums(ownEarlier.stats, []).totals);
    expect(own.previous?.totals.clicks).toBeLessThan(expected.totals.clicks);
    const full = await read<Summary>(`/api/campaign/${campaign}/report?start=${start}&end=${end}&full=true&compare=previous`);
    expect(full.previous).toEqual(answer.previous);

    // One day compares with the day before.
    const single = await read<Summary>(`/api/campaign/${campaign}/report?start=${daysAgo(1)}&end=${daysAgo(1)}&compare=previous`);
    const dayBefore = await read<Summary>(`/api/campaign/${campaign}/report?start=${daysAgo(2)}&end=${daysAgo(2)}`);
    const dayBeforeSums = sums(dayBefore.stats, [daysAgo(2)]);
    expect(single.previous).toEqual({ range: { start: daysAgo(2), end: daysAgo(2) }, totals: dayBeforeSums.totals, stats: dayBeforeSums.days });
  });

  it('of the dashboard: totals and days those of the dashboard of that range, for every booking and for a chosen one', async () => {
    const start = daysAgo(5);
    const end = today();
    const previous = { start: daysAgo(11), end: daysAgo(6) };
    for (const chosen of ['', `&bookings=${work.summer.booking}`]) {
      const answer = await read<Analytics>(`/api/dashboard/analytics?start=${start}&end=${end}${chosen}&compare=previous`);
      const earlier = await read<Analytics>(`/api/dashboard/analytics?start=${previous.start}&end=${previous.end}${chosen}`);
      expect(answer.previous, chosen).toEqual({ range: previous, totals: earlier.totals, stats: earlier.stats });
      expect(earlier.totals.clicks).toBeGreaterThan(0);
      expect((await read<Analytics>(`/api/dashboard/analytics?start=${start}&end=${end}${chosen}`)).previous).toBeNull();
    }
    // A chosen template without bookings compares zeros with zeros.
    const template = String((await kit.server.core.model('bookingtemplate').create({ name: 'Empty template', advertiser: work.demoShop })).get('id'));
    const empty = await read<Analytics>(`/api/dashboard/analytics?start=${start}&end=${end}&bookingtemplates=${template}&compare=previous`);
    expect(empty.previous?.totals).toMatchObject({ impressions: 0, clicks: 0, conversions: 0, cost: 0 });
    expect(empty.previous?.stats).toHaveLength(6);
  });

  it('refuses other values of compare with 400 in the request\'s language', async () => {
    const paths = [`/api/campaign/${work.summer.campaign}/report`, '/api/dashboard/analytics'];
    for (const path of paths) {
      for (const [query, language, message] of [
        ['compare=next', 'en', 'Parameter "compare" can only be previous.'],
        ['compare=Previous', 'de', 'Der Parameter „compare“ kann nur previous sein.'],
        ['compare=previous&compare=previous', 'en', 'Parameter "compare" must be given once.'],
      ] as const) {
        const res = await get(`${path}?${query}`, 'advertiser@demo.test', { Language: language });
        expect(res.status, `${path}?${query}`).toBe(400);
        const body = (await res.json()) as { message: string; errors: { field: string }[] };
        expect(body.errors, query).toEqual([expect.objectContaining({ field: 'compare' })]);
        expect(body.message).toBe(message);
      }
      expect((await get(`${path}?compare=`)).status).toBe(200);
    }
  });
});
