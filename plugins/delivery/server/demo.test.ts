/**
 * The demo publisher's placements (demo.ts), seeded with the demo history through the resource service, and the
 * history's requests of them (plugins/tracking historyPlacements.ts): /placements counts as many requests as the
 * history sent, each decided by the ad server (a filled one is a view with its decision); seeding again changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { placementRequests, placementsOf, seedHistory } from '../../tracking/server/testkit.ts';
import { DEMO_ACCEPTED, DEMO_PUBLISHER, DEMO_WEBSITES } from './demo.ts';

let server: TestServer;
let publisher = '';

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
  // The demo as `npm start` seeds it with a day of history; the history itself runs below (no job runner here).
  server = await startTestServer({ env: { seedHistoryDays: 1 }, jobs: false });
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

  it('get the requests the history sent, each decided by the ad server; a second run changes nothing', async () => {
    const now = new Date();
    await seedHistory(server.core, 1, now);
    const placements = await placementsOf(server.core, publisher);
    const sent = placementRequests(publisher, placements, now);
    expect(sent.length).toBeGreaterThan(0);
    const { placements: rows, counts } = await demoState();
    const today = now.toISOString().slice(0, 10);
    const sentTo = (id: string) => sent.filter((request) => request.placement === id).length;
    expect(counts.map(({ placement_id, day, requests }) => ({ placement_id, day, requests })))
      .toEqual(rows.filter((row) => sentTo(row.id) > 0).map((row) => ({ placement_id: row.id, day: today, requests: sentTo(row.id) }))
        .sort((a, b) => a.placement_id.localeCompare(b.placement_id)));

    // A filled request is a view of the accepted campaign's line item with the ad server's decision; the leaderboard,
    // a size no accepted campaign has, shows the house ad.
    const views = await sql<{ placement: string; campaign: string; eligible: number; visitor: string | null }>(
      `SELECT e.data->>'placement' AS placement, c.name AS campaign, (e.data->>'eligible')::int AS eligible, e.visitor FROM events e JOIN campaigns c ON c.id = e.campaign_id
       WHERE e.kind = 'view' AND e.data ? 'placement' AND e.publisher_id = $1`, [publisher]);
    for (const row of rows) {
      const filled = counts.find((count) => count.placement_id === row.id)?.filled ?? 0;
      expect(views.filter((view) => view.placement === row.id).length, row.name).toBe(filled);
      if (row.size === '728x90') expect(filled, row.name).toBe(0);
      else if (sentTo(row.id) >= 10) expect(filled, row.name).toBeGreaterThan(0);
    }
    expect(new Set(views.map((view) => view.campaign))).toEqual(new Set(DEMO_ACCEPTED));
    expect(views.every((view) => view.eligible >= 1 && view.visitor)).toBe(true);

    // The publisher's screen reads the same counts.
    const sport = rows.find((row) => row.name === 'Sport article top')!;
    const answer = await server.api(`/api/placement/${sport.id}/requests?days=1`, { token: await server.token(DEMO_PUBLISHER), headers: { Publisher: publisher } });
    const [day] = (await answer.json()) as { day: string; requests: number; filled: number }[];
    const stored = counts.find((count) => count.placement_id === sport.id);
    expect(day).toEqual({ day: today, requests: stored?.requests ?? 0, filled: stored?.filled ?? 0 });

    // Idempotent: the history runs once, the seed finds what it made.
    const before = await demoState();
    expect(await seedHistory(server.core, 1, new Date())).toBe(0);
    await seedAgain();
    expect(await demoState()).toEqual(before);
  }, 240_000);
});
