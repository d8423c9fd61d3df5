/**
 * Expert Analytics (GET /api/campaign/:id/stats) and the dashboard's analytics (GET /api/dashboard/analytics)
 * against figures computed independently from the raw events of a seeded workload, with their access rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { centsBy, CLASSES, daysAgo, expectedCents, invalidShareOf, RAW_SUMS, today, validSum, type Workload, VALID, writeShopVisits, writeWorkload } from './workload.ts';

const kit = useTrackingServer();
let work: Workload;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = await writeWorkload(kit, { seed: 7 });
  await writeShopVisits(kit, work, { seed: 7 });
  for (const email of ['advertiser@demo.test', 'other@demo.test', 'viewer@demo.test', 'sysop@demo.test', 'admin@demo.test', 'agency@demo.test', 'publisher@demo.test']) {
    tokens[email] = await kit.server.token(email);
  }
}, 300_000);

const get = (path: string, email: string, headers: Record<string, string> = {}) => kit.server.api(path, { token: tokens[email], headers });
const NIL = '00000000-0000-0000-0000-000000000000';
const START = daysAgo(9);
const END = today();
const rangeDays = Array.from({ length: 10 }, (_, i) => daysAgo(9 - i));
const round2 = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0);

type Chart = { labels: string[]; data: number[] };

/** The booked cents of the campaigns' rows in the range (workload.ts' second implementation of cents.ts' rule). */
async function bookedCents(campaigns: string[], start = START, end = END) {
  const { creatives, websites } = await expectedCents(kit, campaigns);
  const inRange = <T extends { day: string }>(rows: T[]) => rows.filter((row) => row.day >= start && row.day <= end);
  return { creatives: inRange(creatives), websites: inRange(websites) };
}
const totalOf = (rows: { cents: number }[]) => rows.reduce((sum, row) => sum + row.cents, 0);

describe('Expert Analytics', () => {
  it('answers the cards, charts and creative performance the raw events give', async () => {
    const res = await get(`/api/campaign/${work.summer.campaign}/stats?start=${START}&end=${END}`, 'sysop@demo.test');
    expect(res.status).toBe(200);
    const stats = (await res.json()) as Record<string, unknown> & {
      creativeArray: { entity: { _id: string; name: string } | null; lineItem: string | null; channels: { channel: string; name: string; total: Record<string, number>; creatives: { entity: { _id: string; name: string; width: number | null } | null; data: Record<string, number> }[] }[] }[];
      assets: Record<string, { _id: string; name: string }[]>;
      hourly: { impressions: Chart; clicks: Chart };
      charts: Record<string, Chart>;
    };
    const [total] = await kit.sql<Record<string, string>>(
      `SELECT ${RAW_SUMS}, COUNT(DISTINCT visitor) AS visitors FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3`,
      [work.summer.campaign, START, END]);
    const conversions = Number(total.pc) + Number(total.pv);
    const cents = totalOf((await bookedCents([work.summer.campaign])).creatives);
    expect(stats).toMatchObject({
      name: 'Summer Sale 2026', range: { start: START, end: END }, uniqueCount: Number(total.visitors), impressionCount: Number(total.impressions),
      clickCount: Number(total.clicks), pcConversions: Number(total.pc), pvConversions: Number(total.pv), cost: cents / 100,
      siteCr: round2(conversions, Number(total.visitors)),
      basketavg: Math.round((Number(total.pc_value) + Number(total.pv_value)) / conversions) / 100,
      // 50 euro a day over the 10 days of the range, at 2.50 euro a click (SPEC section 9).
      clickCountExpected: 200,
      impressionCountExpected: Math.round((500 * 100_000 * Number(total.impressions)) / Number(total.cost)),
    });
    expect(Number(total.visitors)).toBeGreaterThan(10);
    expect(typeof stats.queryTime).toBe('number');

    // The campaign's onsite events per class, with their shares: those its clicks led to, not the shop's others.
    const classes = await kit.sql<{ cls: string; n: string }>(
      `SELECT cls, COUNT(*) AS n FROM events WHERE ${VALID} AND kind = 'event' AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY cls`,
      [work.summer.campaign, START, END]);
    const pixels = classes.reduce((sum, row) => sum + Number(row.n), 0);
    const [shop] = await kit.sql<{ n: string }>(
      `SELECT COUNT(*) AS n FROM events WHERE ${VALID} AND kind = 'event' AND advertiser_id = $1 AND campaign_id IS NULL AND day BETWEEN $2 AND $3`, [work.demoShop, START, END]);
    expect(pixels).toBeGreaterThan(20);
    expect(Number(shop.n)).toBeGreaterThan(20);
    expect(stats.pixelCount).toBe(pixels);
    for (const cls of CLASSES) {
      const n = Number(classes.find((row) => row.cls === cls)?.n ?? 0);
      expect(stats[cls], cls).toBe(n);
      expect(stats[`${cls}Perc`], cls).toBe(round2(n, pixels));
    }

    // Charts over the days of the range and per hour of the day.
    const daily = await kit.sql<Record<string, string>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`,
      [work.summer.campaign, START, END]);
    const onDay = (day: string, pick: (row: Record<string, string>) => number) => {
      const row = daily.find((entry) => entry.day === day);
      return row ? pick(row) : 0;
    };
    expect(stats.charts.impressions).toEqual({ labels: rangeDays, data: rangeDays.map((day) => onDay(day, (row) => Number(row.impressions))) });
    expect(stats.charts.clicks).toEqual({ labels: rangeDays, data: rangeDays.map((day) => onDay(day, (row) => Number(row.clicks))) });
    expect(stats.charts.conversion).toEqual({ labels: rangeDays, data: rangeDays.map((day) => onDay(day, (row) => Number(row.pc) + Number(row.pv))) });
    expect(stats.charts.revenue).toEqual({ labels: rangeDays, data: rangeDays.map((day) => onDay(day, (row) => (Number(row.pc_value) + Number(row.pv_value)) / 100)) });
    const onsiteDaily = await kit.sql<{ day: string; cls: string; n: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, cls, COUNT(*) AS n FROM events WHERE ${VALID} AND kind = 'event' AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2`,
      [work.summer.campaign, START, END]);
    const onsiteOn = (cls: string) => rangeDays.map((day) => Number(onsiteDaily.find((row) => row.day === day && row.cls === cls)?.n ?? 0));
    expect(stats.charts.order).toEqual({ labels: rangeDays, data: onsiteOn('order') });
    expect(stats.charts.products).toEqual({ labels: rangeDays, data: onsiteOn('product') });
    const hourly = await kit.sql<{ h: number; impressions: string; clicks: string }>(
      `SELECT EXTRACT(HOUR FROM created AT TIME ZONE 'UTC')::int AS h, SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM events
       WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`, [work.summer.campaign, START, END]);
    const hours = Array.from({ length: 24 }, (_, h) => h);
    expect(stats.hourly.impressions.labels[0]).toBe('00');
    expect(stats.hourly.impressions.data).toEqual(hours.map((h) => Number(hourly.find((row) => row.h === h)?.impressions ?? 0)));
    expect(stats.hourly.clicks.data).toEqual(hours.map((h) => Number(hourly.find((row) => row.h === h)?.clicks ?? 0)));

    // Creative performance per line item, channel and creative, with a total row per channel.
    const creatives = await kit.sql<Record<string, string>>(
      `SELECT lineitem_id, channel, banner_id, ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2, 3`,
      [work.summer.campaign, START, END]);
    const answered = stats.creativeArray.flatMap((item) => item.channels.flatMap((channel) => channel.creatives.map((creative) => ({
      lineitem: item.lineItem, channel: channel.channel, banner: creative.entity?._id ?? null, ...creative.data,
    }))));
    const key = (row: { lineitem: string | null; channel: string | null; banner: string | null }) => `${row.lineitem}|${row.channel}|${row.banner}`;
    expect(answered.sort((a, b) => (key(a) < key(b) ? -1 : 1))).toEqual(creatives.map((row) => ({
      lineitem: row.lineitem_id, channel: row.channel, banner: row.banner_id === NIL ? null : row.banner_id, impression: Number(row.impressions), click: Number(row.clicks),
      pcConversions: Number(row.pc), pcConversionsValue: Number(row.pc_value) / 100, pvConversions: Number(row.pv), pvConversionsValue: Number(row.pv_value) / 100,
    })).sort((a, b) => (key(a) < key(b) ? -1 : 1)));
    const display = stats.creativeArray.find((item) => item.lineItem === work.summer.lineitems.platform161)!;
    expect(display.entity?.name).toBe('Summer Sale 2026 / Platform 161');
    expect(display.channels[0]).toMatchObject({ channel: 'platform161', name: 'Platform 161' });
    expect(display.channels[0].creatives.map((creative) => creative.entity?.name).sort()).toEqual(['Summer Sale 2026 300x250', 'Summer Sale 2026 728x90']);
    expect(display.channels[0].total.click).toBe(display.channels[0].creatives.reduce((sum, creative) => sum + creative.data.click, 0));

    // The campaign's assets.
    expect(stats.assets.lineitem.map((row) => row.name)).toEqual(['Summer Sale 2026 / Facebook', 'Summer Sale 2026 / Google Ads', 'Summer Sale 2026 / Platform 161']);
    expect(stats.assets.banner.map((row) => row._id).sort()).toEqual([...work.summer.banners].sort());
    expect(stats.assets.booking.map((row) => row._id)).toEqual([work.summer.booking]);
  });

  it('is the systemoperator\'s alone: others read "You are not allowed to access this page"', async () => {
    const path = `/api/campaign/${work.summer.campaign}/stats`;
    for (const email of ['advertiser@demo.test', 'admin@demo.test', 'other@demo.test', 'viewer@demo.test']) {
      const res = await get(path, email);
      expect(res.status, email).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'You are not allowed to access this page' });
    }
    const german = await get(path, 'advertiser@demo.test', { Language: 'de' });
    expect(await german.json()).toMatchObject({ message: 'Sie haben keinen Zugriff auf diese Seite' });
    expect((await get('/api/campaign/00000000-0000-4000-8000-000000000000/stats', 'sysop@demo.test')).status).toBe(404);
    expect((await get(`${path}?start=${daysAgo(400)}`, 'sysop@demo.test')).status).toBe(400);
    // A day without delivery: zeros, and the hourly charts still have 24 hours.
    const empty = (await (await get(`${path}?start=${daysAgo(100)}&end=${daysAgo(100)}`, 'sysop@demo.test')).json()) as Record<string, unknown> & { hourly: { clicks: Chart } };
    expect(empty).toMatchObject({ impressionCount: 0, clickCount: 0, uniqueCount: 0, siteCr: 0, basketavg: 0, creativeArray: [], charts: { impressions: { labels: [daysAgo(100)], data: [0] } } });
    expect(empty.hourly.clicks.data).toHaveLength(24);
  });
});

interface Analytics {
  advertiser: string; range: { start: string; end: string }; tracking: boolean; emptySelection: boolean;
  stats: { date: string; impressions: number; clicks: number; conversions: number; pcConversions: number; pvConversions: number; cost: number; ctr: number }[];
  totals: Record<string, number>;
  templates: { _id: string; name: string; bookings: number; clicks: number; impressions: number }[];
  bookings: {
    _id: string; name: string; campaign: string | null; impressions: number; clicks: number; conversions: number; pcConversions: number; pvConversions: number; cost: number; ctr: number;
    invalid: number; invalidShare: number;
  }[];
  websites: { location: string; impressions: number; clicks: number; conversions: number; ctr: number; app: boolean }[];
  websitesTotal: number;
}

describe('the dashboard\'s analytics', () => {
  // The cost is the booked cents of the row's key (cents.ts), looked up in `cents`.
  const figuresOf = (row: Record<string, string> | undefined, cents: Map<string, number>, key: string) => ({
    impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0), conversions: Number(row?.pc ?? 0) + Number(row?.pv ?? 0),
    pcConversions: Number(row?.pc ?? 0), pvConversions: Number(row?.pv ?? 0), cost: (cents.get(key) ?? 0) / 100, ctr: Number(row?.ctr ?? 0),
    invalid: Number(row?.invalid ?? 0), invalidShare: row ? invalidShareOf(row) : 0,
  });
  // The valid events' CTR; the rows hold the invalid events too (RAW_SUMS counts them apart).
  const CTR = `ROUND(${validSum('clicks')} * 100.0 / NULLIF(${validSum('impressions')}, 0), 2) AS ctr`;
  const perDay = async (campaigns: string[]) => {
    const [days, cents] = await Promise.all([rawDays(campaigns), bookedCents(campaigns)]);
    const byDay = centsBy(cents.creatives, (row) => row.day);
    return rangeDays.map((date) => ({ date, ...figuresOf(days.find((row) => row.day === date), byDay, date) }));
  };
  const rawDays = async (campaigns: string[]) => kit.sql<Record<string, string>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${RAW_SUMS}, ${CTR} FROM events
     WHERE campaign_id = ANY($1::uuid[]) AND day BETWEEN $2 AND $3 GROUP BY 1`, [campaigns, START, END]);

  it('answers the selected advertiser\'s days, bookings, templates and websites by clicks', async () => {
    const res = await get(`/api/dashboard/analytics?start=${START}&end=${END}`, 'advertiser@demo.test');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Analytics;
    expect(body).toMatchObject({ advertiser: work.demoShop, range: { start: START, end: END }, tracking: true, emptySelection: false });
    const days = await rawDays([work.summer.campaign, work.evergreen.campaign]);
    expect(body.stats).toEqual(await perDay([work.summer.campaign, work.evergreen.campaign]));
    expect(body.totals.clicks).toBe(days.reduce((sum, row) => sum + Number(row.clicks), 0));

    const perCampaign = await kit.sql<Record<string, string>>(
      `SELECT campaign_id, ${RAW_SUMS}, ${CTR} FROM events
       WHERE advertiser_id = $1 AND campaign_id IS NOT NULL AND day BETWEEN $2 AND $3 GROUP BY 1`, [work.demoShop, START, END]);
    const bookings = await kit.sql<{ id: string; name: string; campaign_id: string | null }>('SELECT id, name, campaign_id FROM bookings WHERE advertiser_id = $1', [work.demoShop]);
    const cents = await bookedCents(perCampaign.map((row) => row.campaign_id));
    const campaignCents = centsBy(cents.creatives, (row) => row.campaign);
    const expected = bookings.map((booking) => ({
      _id: booking.id, name: booking.name, campaign: booking.campaign_id,
      ...figuresOf(perCampaign.find((row) => row.campaign_id === booking.campaign_id), campaignCents, booking.campaign_id ?? ''),
    })).sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || (a.name < b.name ? -1 : 1));
    expect(body.bookings.map(({ _id, name, campaign, impressions, clicks, conversions, pcConversions, pvConversions, cost, ctr, invalid, invalidShare }) => ({
      _id, name, campaign, impressions, clicks, conversions, pcConversions, pvConversions, cost, ctr, invalid, invalidShare,
    }))).toEqual(expected);
    // The invalid events count apart, on the totals too.
    expect(expected.some((booking) => booking.invalid > 0)).toBe(true);
    const all = days.reduce((sum, row) => ({ ...sum, invalid: sum.invalid + Number(row.invalid), impressions: sum.impressions + Number(row.impressions),
      clicks: sum.clicks + Number(row.clicks), pc: sum.pc + Number(row.pc), pv: sum.pv + Number(row.pv) }), { invalid: 0, impressions: 0, clicks: 0, pc: 0, pv: 0 });
    expect(body.totals).toMatchObject({ invalid: all.invalid, invalidShare: invalidShareOf(all) });
    const summer = expected.find((booking) => booking._id === work.summer.booking)!;
    expect(body.templates).toEqual([expect.objectContaining({ _id: work.summer.template, name: 'Demo Shop Standard', bookings: 1, clicks: summer.clicks, impressions: summer.impressions })]);

    const sites = await kit.sql<Record<string, string>>(
      `SELECT website, ${RAW_SUMS}, ${CTR} FROM events
       WHERE advertiser_id = $1 AND campaign_id IS NOT NULL AND website <> '' AND day BETWEEN $2 AND $3
       GROUP BY 1 ORDER BY clicks DESC, impressions DESC, website COLLATE "C"`, [work.demoShop, START, END]);
    const siteCents = centsBy(cents.websites, (row) => row.website);
    expect(body.websites.map(({ app: _app, ...site }) => site)).toEqual(sites.map((row) => ({ location: row.website, ...figuresOf(row, siteCents, row.website) })));
    expect(body.websitesTotal).toBe(sites.length);
    expect(body.websites.filter((site) => site.app).map((site) => site.location).sort()).toEqual(['com.example.game', 'id1234567']);
  });

  it('narrows to the chosen bookings or templates, and never to another advertiser\'s', async () => {
    const one = (await (await get(`/api/dashboard/analytics?start=${START}&end=${END}&bookings=${work.evergreen.booking}`, 'advertiser@demo.test')).json()) as Analytics;
    expect(one.stats).toEqual(await perDay([work.evergreen.campaign]));
    expect(one.bookings.map((booking) => booking._id)).toEqual([work.evergreen.booking]);
    expect(one.templates).toEqual([]);

    const byTemplate = (await (await get(`/api/dashboard/analytics?start=${START}&end=${END}&bookingtemplates[]=${work.summer.template}`, 'advertiser@demo.test')).json()) as Analytics;
    expect(byTemplate.stats).toEqual(await perDay([work.summer.campaign]));
    expect(byTemplate.bookings.map((booking) => booking._id)).toEqual([work.summer.booking]);
    const both = (await (await get(`/api/dashboard/analytics?start=${START}&end=${END}&bookings=${work.evergreen.booking},${work.summer.booking}`, 'advertiser@demo.test')).json()) as Analytics;
    expect(both.bookings.map((booking) => booking._id).sort()).toEqual([work.evergreen.booking, work.summer.booking].sort());

    // Another advertiser naming Demo Shop's booking and template: nothing of them.
    const other = (await (await get(`/api/dashboard/analytics?start=${START}&end=${END}&bookings=${work.summer.booking}&bookingtemplates=${work.summer.template}`, 'other@demo.test')).json()) as Analytics;
    expect(other).toMatchObject({ advertiser: work.otherShop, emptySelection: true, bookings: [], templates: [], websites: [] });
    expect(other.stats.every((day) => day.impressions === 0 && day.clicks === 0)).toBe(true);
    const own = (await (await get(`/api/dashboard/analytics?start=${START}&end=${END}`, 'other@demo.test')).json()) as Analytics;
    expect(own.stats).toEqual(await perDay([work.otherLaunch.campaign]));
    expect(own.bookings.every((booking) => !booking.name.startsWith('Summer'))).toBe(true);
  });

  it('covers the last 7 days by default, for every role that reads campaigns of the selected advertiser', async () => {
    const viewer = (await (await get('/api/dashboard/analytics', 'viewer@demo.test')).json()) as Analytics;
    expect(viewer.range).toEqual({ start: daysAgo(6), end: today() });
    expect(viewer.stats.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)));
    expect(viewer.advertiser).toBe(work.demoShop);
    // Staff name the advertiser with the header; without any selection they are asked for one.
    const staff = await get('/api/dashboard/analytics', 'sysop@demo.test', { Advertiser: work.demoShop });
    expect(((await staff.json()) as Analytics).stats).toEqual(viewer.stats);
    const unselected = await get('/api/dashboard/analytics', 'admin@demo.test', { Language: 'de' });
    expect(unselected.status).toBe(400);
    expect(await unselected.json()).toMatchObject({ message: 'Bitte wählen Sie einen Werbetreibenden.' });
    // An advertiser without any tracking: the 'activate statistics' prompt.
    const [clientTwo] = await kit.sql<{ id: string }>(`SELECT id FROM advertisers WHERE name = 'Agency Client Two'`);
    const agency = (await (await get('/api/dashboard/analytics', 'agency@demo.test', { Advertiser: clientTwo.id })).json()) as Analytics;
    expect(agency).toMatchObject({ tracking: false, websites: [], totals: { impressions: 0, clicks: 0, ctr: 0 } });
    expect((await get('/api/dashboard/analytics', 'agency@demo.test', { Advertiser: work.demoShop })).status).toBe(406);
    expect((await get('/api/dashboard/analytics', 'publisher@demo.test')).status).toBe(403);
    const bad = await get('/api/dashboard/analytics?bookings=constructor', 'advertiser@demo.test');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Parameter "bookings" must be a list of ids (at most 200).', errors: [{ field: 'bookings' }] });
    expect((await get(`/api/dashboard/analytics?start=${daysAgo(200)}`, 'advertiser@demo.test')).status).toBe(400);
  });
});

describe('the dashboard\'s detail cards', () => {
  interface Details {
    kind: string; _id: string; name: string; bookings: number; statuses: Record<string, number>; lineitems: { active: number; inactive: number }; creatives: number;
    budget: number | null; dailyBudget: number | null; spent: number; spentToday: number; remainingPercent: number | null;
    impressions: number; clicks: number; conversions: number; cost: number; ctr: number;
    topCreatives: { _id: string; name: string; clicks: number }[]; topWebsites: { location: string; clicks: number }[];
    channels: { channel: string; name: string; clicks: number; cost: number; costShare: number; clickShare: number }[];
  }

  it('answers a booking\'s and a template\'s figures, top creatives and websites and channel split', async () => {
    const res = await get(`/api/dashboard/details?booking=${work.summer.booking}&start=${START}&end=${END}`, 'advertiser@demo.test');
    expect(res.status).toBe(200);
    const card = (await res.json()) as Details;
    const [total] = await kit.sql<Record<string, string>>(
      `SELECT ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3`, [work.summer.campaign, START, END]);
    const cents = await bookedCents([work.summer.campaign]);
    const totalCents = totalOf(cents.creatives);
    expect(card).toMatchObject({
      kind: 'booking', _id: work.summer.booking, name: 'Summer Sale 2026', bookings: 1, statuses: { active: 1 }, lineitems: { active: 3, inactive: 0 },
      creatives: 2, budget: null, dailyBudget: 50, impressions: Number(total.impressions), clicks: Number(total.clicks),
      conversions: Number(total.pc) + Number(total.pv), cost: totalCents / 100,
    });
    const [every] = await kit.sql<Record<string, string>>(`SELECT ${RAW_SUMS} FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3`, [work.summer.campaign, START, END]);
    expect(Number(every.invalid)).toBeGreaterThan(0);
    expect(card).toMatchObject({ invalid: Number(every.invalid), invalidShare: invalidShareOf(every) });
    const [campaign] = await kit.sql<{ cost: string }>('SELECT cost FROM campaigns WHERE id = $1', [work.summer.campaign]);
    expect(card.spent).toBe(Number(campaign.cost) / 100);
    const todayCents = centsBy(cents.creatives, (row) => row.day).get(END) ?? 0;
    expect(card.spentToday).toBe(todayCents / 100);
    expect(card.remainingPercent).toBe(Math.max(0, Math.round(((5000 - todayCents) * 10_000) / 5000) / 100));

    const creatives = await kit.sql<{ banner_id: string; clicks: string }>(
      `SELECT banner_id, SUM(clicks) AS clicks FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1 ORDER BY 2 DESC, SUM(impressions) DESC`,
      [work.summer.campaign, START, END]);
    expect(card.topCreatives.map((row) => [row._id, row.clicks])).toEqual(creatives.slice(0, 5).map((row) => [row.banner_id, Number(row.clicks)]));
    const sites = await kit.sql<{ website: string; clicks: string }>(
      `SELECT website, SUM(clicks) AS clicks FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND website <> ''
       GROUP BY 1 ORDER BY 2 DESC, SUM(impressions) DESC, website COLLATE "C" LIMIT 5`, [work.summer.campaign, START, END]);
    expect(card.topWebsites.map((row) => [row.location, row.clicks])).toEqual(sites.map((row) => [row.website, Number(row.clicks)]));
    const channels = await kit.sql<{ channel: string; clicks: string }>(
      `SELECT channel, SUM(clicks) AS clicks FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1`,
      [work.summer.campaign, START, END]);
    const channelCents = centsBy(cents.creatives, (row) => row.channel);
    expect(card.channels.map((row) => row.channel).sort()).toEqual(channels.map((row) => row.channel).sort());
    for (const row of channels) {
      const answered = card.channels.find((entry) => entry.channel === row.channel)!;
      const own = channelCents.get(row.channel) ?? 0;
      expect(answered).toMatchObject({ clicks: Number(row.clicks), cost: own / 100, costShare: Math.round((own * 10_000) / totalCents) / 100 });
    }
    expect(card.channels.find((row) => row.channel === 'platform161')?.name).toBe('Platform 161');

    const template = (await (await get(`/api/dashboard/details?bookingtemplate=${work.summer.template}&start=${START}&end=${END}`, 'advertiser@demo.test')).json()) as Details;
    expect(template).toMatchObject({ kind: 'bookingtemplate', name: 'Demo Shop Standard', bookings: 1, clicks: card.clicks, impressions: card.impressions, cost: card.cost });
  });

  it('is the selected advertiser\'s: another\'s booking or template is 404, one target is required', async () => {
    expect((await get(`/api/dashboard/details?booking=${work.summer.booking}`, 'other@demo.test')).status).toBe(404);
    expect((await get(`/api/dashboard/details?bookingtemplate=${work.summer.template}`, 'other@demo.test')).status).toBe(404);
    expect((await get(`/api/dashboard/details?booking=${work.summer.booking}`, 'viewer@demo.test')).status).toBe(200);
    const none = await get('/api/dashboard/details', 'advertiser@demo.test', { Language: 'de' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Bitte nennen Sie genau eine Buchung (booking) oder eine Buchungsvorlage (bookingtemplate).' });
    expect((await get(`/api/dashboard/details?booking=${work.summer.booking}&bookingtemplate=${work.summer.template}`, 'advertiser@demo.test')).status).toBe(400);
    expect((await get('/api/dashboard/details?booking=x', 'advertiser@demo.test')).status).toBe(400);
  });
});
