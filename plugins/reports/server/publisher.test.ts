/**
 * The publisher's view of a campaign (GET /api/publisher/campaign/:id/report) against GROUP BY over the raw events of
 * a seeded workload: the signed-in publisher's own publishers' rows only (narrowed by the Publisher header), never
 * another publisher's or the rows without one; its money is what it earned (the provisions of its approved events),
 * never the advertiser's cost; staff name the publisher; others are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { writeEvents } from '../../tracking/server/testkit.ts';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { daysAgo, invalidShareOf, RAW_SUMS, today, type Workload, VALID, validSum, writeWorkload } from './workload.ts';

const kit = useTrackingServer();
let work: Workload;
/** A publisher of another account, with deliveries of its own. */
let stranger: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  work = await writeWorkload(kit);
  const [other] = await kit.sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'other@demo.test'`);
  const row = await kit.server.core.model('publisher').create({ name: 'Stranger Media', owner: other.id, url: 'https://stranger.example' });
  stranger = String(row.get('id'));
  const display = await kit.lineitem('Summer Sale 2026', 'platform161');
  const at = new Date(Date.now() - 3_600_000);
  const common = { advertiser: display.advertiser, campaign: display.campaign, lineitem: display.id, banner: display.banner, channel: 'platform161', publisher: stranger, website: 'stranger.example', created: at };
  await writeEvents(kit.server.core, [{ kind: 'view', ...common }, { kind: 'view', ...common }, { kind: 'click', ...common, costMilli: 500 }]);
  for (const email of ['publisher@demo.test', 'advertiser@demo.test', 'viewer@demo.test', 'sysop@demo.test']) tokens[email] = await kit.server.token(email);
  // The advertiser approves some conversions of the demo publisher's: their provisions are its earnings here.
  const conversions = await kit.sql<{ id: string }>(
    `SELECT id FROM events WHERE campaign_id = $1 AND kind = 'conversion' AND ${VALID} AND publisher_id = ANY($2::uuid[]) AND day >= $3
     ORDER BY created DESC LIMIT 3`, [work.summer.campaign, work.publishers, daysAgo(11)]);
  for (const { id } of conversions) {
    const approved = await kit.server.api(`/api/campaign/${work.summer.campaign}/conversions`, { method: 'POST', token: tokens['advertiser@demo.test'], body: { conversionId: id, approved: true } });
    expect(approved.status).toBe(200);
  }
}, 300_000);

interface View {
  campaignName: string;
  publishers: { id: string; name: string; impressions: number; clicks: number; cost: number }[];
  stats: { date: string; channel: string | null; banner: string | null; publisher: string; impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number }[];
  websites: { location: string; impressions: number; clicks: number; cost: number }[];
  conversions: { conversionId: string; publisher: string; commission: number }[];
  banners: { id: string; name: string }[];
}

const get = (path: string, email: string, headers: Record<string, string> = {}) => kit.server.api(path, { token: tokens[email], headers });
const start = daysAgo(11);
const path = () => `/api/publisher/campaign/${work.summer.campaign}/report?start=${start}&end=${today()}`;

/** The provisions (cents) credited for the approved events of the range, by `keyOf` over the event's columns. */
async function provisions(keyOf: (row: { date: string; channel: string | null; banner_id: string | null; publisher_id: string; website: string | null }) => string) {
  const rows = await kit.sql<{ date: string; channel: string | null; banner_id: string | null; publisher_id: string; website: string | null; provision: string }>(
    `SELECT to_char(e.day, 'YYYY-MM-DD') AS date, e.channel, e.banner_id, e.publisher_id, e.website, a.provision FROM event_approvals a
     JOIN events e ON e.advertiser_id = a.advertiser_id AND e.day = a.day AND e.id = a.event_id
     WHERE a.campaign_id = $1 AND a.status = 'approved' AND e.day BETWEEN $2 AND $3`, [work.summer.campaign, start, today()]);
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + Number(row.provision));
  return sums;
}

/** The rows the raw events give for `publishers`, each with the provisions of its approved events. */
async function expected(publishers: string[]) {
  const raw = await kit.sql<Record<string, string | null>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, channel, banner_id, publisher_id, ${RAW_SUMS} FROM events
     WHERE campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = ANY($4::uuid[]) GROUP BY 1, 2, 3, 4`,
    [work.summer.campaign, start, today(), publishers]);
  const cents = await provisions((row) => `${row.date}|${row.channel ?? ''}|${row.banner_id}|${row.publisher_id}`);
  return raw.map((row) => ({
    date: row.date, channel: row.channel || null, banner: row.banner_id, publisher: row.publisher_id, impressions: Number(row.impressions), clicks: Number(row.clicks),
    pcConversions: Number(row.pc), pvConversions: Number(row.pv), cost: (cents.get(`${row.date}|${row.channel ?? ''}|${row.banner_id}|${row.publisher_id}`) ?? 0) / 100,
    invalid: Number(row.invalid), invalidShare: invalidShareOf(row),
  })).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('the publisher\'s view of a campaign', () => {
  it('answers the figures of the publisher\'s own publishers only, as the raw events give them', async () => {
    const res = await get(path(), 'publisher@demo.test');
    expect(res.status).toBe(200);
    const view = (await res.json()) as View;
    expect(view.campaignName).toBe('Summer Sale 2026');
    const own = work.publishers;
    expect(view.stats.length).toBeGreaterThan(20);
    expect(sorted(view.stats)).toEqual(await expected(own));
    expect(view.stats.every((row) => own.includes(row.publisher))).toBe(true);
    expect(JSON.stringify(view)).not.toContain(stranger);
    expect(view.publishers.map((row) => row.id).sort()).toEqual([...own].sort());
    // The totals per publisher and the websites add up to the same raw events.
    const [first] = await kit.sql<Record<string, string>>(
      `SELECT ${RAW_SUMS} FROM events WHERE ${VALID} AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = $4`, [work.summer.campaign, start, today(), own[0]]);
    const byPublisher = await provisions((row) => row.publisher_id);
    expect(view.publishers.find((row) => row.id === own[0])).toMatchObject({ impressions: Number(first.impressions), clicks: Number(first.clicks), cost: (byPublisher.get(own[0]) ?? 0) / 100 });
    // Earnings, not the advertiser's cost: only the approved events' provisions, and some there are.
    const earned = own.reduce((sum, publisher) => sum + (byPublisher.get(publisher) ?? 0), 0);
    expect(earned).toBeGreaterThan(0);
    expect(Math.round(view.stats.reduce((sum, row) => sum + row.cost * 100, 0))).toBe(earned);
    const bySite = await provisions((row) => row.website ?? '');
    for (const site of view.websites) expect(site.cost, site.location).toBe((bySite.get(site.location) ?? 0) / 100);
    const decided = await kit.sql<{ event_id: string; provision: string }>(`SELECT event_id, provision FROM event_approvals WHERE campaign_id = $1 AND status = 'approved'`, [work.summer.campaign]);
    for (const row of view.conversions) {
      expect(row.commission, row.conversionId).toBe(Number(decided.find((d) => d.event_id === row.conversionId)?.provision ?? 0) / 100);
    }
    const sites = await kit.sql<{ website: string; impressions: string; clicks: string }>(
      `SELECT website, ${validSum('impressions')} AS impressions, ${validSum('clicks')} AS clicks FROM events WHERE campaign_id = $1 AND day BETWEEN $2 AND $3
       AND publisher_id = ANY($4::uuid[]) AND website <> '' GROUP BY website ORDER BY ${validSum('clicks')} DESC, website COLLATE "C"`, [work.summer.campaign, start, today(), own]);
    expect(view.websites.map((row) => [row.location, row.impressions, row.clicks])).toEqual(sites.map((row) => [row.website, Number(row.impressions), Number(row.clicks)]));
    const conversions = await kit.sql<{ n: string }>(
      `SELECT COUNT(*) AS n FROM events WHERE ${VALID} AND kind = 'conversion' AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = ANY($4::uuid[])`,
      [work.summer.campaign, start, today(), own]);
    expect(view.conversions).toHaveLength(Number(conversions[0].n));
    expect(view.conversions.every((row) => own.includes(row.publisher))).toBe(true);
    expect(view.banners.length).toBeGreaterThan(0);
  });

  it('narrows to the publisher the Publisher header selects', async () => {
    const view = (await (await get(path(), 'publisher@demo.test', { Publisher: work.publishers[0] })).json()) as View;
    expect(sorted(view.stats)).toEqual(await expected([work.publishers[0]]));
    expect(view.publishers.map((row) => row.id)).toEqual([work.publishers[0]]);
    // Another account's publisher: access changed.
    expect((await get(path(), 'publisher@demo.test', { Publisher: stranger })).status).toBe(406);
  });

  it('lets staff read one publisher\'s rows by the Publisher header and refuses the others', async () => {
    const staff = await get(path(), 'sysop@demo.test', { Publisher: stranger });
    expect(staff.status).toBe(200);
    const view = (await staff.json()) as View;
    expect(view.stats.map(({ publisher, impressions, clicks }) => ({ publisher, impressions, clicks }))).toEqual([{ publisher: stranger, impressions: 2, clicks: 1 }]);
    expect(view.websites.map((row) => row.location)).toEqual(['stranger.example']);
    const none = await get(path(), 'sysop@demo.test', { Language: 'en' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: 'Please select a publisher.' });
    // An advertiser has no publishers: the campaign is not theirs to see here; a viewer may not open the view.
    expect((await get(path(), 'advertiser@demo.test')).status).toBe(404);
    expect((await get(path(), 'viewer@demo.test')).status).toBe(403);
    // A campaign the publisher neither is invited to nor delivered for, unknown and malformed ids: 404.
    const quiet = await kit.server.core.model('campaign').create({ name: 'Quiet Campaign', advertiser: work.otherShop, status: 'active' });
    expect((await get(`/api/publisher/campaign/${quiet.get('id')}/report`, 'publisher@demo.test')).status).toBe(404);
    // Invited to it, the publisher sees it (without figures yet).
    await kit.server.core.model('invitation').create({ publisher: work.publishers[0], campaign: quiet.get('id'), invitationStatus: 'invited' });
    const invited = await get(`/api/publisher/campaign/${quiet.get('id')}/report`, 'publisher@demo.test');
    expect(invited.status).toBe(200);
    expect(await invited.json()).toMatchObject({ campaignName: 'Quiet Campaign', stats: [], websites: [], conversions: [] });
    expect((await get('/api/publisher/campaign/00000000-0000-4000-8000-000000000000/report', 'publisher@demo.test')).status).toBe(404);
    expect((await get('/api/publisher/campaign/nope/report', 'publisher@demo.test')).status).toBe(404);
    expect((await get(`${path()}&start=2000-01-01`, 'publisher@demo.test')).status).toBe(400);
  });
});
