/**
 * The demo publisher's placements (demo.ts), seeded with the demo history through the resource service, and the
 * history's requests of them (plugins/tracking historyPlacements.ts) on every day of the history: /placements counts
 * as many requests as the history sent each day, each decided by the ad server (a filled one is a view with its
 * decision, on the day it was asked); seeding again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { placementRequests, placementsOf, seedHistory } from '../../tracking/server/testkit.ts';
import { DEMO_ACCEPTED, DEMO_PUBLISHER, DEMO_WEBSITES } from './demo.ts';
import { replayRequests } from './replay.ts';

let server: TestServer;
let publisher = '';
/** Days of history, all of them days the accepted campaign ran (it started 20 days ago). */
const DAYS = 3;

const sql = <T extends object>(query: string, bind: unknown[] = []) => server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const seedAgain = () => server.core.plugins.find((plugin) => plugin.name === 'delivery')!.seed!(server.core);

/** What the demo publisher has: its websites, placements and accepted campaigns, and each placement's counts. */
async function demoState() {
  const websites = await sql<{ id: string; url: string }>('SELECT id, url FROM websites WHERE publisher_id = $1 AND archived_at IS NULL ORDER BY url', [publisher]);
  const placements = await sql<{ id: string; name: string; size: string; url: string }>(
    `SELECT p.id, p.name, p.size, w.url FROM placements p JOIN websites w ON w.id = p.website_id WHERE p.publisher_id = $1 AND p.archived_at IS NULL ORDER BY p.name`, [publisher]);
  const accepted = await sql<{ id: string; name: string; status: string }>(
    `SELECT i.id, c.name, i.invitation_status AS status FROM invitations i JOIN campaigns c ON c.id = i.campaign_id WHERE i.publisher_id = $1 AND i.archived_at IS NULL ORDER BY c.name`, [publisher]);
  const counts = await sql<{ placement_id: string; day: string; requests: number; filled: number }>(
    `SELECT placement_id, to_char(day, 'YYYY-MM-DD') AS day, requests, filled FROM delivery_placement_days WHERE placement_id = ANY($1::uuid[]) ORDER BY placement_id, day`,
    [placements.map((placement) => placement.id)]);
  return { websites, placements, accepted, counts };
}

beforeAll(async () => {
  // The demo as `npm start` seeds it with its history; the history itself runs below (no job runner here).
  server = await startTestServer({ env: { seedHistoryDays: DAYS }, jobs: false });
  [{ id: publisher }] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
}, 180_000);

afterAll(() => server?.stop());

describe('the demo publisher\'s placements', () => {
  it('are seeded with the history, as the publisher writes them, once', async () => {
    const seeded = await demoState();
    expect(seeded.websites.map((website) => website.url)).toEqual(DEMO_WEBSITES.map(({ host }) => `https://${host}`).sort());
    const declared = DEMO_WEBSITES.flatMap(({ host, placements }) => placements.map(({ name, size }) => ({ name, size, url: `https://${host}` })));
    expect(seeded.placements.map(({ name, size, url }) => ({ name, size, url }))).toEqual(declared.sort((a, b) => a.name.localeCompare(b.name)));
    expect(seeded.accepted.map(({ name, status }) => ({ name, status }))).toEqual(DEMO_ACCEPTED.map((name) => ({ name, status: 'accepted' })));
    // Written by the resource service: the publisher's placements are in its activity log, and its API lists them.
    const logged = await sql<{ n: string }>(`SELECT count(*) AS n FROM campaignlogs WHERE entity_type = 'placement' AND entity_action = 'create'`);
    expect(Number(logged[0].n)).toBe(seeded.placements.length);
    const listed = await server.api('/api/placement?range=[0,49]', { token: await server.token(DEMO_PUBLISHER), headers: { Publisher: publisher } });
    expect(((await listed.json()) as { name: string }[]).map((row) => row.name).sort()).toEqual(seeded.placements.map((placement) => placement.name));

    await seedAgain();
    expect(await demoState()).toEqual(seeded);
  });

  it('get the requests the history sent on every day, each decided by the ad server at its time; a second run changes nothing', async () => {
    const now = new Date();
    await seedHistory(server.core, DAYS, now);
    const placements = await placementsOf(server.core, publisher);
    const sent = placementRequests(publisher, placements, now, DAYS);
    const days = Array.from({ length: DAYS }, (_, n) => new Date(now.getTime() - (DAYS - 1 - n) * 86_400_000).toISOString().slice(0, 10));
    const dayOf = (at: Date) => at.toISOString().slice(0, 10);
    // What the history sends: every placement asked hundreds of times on every past day, and today until now.
    for (const day of days.slice(0, -1)) {
      for (const placement of placements) expect(sent.filter((r) => r.placement === placement.id && dayOf(r.at) === day).length, `${placement.id} ${day}`).toBeGreaterThan(200);
    }
    expect(sent.every((request) => request.at <= now && days.includes(dayOf(request.at)))).toBe(true);
    const { placements: rows, counts } = await demoState();
    const sentTo = (id: string, day: string) => sent.filter((request) => request.placement === id && dayOf(request.at) === day).length;
    const expected = rows.flatMap((row) => days.filter((day) => sentTo(row.id, day) > 0).map((day) => ({ placement_id: row.id, day, requests: sentTo(row.id, day) })))
      .sort((a, b) => a.placement_id.localeCompare(b.placement_id) || a.day.localeCompare(b.day));
    expect(counts.map(({ placement_id, day, requests }) => ({ placement_id, day, requests }))).toEqual(expected);
    // Every past day of the history is counted for every placement: a history of today alone fails here.
    for (const row of rows) expect(counts.filter((count) => count.placement_id === row.id).map((count) => count.day), row.name).toEqual(expect.arrayContaining(days.slice(0, -1)));

    // A filled request is a view of the accepted campaign's line item with the ad server's decision, on its day; the
    // leaderboard, a size no accepted campaign has, shows the house ad, and so does a day whose budget the line item's
    // other delivery of the history had spent (evenly paced, nothing was left for the day).
    const spentOut = new Set((await sql<{ day: string }>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day FROM stat_lineitem_days s JOIN lineitems l ON l.id = s.lineitem_id JOIN campaigns c ON c.id = l.campaign_id
       WHERE c.name = ANY($1::text[]) AND l.channel = 'platform161' AND s.cost_milli >= l.daily_budget * 1000`, [DEMO_ACCEPTED])).map((row) => row.day));
    const views = await sql<{ placement: string; campaign: string; eligible: number; visitor: string | null; day: string }>(
      `SELECT e.data->>'placement' AS placement, c.name AS campaign, (e.data->>'eligible')::int AS eligible, e.visitor, to_char(e.day, 'YYYY-MM-DD') AS day
       FROM events e JOIN campaigns c ON c.id = e.campaign_id WHERE e.kind = 'view' AND e.data ? 'placement' AND e.publisher_id = $1`, [publisher]);
    for (const row of rows) {
      for (const day of days) {
        const filled = counts.find((count) => count.placement_id === row.id && count.day === day)?.filled ?? 0;
        expect(views.filter((view) => view.placement === row.id && view.day === day).length, `${row.name} ${day}`).toBe(filled);
        if (row.size === '728x90') expect(filled, `${row.name} ${day}`).toBe(0);
        else if (sentTo(row.id, day) >= 10 && !spentOut.has(day)) expect(filled, `${row.name} ${day}`).toBeGreaterThan(0);
      }
    }
    expect(new Set(views.map((view) => view.day)).size).toBeGreaterThanOrEqual(DAYS - 1 - spentOut.size);
    expect(new Set(views.map((view) => view.campaign))).toEqual(new Set(DEMO_ACCEPTED));
    expect(views.every((view) => view.eligible >= 1 && view.visitor)).toBe(true);

    // The publisher's screen reads the same counts, day by day over the history.
    const sport = rows.find((row) => row.name === 'Sport article top')!;
    const answer = await server.api(`/api/placement/${sport.id}/requests?days=${DAYS}`, { token: await server.token(DEMO_PUBLISHER), headers: { Publisher: publisher } });
    const listed = (await answer.json()) as { day: string; requests: number; filled: number }[];
    expect(listed.filter((day) => day.requests > 0).map(({ day, requests, filled }) => ({ day, requests, filled })).sort((a, b) => a.day.localeCompare(b.day)))
      .toEqual(counts.filter((count) => count.placement_id === sport.id).map(({ day, requests, filled }) => ({ day, requests, filled })));

    // The campaign's and the publisher's statistics (the hourly rollup) count every valid view of the day, the
    // placements' among them.
    const [campaign] = await sql<{ id: string }>('SELECT id FROM campaigns WHERE name = $1', [DEMO_ACCEPTED[0]]);
    const rolled = await sql<{ day: string; views: string }>(
      `SELECT to_char(hour, 'YYYY-MM-DD') AS day, SUM(impressions) AS views FROM stat_hourly WHERE campaign_id = $1 AND publisher_id = $2 GROUP BY 1`, [campaign.id, publisher]);
    const tracked = await sql<{ day: string; views: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*) AS views FROM events WHERE kind = 'view' AND invalid IS NULL AND campaign_id = $1 AND publisher_id = $2 GROUP BY 1`,
      [campaign.id, publisher]);
    for (const day of days) {
      const placed = views.filter((view) => view.day === day).length;
      const stored = Number(tracked.find((row) => row.day === day)?.views ?? 0);
      expect(stored, day).toBeGreaterThanOrEqual(placed);
      expect(Number(rolled.find((row) => row.day === day)?.views ?? 0), day).toBe(stored);
    }

    // Idempotent: the history runs once, the seed finds what it made.
    const before = await demoState();
    expect(await seedHistory(server.core, DAYS, new Date())).toBe(0);
    await seedAgain();
    expect(await demoState()).toEqual(before);
  }, 300_000);

  it('get the house ad on a day before the accepted campaign started, as the ad server of that day answered', async () => {
    const [campaign] = await sql<{ start: string }>(`SELECT to_char(start, 'YYYY-MM-DD') AS start FROM campaigns WHERE name = $1`, [DEMO_ACCEPTED[0]]);
    const before = new Date(Date.parse(campaign.start) - 1);
    const placements = await placementsOf(server.core, publisher);
    const sent = placementRequests(publisher, placements, before, 1);
    expect(sent.length).toBeGreaterThan(300);
    expect(await replayRequests(server.core, sent)).toEqual({ requests: sent.length, filled: 0 });
    // The first day of the campaign, the same placements show its ad.
    const first = placementRequests(publisher, placements, new Date(Date.parse(campaign.start) + 86_399_999), 1);
    expect((await replayRequests(server.core, first)).filled).toBeGreaterThan(0);
  }, 120_000);
});
