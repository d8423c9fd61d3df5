/**
 * The publisher's view of a campaign (GET /api/publisher/campaign/:id/report) against GROUP BY over the raw events of
 * a seeded workload: the signed-in publisher's own publishers' rows only (narrowed by the Publisher header), never
 * another publisher's or the rows without one; staff name the publisher; others are refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { writeEvents } from '../../tracking/server/pipeline.ts';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { centsBy, daysAgo, expectedCents, RAW_SUMS, today, writeWorkload, type Workload } from './workload.ts';

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
}, 300_000);

interface View {
  campaignName: string;
  publishers: { id: string; name: string; impressions: number; clicks: number; cost: number }[];
  stats: { date: string; channel: string | null; banner: string | null; publisher: string; impressions: number; clicks: number; pcConversions: number; pvConversions: number; cost: number }[];
  websites: { location: string; impressions: number; clicks: number }[];
  conversions: { conversionId: string; publisher: string }[];
  banners: { id: string; name: string }[];
}

const get = (path: string, email: string, headers: Record<string, string> = {}) => kit.server.api(path, { token: tokens[email], headers });
const start = daysAgo(11);
const path = () => `/api/publisher/campaign/${work.summer.campaign}/report?start=${start}&end=${today()}`;

/** The campaign's booked cents per row (workload.ts' second implementation of cents.ts' rule: the advertiser's figures). */
async function creativeCents() {
  return (await expectedCents(kit, [work.summer.campaign])).creatives.filter((row) => row.day >= start && row.day <= today());
}

/** The rows the raw events give for `publishers`, each with its share of what the ledger booked. */
async function expected(publishers: string[]) {
  const raw = await kit.sql<Record<string, string | null>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, channel, banner_id, publisher_id, ${RAW_SUMS} FROM events
     WHERE bot = false AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = ANY($4::uuid[]) GROUP BY 1, 2, 3, 4`,
    [work.summer.campaign, start, today(), publishers]);
  const cents = centsBy(await creativeCents(), (row) => `${row.day}|${row.channel}|${row.banner}|${row.publisher}`);
  return raw.map((row) => ({
    date: row.date, channel: row.channel || null, banner: row.banner_id, publisher: row.publisher_id, impressions: Number(row.impressions), clicks: Number(row.clicks),
    pcConversions: Number(row.pc), pvConversions: Number(row.pv), cost: (cents.get(`${row.date}|${row.channel ?? ''}|${row.banner_id}|${row.publisher_id}`) ?? 0) / 100,
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
      `SELECT ${RAW_SUMS} FROM events WHERE bot = false AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = $4`, [work.summer.campaign, start, today(), own[0]]);
    const publisherCents = centsBy(await creativeCents(), (row) => row.publisher).get(own[0]) ?? 0;
    expect(view.publishers.find((row) => row.id === own[0])).toMatchObject({ impressions: Number(first.impressions), clicks: Number(first.clicks), cost: publisherCents / 100 });
    const sites = await kit.sql<{ website: string; impressions: string; clicks: string }>(
      `SELECT website, SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM events WHERE bot = false AND campaign_id = $1 AND day BETWEEN $2 AND $3
       AND publisher_id = ANY($4::uuid[]) AND website <> '' GROUP BY website ORDER BY SUM(clicks) DESC, website COLLATE "C"`, [work.summer.campaign, start, today(), own]);
    expect(view.websites.map((row) => [row.location, row.impressions, row.clicks])).toEqual(sites.map((row) => [row.website, Number(row.impressions), Number(row.clicks)]));
    const conversions = await kit.sql<{ n: string }>(
      `SELECT COUNT(*) AS n FROM events WHERE bot = false AND kind = 'conversion' AND campaign_id = $1 AND day BETWEEN $2 AND $3 AND publisher_id = ANY($4::uuid[])`,
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
