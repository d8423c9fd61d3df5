/**
 * The Instant Report (GET /api/campaign/:id/report) against figures computed independently from the raw events of a
 * seeded workload (GROUP BY over `events`, bots left out), its access rules (tenant isolation, viewers refused) and
 * its refusals of bad ranges and parameters, in the request's language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { centsBy, daysAgo, euros, expectedCents, invalidPartsOf, invalidShareOf, RAW_SUMS, today, VALID, validSum, writeWorkload, type Workload } from './workload.ts';
import { earliestDay } from './input.ts';
import { prepareRollups } from './rollups.ts';

const kit = useTrackingServer();
let work: Workload;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = await writeWorkload(kit);
  for (const email of ['advertiser@demo.test', 'other@demo.test', 'viewer@demo.test', 'sysop@demo.test', 'admin@demo.test', 'coworker@demo.test', 'accounting@demo.test', 'publisher@demo.test']) {
    tokens[email] = await kit.server.token(email);
  }
}, 300_000);

const get = (path: string, email: string, headers: Record<string, string> = {}) => kit.server.api(path, { token: tokens[email], headers });
const NIL = '00000000-0000-0000-0000-000000000000';
const orNull = (value: unknown) => (value === null || value === undefined || value === '' || value === NIL ? null : String(value));
const orNil = (value: string | null) => value ?? NIL;

/** The booked cents of the campaign's rows in the range (workload.ts' second implementation of cents.ts' rule). */
async function bookedCents(campaign: string, start: string, end: string) {
  const { creatives, websites } = await expectedCents(kit, [campaign]);
  const inRange = <T extends { day: string }>(rows: T[]) => rows.filter((row) => row.day >= start && row.day <= end);
  return { creatives: inRange(creatives), websites: inRange(websites) };
}

interface Report {
  campaignName: string; conversionApproval: boolean; clickApproval: boolean; range: { start: string; end: string };
  stats: { date: string; channel: string | null; banner: string | null; publisher: string | null; impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number; isActive: boolean }[];
  banners: { _id: string; name: string }[];
  websites: { location: string; impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number; ctr: number; app: boolean; channels: string[] }[];
  conversions: {
    conversionId: string; orderId: string; type: string; timestamp: string; cartValue: number; cost: number; channel: string | null; creative: string | null;
    publisher: string | null; location: string | null; approvalStatus: string; approvalDate: string | null;
  }[];
  publishers: { _id: string; name: string | null; impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number; websites: { location: string; clicks: number }[] }[];
}

describe('the Instant Report', () => {
  it('answers the whole report (full=true): the stats rows, creatives, websites, conversions and publishers the raw events give', async () => {
    const start = daysAgo(9);
    const end = today();
    const res = await get(`/api/campaign/${work.summer.campaign}/report?start=${start}&end=${end}&full=true`, 'advertiser@demo.test');
    expect(res.status).toBe(200);
    const report = (await res.json()) as Report;
    expect(report.campaignName).toBe('Summer Sale 2026');
    expect(report.range).toEqual({ start, end });
    // The demo seed sets both approval flags on this campaign (staff's, issue 14).
    expect(report.conversionApproval).toBe(true);
    expect(report.clickApproval).toBe(true);

    const raw = await kit.sql<Record<string, string | null>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, channel, banner_id, publisher_id, ${RAW_SUMS}
       FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2, 3, 4`, [work.summer.campaign, start, end]);
    // The cost: each row's share of what the ledger booked for its day (cents.ts), not its own cost rounded.
    const cents = await bookedCents(work.summer.campaign, start, end);
    const statCents = centsBy(cents.creatives, (row) => `${row.day}|${row.channel}|${row.banner}|${row.publisher}`);
    const expected = raw.map((row) => ({
      date: row.date, channel: orNull(row.channel), banner: orNull(row.banner_id), publisher: orNull(row.publisher_id), impressions: Number(row.impressions),
      clicks: Number(row.clicks), pcConversions: Number(row.pc), pvConversions: Number(row.pv),
      cost: (statCents.get(`${row.date}|${row.channel ?? ''}|${orNil(row.banner_id)}|${orNil(row.publisher_id)}`) ?? 0) / 100,
      invalid: Number(row.invalid), invalidShare: invalidShareOf(row), ...invalidPartsOf(row),
    }));
    // Bots and other invalid events: in their rows' invalid share (and by measure), in none of the figures.
    expect(expected.some((row) => row.invalidImpressions > 0) && expected.some((row) => row.invalidClicks > 0) && expected.some((row) => row.invalidConversions > 0)).toBe(true);
    expect(expected.some((row) => row.invalid > 0 && row.invalidShare > 0 && row.invalidShare < 100)).toBe(true);
    expect(expected.some((row, i) => row.cost !== euros(raw[i].cost)), 'rows whose booked cents differ from their own cost rounded').toBe(true);
    const key = (row: { date: string | null; channel: string | null; banner: string | null; publisher: string | null }) => `${row.date}|${row.channel ?? ''}|${row.banner ?? ''}|${row.publisher ?? ''}`;
    const order = (a: { date: string | null }, b: { date: string | null }) => (key(a as never) < key(b as never) ? -1 : 1);
    expect(report.stats.length).toBeGreaterThan(50);
    expect(report.stats.map(({ isActive: _active, ...row }) => row).sort(order)).toEqual(expected.sort(order));
    // The days of the range only, and every channel, creative and publisher of the workload.
    expect(new Set(report.stats.map((row) => row.channel))).toEqual(new Set(['platform161', 'facebook', 'googleads']));
    expect(new Set(report.stats.map((row) => row.publisher))).toEqual(new Set([...work.publishers, null]));
    expect(report.stats.every((row) => row.date >= start && row.date <= end)).toBe(true);
    // The demo campaign is active: its line items show active.
    expect(report.stats.every((row) => row.isActive)).toBe(true);
    // The rows are in order: date, channel, creative, publisher.
    expect(report.stats.map(key)).toEqual([...report.stats.map(key)].sort());

    // Creatives: the campaign's, the second one included.
    expect(report.banners.map((banner) => banner._id).sort()).toEqual([...work.summer.banners].sort());
    expect(report.banners.find((banner) => banner.name === 'Summer Sale 2026 728x90')).toBeTruthy();

    // Websites: sorted by clicks descending (then by name), '' and no website left out, apps flagged.
    const sites = await kit.sql<Record<string, string>>(
      `SELECT website, ${RAW_SUMS}, ROUND(${validSum('clicks')} * 100.0 / NULLIF(${validSum('impressions')}, 0), 2) AS ctr
       FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 AND website <> ''
       GROUP BY website ORDER BY ${validSum('clicks')} DESC, website COLLATE "C"`, [work.summer.campaign, start, end]);
    const siteCents = centsBy(cents.websites, (row) => row.website);
    expect(report.websites.map(({ channels: _c, ...row }) => row)).toEqual(sites.map((row) => ({
      location: row.website, impressions: Number(row.impressions), clicks: Number(row.clicks), pcConversions: Number(row.pc), pvConversions: Number(row.pv),
      cost: (siteCents.get(row.website) ?? 0) / 100, invalid: Number(row.invalid), invalidShare: invalidShareOf(row), ...invalidPartsOf(row), ctr: Number(row.ctr ?? 0),
      app: row.website === 'com.example.game' || row.website === 'id1234567',
    })));
    expect(report.websites.find((row) => row.location === 'edge.example')?.channels).toEqual(['platform161']);

    // Conversions: newest first, with their order ids, values and places.
    const conversions = await kit.sql<Record<string, string>>(
      `SELECT id, order_id, attribution, created, value, cost_milli, channel, banner_id, publisher_id, website FROM events
       WHERE ${VALID} AND campaign_id = $1 AND kind = 'conversion' AND day BETWEEN $2 AND $3 ORDER BY created DESC, id DESC`, [work.summer.campaign, start, end]);
    expect(conversions.length).toBeGreaterThan(20);
    expect(report.conversions.map((row) => ({
      id: row.conversionId, order: row.orderId, type: row.type, at: row.timestamp, value: row.cartValue, cost: row.cost, channel: row.channel,
      creative: row.creative, publisher: row.publisher, location: row.location,
    }))).toEqual(conversions.map((row) => ({
      id: row.id, order: row.order_id, type: row.attribution, at: new Date(row.created).toISOString(), value: Number(row.value) / 100, cost: euros(row.cost_milli),
      channel: row.channel, creative: orNull(row.banner_id), publisher: orNull(row.publisher_id), location: orNull(row.website),
    })));
    expect(report.conversions.length).toBe(report.stats.reduce((sum, row) => sum + row.pcConversions + row.pvConversions, 0));
    // Nothing decided yet: every conversion is pending.
    expect(report.conversions.every((row) => row.approvalStatus === '' && row.approvalDate === null)).toBe(true);

    // Publishers: by clicks, with their names and websites.
    const pubs = await kit.sql<Record<string, string>>(
      `SELECT p.id, p.name, ${RAW_SUMS} FROM events e JOIN publishers p ON p.id = e.publisher_id
       WHERE e.campaign_id = $1 AND e.day BETWEEN $2 AND $3 GROUP BY p.id, p.name ORDER BY ${validSum('clicks')} DESC, p.name COLLATE "C"`,
      [work.summer.campaign, start, end]);
    const publisherCents = centsBy(cents.creatives, (row) => row.publisher);
    expect(report.publishers.map(({ websites: _w, ...row }) => ({ ...row }))).toEqual(pubs.map((row) => ({
      _id: row.id, id: row.id, name: row.name, impressions: Number(row.impressions), clicks: Number(row.clicks), pcConversions: Number(row.pc),
      pvConversions: Number(row.pv), cost: (publisherCents.get(row.id) ?? 0) / 100, invalid: Number(row.invalid), invalidShare: invalidShareOf(row),
      ...invalidPartsOf(row), ctr: Number(row.impressions) > 0 ? Math.round((Number(row.clicks) * 10_000) / Number(row.impressions)) / 100 : 0,
    })));
    const first = report.publishers[0];
    const firstSites = await kit.sql<{ website: string; clicks: string }>(
      `SELECT website, ${validSum('clicks')} AS clicks FROM events WHERE campaign_id = $1 AND publisher_id = $2 AND day BETWEEN $3 AND $4 AND website <> ''
       GROUP BY website ORDER BY ${validSum('clicks')} DESC, website COLLATE "C"`, [work.summer.campaign, first._id, start, end]);
    expect(first.websites.map((site) => [site.location, site.clicks])).toEqual(firstSites.map((row) => [row.website, Number(row.clicks)]));
  });

  it('opens with the stats per day x channel x creative and the publishers\' totals; the conversions and a publisher\'s rows come on request', async () => {
    const start = daysAgo(9);
    const end = today();
    const range = `start=${start}&end=${end}`;
    const path = `/api/campaign/${work.summer.campaign}/report`;
    const summary = (await (await get(`${path}?${range}`, 'advertiser@demo.test')).json()) as Report;
    const full = (await (await get(`${path}?${range}&full=true`, 'advertiser@demo.test')).json()) as Report;
    expect(Object.keys(summary).sort()).toEqual(['banners', 'campaignName', 'clickApproval', 'conversionApproval', 'dataAsOf', 'previous', 'publishers', 'range', 'stats']);
    expect(summary).toMatchObject({ campaignName: 'Summer Sale 2026', range: { start, end }, conversionApproval: true, clickApproval: true, banners: full.banners });

    // The stats rows: the raw events per day x channel x creative (the publishers summed: publisher null).
    const raw = await kit.sql<Record<string, string | null>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, channel, banner_id, ${RAW_SUMS}
       FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, [work.summer.campaign, start, end]);
    const cents = centsBy((await bookedCents(work.summer.campaign, start, end)).creatives, (row) => `${row.day}|${row.channel}|${row.banner}`);
    expect(summary.stats.map(({ isActive: _active, ...row }) => row)).toEqual(raw.map((row) => ({
      date: row.date, channel: orNull(row.channel), banner: orNull(row.banner_id), publisher: null, impressions: Number(row.impressions),
      clicks: Number(row.clicks), pcConversions: Number(row.pc), pvConversions: Number(row.pv), cost: (cents.get(`${row.date}|${row.channel ?? ''}|${orNil(row.banner_id)}`) ?? 0) / 100,
      invalid: Number(row.invalid), invalidShare: invalidShareOf(row),
    })));
    expect(summary.stats.length).toBeLessThan(full.stats.length);
    expect(summary.stats.every((row) => row.isActive)).toBe(true);
    // The publishers: the full report's, without their websites and the invalid events by measure (the downloads').
    const parts = new Set(['invalidImpressions', 'invalidClicks', 'invalidConversions']);
    expect(summary.publishers).toEqual(full.publishers.map(({ websites: _w, ...row }) => Object.fromEntries(Object.entries(row).filter(([name]) => !parts.has(name)))));

    // The Conversions tab's list: the full report's.
    const listed = await get(`${path}/conversions?${range}`, 'advertiser@demo.test');
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Pick<Report, 'conversions'>).conversions).toEqual(full.conversions);

    // One publisher's rows: its stats, websites and conversions, as the raw events of that publisher give them.
    const publisher = full.publishers[0];
    const own = (await (await get(`${path}?${range}&publisher=${publisher._id}`, 'advertiser@demo.test')).json()) as Report;
    expect(own.publishers.map((row) => row._id)).toEqual([publisher._id]);
    const ownRaw = await kit.sql<Record<string, string | null>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, channel, banner_id, ${RAW_SUMS} FROM events
       WHERE campaign_id = $1 AND publisher_id = $2 AND day BETWEEN $3 AND $4 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, [work.summer.campaign, publisher._id, start, end]);
    expect(own.stats.map((row) => [row.date, row.channel, row.banner, row.publisher, row.clicks, row.impressions])).toEqual(
      ownRaw.map((row) => [row.date, orNull(row.channel), orNull(row.banner_id), publisher._id, Number(row.clicks), Number(row.impressions)]));
    const ownSites = (await (await get(`${path}?${range}&publisher=${publisher._id}&onlyWebsites=true`, 'advertiser@demo.test')).json()) as Report;
    expect(ownSites.websites.map((site) => [site.location, site.clicks])).toEqual(publisher.websites.map((site) => [site.location, site.clicks]));
    const ownConversions = (await (await get(`${path}/conversions?${range}&publisher=${publisher._id}`, 'advertiser@demo.test')).json()) as Pick<Report, 'conversions'>;
    expect(ownConversions.conversions).toEqual(full.conversions.filter((row) => row.publisher === publisher._id));

    // The conversions list keeps the report's rules: another advertiser 404, a viewer 403, bad input 400.
    expect((await get(`${path}/conversions`, 'other@demo.test')).status).toBe(404);
    expect((await get(`${path}/conversions`, 'viewer@demo.test')).status).toBe(403);
    expect((await get(`${path}/conversions?publisher=nope`, 'advertiser@demo.test')).status).toBe(400);
    expect((await get(`${path}?full=maybe`, 'advertiser@demo.test')).status).toBe(400);
  });

  it('filters and sorts the websites alone (onlyWebsites, channels[], sortBy, sortDesc)', async () => {
    const start = daysAgo(9);
    const res = await get(`/api/campaign/${work.summer.campaign}/report?start=${start}&onlyWebsites=true&channels[]=platform161&channels[]=googleads&sortBy=impressions&sortDesc=false`, 'advertiser@demo.test');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Report;
    expect(Object.keys(body).sort()).toEqual(['campaignName', 'dataAsOf', 'range', 'websites']);
    const sites = await kit.sql<{ website: string; impressions: string; channels: string[] }>(
      `SELECT website, ${validSum('impressions')} AS impressions, array_agg(DISTINCT channel ORDER BY channel) AS channels FROM events
       WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 AND website <> '' AND channel IN ('platform161', 'googleads')
       GROUP BY website ORDER BY ${validSum('impressions')}, website COLLATE "C"`, [work.summer.campaign, start, today()]);
    expect(body.websites.map((row) => [row.location, row.impressions, row.channels])).toEqual(sites.map((row) => [row.website, Number(row.impressions), row.channels]));
    const byName = (await (await get(`/api/campaign/${work.summer.campaign}/report?onlyWebsites=1&channels=facebook&sortBy=location&sortDesc=false`, 'advertiser@demo.test')).json()) as Report;
    expect(byName.websites.map((row) => row.location)).toEqual([...byName.websites.map((row) => row.location)].sort());
    expect(byName.websites.every((row) => row.channels.join() === 'facebook')).toBe(true);
  });

  it('covers the last 7 days by default and a range of days before today', async () => {
    const res = await get(`/api/campaign/${work.summer.campaign}/report`, 'advertiser@demo.test');
    const report = (await res.json()) as Report;
    expect(report.range).toEqual({ start: daysAgo(6), end: today() });
    expect(report.stats.every((row) => row.date >= daysAgo(6))).toBe(true);
    // The day edge: the click a second before midnight counts on the day before, the others on the day.
    const edge = (await (await get(`/api/campaign/${work.summer.campaign}/report?start=${daysAgo(3)}&end=${daysAgo(3)}&onlyWebsites=true`, 'advertiser@demo.test')).json()) as Report;
    expect(edge.websites.find((row) => row.location === 'edge.example')?.clicks).toBe(1);
    const after = (await (await get(`/api/campaign/${work.summer.campaign}/report?start=${daysAgo(2)}&end=${daysAgo(2)}&onlyWebsites=true`, 'advertiser@demo.test')).json()) as Report;
    expect(after.websites.find((row) => row.location === 'edge.example')?.clicks).toBe(2);
    // A range without delivery answers empty lists.
    const empty = (await (await get(`/api/campaign/${work.summer.campaign}/report?start=${daysAgo(60)}&end=${daysAgo(50)}&full=true`, 'advertiser@demo.test')).json()) as Report;
    expect(empty).toMatchObject({ stats: [], websites: [], conversions: [], publishers: [] });
    const emptySummary = (await (await get(`/api/campaign/${work.summer.campaign}/report?start=${daysAgo(60)}&end=${daysAgo(50)}`, 'advertiser@demo.test')).json()) as Report;
    expect(emptySummary).toMatchObject({ stats: [], publishers: [] });
  });

  it('is the campaign\'s advertiser\'s and staff\'s: another advertiser gets 404, a viewer 403, never the numbers', async () => {
    const path = `/api/campaign/${work.summer.campaign}/report`;
    for (const email of ['sysop@demo.test', 'accounting@demo.test']) expect((await get(path, email)).status, email).toBe(200);
    for (const email of ['other@demo.test', 'coworker@demo.test']) {
      const res = await get(path, email);
      expect(res.status, email).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('impressions');
    }
    // The Advertiser header of another tenant: 406 (access changed), as everywhere.
    expect((await get(path, 'other@demo.test', { Advertiser: work.demoShop })).status).toBe(406);
    const viewer = await get(path, 'viewer@demo.test', { Language: 'de' });
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toMatchObject({ message: 'Sie haben nicht die nötigen Rechte, um diese Seite zu öffnen.' });
    expect((await get(path, 'publisher@demo.test')).status).toBe(403);
    // Its own campaign for the other advertiser; an unknown id and a malformed one are 404.
    expect((await get(`/api/campaign/${work.otherLaunch.campaign}/report`, 'other@demo.test')).status).toBe(200);
    expect((await get('/api/campaign/00000000-0000-4000-8000-000000000000/report', 'advertiser@demo.test')).status).toBe(404);
    expect((await get('/api/campaign/nope/report', 'advertiser@demo.test')).status).toBe(404);
    expect((await kit.server.api(path)).status).toBe(401);
  });

  it('answers the campaign\'s approval flags, which staff set, never a guess from its line items', async () => {
    const report = async (campaign: string, email = 'advertiser@demo.test') => (await (await get(`/api/campaign/${campaign}/report`, email)).json()) as Report;
    const put = (campaign: string, email: string, body: Record<string, unknown>) =>
      kit.server.api(`/api/campaign/${campaign}`, { method: 'PUT', token: tokens[email], body, headers: { Language: 'en' } });
    const flags = async (campaign: string, email?: string) => {
      const { conversionApproval, clickApproval } = await report(campaign, email);
      return { conversionApproval, clickApproval };
    };
    expect(await flags(work.summer.campaign)).toEqual({ conversionApproval: true, clickApproval: true });
    // Staff switch one off: the report follows at once.
    expect((await put(work.summer.campaign, 'admin@demo.test', { conversionApproval: false })).status).toBe(200);
    expect(await flags(work.summer.campaign)).toEqual({ conversionApproval: false, clickApproval: true });
    // The approval screens stay open without the flag (the flag only shows the Instant Report's button).
    for (const email of ['advertiser@demo.test', 'sysop@demo.test']) {
      expect((await get(`/api/campaign/${work.summer.campaign}/conversions`, email)).status, email).toBe(200);
    }
    expect((await put(work.summer.campaign, 'sysop@demo.test', { conversionApproval: true })).status).toBe(200);
    expect(await flags(work.summer.campaign)).toEqual({ conversionApproval: true, clickApproval: true });

    // The other advertiser's campaign: no flags, though its line items are made affiliate CPO and affiliate CPC
    // (what the report guessed from before); its advertiser cannot set them (campaigns are staff's to change).
    const [launch] = await kit.sql<{ conversion_approval: boolean; click_approval: boolean }>(
      'SELECT conversion_approval, click_approval FROM campaigns WHERE id = $1', [work.otherLaunch.campaign]);
    expect(launch).toEqual({ conversion_approval: false, click_approval: false });
    const items = await kit.sql<{ id: string; channel: string; bid_type: string | null }>('SELECT id, channel, bid_type FROM lineitems WHERE campaign_id = $1 ORDER BY id', [work.otherLaunch.campaign]);
    expect(items.length).toBeGreaterThanOrEqual(2);
    await kit.sql(`UPDATE lineitems SET channel = 'affiliate', bid_type = 'CPO' WHERE id = $1 RETURNING 1`, [items[0].id]);
    await kit.sql(`UPDATE lineitems SET channel = 'affiliate_cpc' WHERE id = $1 RETURNING 1`, [items[1].id]);
    try {
      expect(await flags(work.otherLaunch.campaign, 'other@demo.test')).toEqual({ conversionApproval: false, clickApproval: false });
      expect((await put(work.otherLaunch.campaign, 'other@demo.test', { clickApproval: true })).status).toBe(403);
      expect(await flags(work.otherLaunch.campaign, 'other@demo.test')).toEqual({ conversionApproval: false, clickApproval: false });
      expect((await put(work.otherLaunch.campaign, 'admin@demo.test', { clickApproval: true })).status).toBe(200);
      expect(await flags(work.otherLaunch.campaign, 'other@demo.test')).toEqual({ conversionApproval: false, clickApproval: true });
    } finally {
      for (const item of items) await kit.sql('UPDATE lineitems SET channel = $2, bid_type = $3 WHERE id = $1 RETURNING 1', [item.id, item.channel, item.bid_type]);
      await kit.sql('UPDATE campaigns SET click_approval = false WHERE id = $1 RETURNING 1', [work.otherLaunch.campaign]);
    }
  });

  it('shows each conversion\'s decision from Conversion Approval: approved or rejected with its date, pending otherwise', async () => {
    const start = daysAgo(9);
    const path = `/api/campaign/${work.summer.campaign}/report/conversions?start=${start}&end=${today()}`;
    const before = (await (await get(path, 'advertiser@demo.test')).json()) as Report;
    expect(before.conversions.length).toBeGreaterThan(2);
    const [first, second] = before.conversions;
    const decide = async (email: string, conversionId: string, approved: boolean) => {
      const res = await kit.server.api(`/api/campaign/${work.summer.campaign}/conversions`, { method: 'POST', token: tokens[email], body: { conversionId, approved } });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as { approvalStatus: string; approvalDate: string };
    };
    const approved = await decide('advertiser@demo.test', first.conversionId, true);
    const rejected = await decide('sysop@demo.test', second.conversionId, false);
    expect([approved.approvalStatus, rejected.approvalStatus]).toEqual(['approved', 'rejected']);

    for (const email of ['advertiser@demo.test', 'sysop@demo.test']) {
      const after = (await (await get(path, email)).json()) as Report;
      const byId = new Map(after.conversions.map((row) => [row.conversionId, row]));
      expect(byId.get(first.conversionId), email).toMatchObject({ approvalStatus: 'approved', approvalDate: approved.approvalDate });
      expect(byId.get(second.conversionId), email).toMatchObject({ approvalStatus: 'rejected', approvalDate: rejected.approvalDate });
      expect(Date.now() - Date.parse(approved.approvalDate)).toBeLessThan(120_000);
      // The rest stay pending; the list keeps its rows and order.
      expect(after.conversions.map((row) => row.conversionId)).toEqual(before.conversions.map((row) => row.conversionId));
      expect(after.conversions.slice(2).every((row) => row.approvalStatus === '' && row.approvalDate === null)).toBe(true);
    }
    // The decisions table is the one the approvals API wrote (keyed by advertiser and event).
    const rows = await kit.sql<{ event_id: string; status: string }>(
      'SELECT event_id, status FROM event_approvals WHERE event_id = ANY($1::uuid[]) ORDER BY status', [[first.conversionId, second.conversionId]]);
    expect(rows).toEqual([{ event_id: first.conversionId, status: 'approved' }, { event_id: second.conversionId, status: 'rejected' }]);
  });

  it('refuses bad ranges and parameters with 400 in the request\'s language', async () => {
    const path = `/api/campaign/${work.summer.campaign}/report`;
    const refused = async (query: string, language: 'de' | 'en') => {
      const res = await get(`${path}?${query}`, 'advertiser@demo.test', { Language: language });
      expect(res.status, query).toBe(400);
      return (await res.json()) as { message: string; errors: { field: string; message: string }[] };
    };
    const earliest = earliestDay();
    const [y, m, d] = earliest.split('-');
    const tooEarly = new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await refused(`start=${tooEarly}`, 'de')).toMatchObject({
      message: `Der Zeitraum darf frühestens am ${d}-${m}-${y} beginnen (6 Monate und 1 Tag zurück).`, errors: [{ field: 'start' }],
    });
    expect(await refused(`start=${tooEarly}`, 'en')).toMatchObject({ message: `The range may start on ${d}-${m}-${y} at the earliest (6 months and 1 day back).` });
    expect((await get(`${path}?start=${earliest}&end=${earliest}`, 'advertiser@demo.test')).status).toBe(200);
    expect(await refused(`start=${today()}&end=${daysAgo(1)}`, 'en')).toMatchObject({ message: 'The end of the range may not be before its start.', errors: [{ field: 'end' }] });
    expect(await refused(`start=${today()}&end=${daysAgo(1)}`, 'de')).toMatchObject({ message: 'Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.' });
    expect(await refused('start=2026-02-30', 'en')).toMatchObject({ message: 'Parameter "start" must be a date as YYYY-MM-DD.', errors: [{ field: 'start' }] });
    expect(await refused('end=tomorrow', 'de')).toMatchObject({ message: 'Der Parameter „end“ muss ein Datum der Form JJJJ-MM-TT sein.' });
    expect(await refused(`start=${today()}&start=${today()}`, 'en')).toMatchObject({ errors: [{ field: 'start' }] });
    expect(await refused('end=9999-12-31', 'en')).toMatchObject({ errors: [{ field: 'end' }] });
    expect(await refused('sortBy=constructor', 'en')).toMatchObject({ errors: [{ field: 'sortBy' }] });
    expect(await refused('sortDesc=maybe', 'de')).toMatchObject({ message: 'Der Parameter „sortDesc“ muss true oder false sein.' });
    expect(await refused('channels=nochannel', 'en')).toMatchObject({ message: 'Parameter "channels" must name known channels.' });
    expect(await refused('onlyWebsites=yes', 'en')).toMatchObject({ errors: [{ field: 'onlyWebsites' }] });
  });
});

describe('the daily rollups', () => {
  const compare = async () => {
    for (const [table, keys] of [
      ['stat_daily_creatives', 'advertiser_id, campaign_id, day, lineitem_id, channel, banner_id, publisher_id'],
      ['stat_daily_websites', 'advertiser_id, campaign_id, day, channel, publisher_id, website'],
      ['stat_daily_channels', 'advertiser_id, campaign_id, day, lineitem_id, channel, banner_id'],
      ['stat_daily_publishers', 'advertiser_id, campaign_id, day, publisher_id'],
    ]) {
      const hourly = keys.replace('day', `(hour AT TIME ZONE 'UTC')::date AS day`);
      const sums = 'SUM(impressions) AS i, SUM(clicks) AS c, SUM(pc_conversions) AS pc, SUM(pc_value) AS pcv, SUM(pv_conversions) AS pv, SUM(pv_value) AS pvv, SUM(cost_milli) AS cost';
      const fromHourly = await kit.sql(`SELECT ${hourly}, ${sums} FROM stat_hourly GROUP BY ${keys} ORDER BY ${keys}`);
      const fromDaily = await kit.sql(`SELECT ${keys}, ${sums} FROM ${table} GROUP BY ${keys} ORDER BY ${keys}`);
      expect(fromDaily.length, table).toBeGreaterThan(20);
      expect(JSON.stringify(fromDaily), table).toBe(JSON.stringify(fromHourly));
    }
  };

  it('equal the hourly rollup after the workload, a changed hour and the retention\'s delete of old hours', async () => {
    await compare();
    await kit.sql(`UPDATE stat_hourly SET clicks = clicks + 5, website = 'moved.example' WHERE ctid = (SELECT ctid FROM stat_hourly ORDER BY hour LIMIT 1) RETURNING 1`);
    await kit.sql(`UPDATE stat_hourly SET impressions = impressions + 7 WHERE hour = (SELECT MAX(hour) FROM stat_hourly) RETURNING 1`);
    await compare();
    await kit.sql('DELETE FROM stat_hourly WHERE hour < $1 RETURNING 1', [new Date(Date.now() - 6 * 86_400_000).toISOString()]);
    await compare();
    const [left] = await kit.sql<{ n: string }>(`SELECT COUNT(*) AS n FROM stat_daily_websites WHERE day < $1::date`, [daysAgo(6)]);
    expect(Number(left.n)).toBe(0);
  });

  it('are filled from the hourly rollup when they are made on a database that has one', async () => {
    const HOURLY_COLUMNS = 'advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website, impressions, clicks, pc_conversions, pc_value, pv_conversions, pv_value, cost_milli';
    for (const name of ['stat_daily_after_insert', 'stat_daily_after_update', 'stat_daily_after_delete']) await kit.sql(`DROP TRIGGER ${name} ON stat_hourly`);
    await kit.sql('DROP TABLE stat_daily_websites');
    await kit.sql('DROP TABLE stat_daily_publishers');
    // Hours changed and added while the daily rollups were not there (a database from before them). Statements of
    // their own: the pipeline's batches write the daily rows beside the hourly ones, so they need the tables.
    await kit.sql('UPDATE stat_hourly SET clicks = clicks + 3, impressions = impressions + 10');
    await kit.sql(`INSERT INTO stat_hourly (${HOURLY_COLUMNS}) SELECT ${HOURLY_COLUMNS.replace('hour', "hour - interval '3 days'").replace('website', "'earlier.example'")}
      FROM stat_hourly ON CONFLICT DO NOTHING`);
    await prepareRollups(kit.server.core);
    await compare();
    // Made once: a second start changes nothing.
    const before = await kit.sql('SELECT COUNT(*) AS n, SUM(clicks) AS c FROM stat_daily_creatives');
    await prepareRollups(kit.server.core);
    expect(await kit.sql('SELECT COUNT(*) AS n, SUM(clicks) AS c FROM stat_daily_creatives')).toEqual(before);
  });
});
