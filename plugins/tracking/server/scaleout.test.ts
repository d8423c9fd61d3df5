/**
 * Scale-out (ARCHITECTURE "Tracking and statistics", issue 12): the tracking endpoints hold no state, so two
 * servers (the compiled server of `npm start`: one a single process, the other a primary with two workers, whose
 * batches of campaigns its primary writes, leader.ts) on one database, with no load balancer in front, take
 * views, clicks, onsite events and orders sent alternately to each. Both group commits write the same rollup rows,
 * campaign counters, spend entries and balances at once; afterwards the rollups equal the raw events, each
 * campaign and hour has one spend entry (spend:<campaign>:<hour>) and the entries sum to the campaign's cost, each
 * balance is the sum of its ledger, and no transaction deadlocked. Needs PostgreSQL (DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, useTrackingServer, type DemoLineItem } from './testkit.ts';
import { buildServerBundle, pipelineMismatches, startServerProcess, type ServerProcess } from './serverProcess.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const CLIENTS = 24;
/** Requests in all, a multiple of 20: every kind for both line items on both processes. */
const REQUESTS = 1_200;
const SITES = ['news.demo.test', 'sport.demo.test', 'recipes.demo.test', 'travel-blog.demo.test'];

describe.skipIf(!onPostgres)('two server processes on one database', () => {
  const kit = useTrackingServer();
  beforeAll(() => buildServerBundle(), 120_000);

  it('take traffic side by side: rollups equal the raw events, one spend entry per campaign and hour, balances equal their ledgers, no deadlock', async () => {
    const lineitems: DemoLineItem[] = [await kit.lineitem('Summer Sale 2026', 'platform161'), await kit.lineitem('Client One Always-On', 'platform161')];
    // Every click of the run is billed when tracked: no campaign of it reserves for an approval.
    await kit.sql('UPDATE campaigns SET click_approval = false, conversion_approval = false WHERE id = ANY($1::uuid[])', [lineitems.map((l) => l.campaign)]);
    // Client One's line item spends without a daily budget, so every click of the run is billed by one process or the other.
    await kit.sql('UPDATE lineitems SET daily_budget = NULL WHERE id = $1', [lineitems[1].id]);
    const [{ publisher }] = await kit.sql<{ publisher: string }>(`SELECT id AS publisher FROM publishers WHERE name = 'Demo Publisher'`);
    const deadlocks = async () => Number((await kit.sql<{ n: string }>('SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()'))[0].n);
    const deadlocksBefore = await deadlocks();

    const servers: ServerProcess[] = await Promise.all([startServerProcess(kit.server.core.db.url), startServerProcess(kit.server.core.db.url, { WEB_CONCURRENCY: '2' })]);
    try {
      const answered = [0, 0];
      const unexpected: string[] = [];
      const clicks: string[][] = [[], []];
      let next = 0;
      const one = async (n: number) => {
        const server = n % 2;
        const url = servers[server].url;
        const which = Math.floor(n / 2) % lineitems.length;
        const lineitem = lineitems[which];
        const site = SITES[n % SITES.length];
        const kind = Math.floor(n / 4) % 5;
        let res: Response;
        let expected: number;
        if (kind === 0 || kind === 1) {
          res = await fetch(`${url}/banner?id=${lineitem.banner}&lineitem=${lineitem.id}&pub=${publisher}&site=${site}`, { headers: { 'User-Agent': BROWSER_UA } });
          expected = 200;
        } else if (kind === 2) {
          res = await fetch(`${url}/s/${lineitem.banner}/${lineitem.id}/1/scale-${server}?pub=${publisher}&site=${site}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
          expected = 302;
          const click = /[?&]adsuite_click=([0-9a-f-]{36})/.exec(res.headers.get('location') ?? '')?.[1];
          if (click) clicks[which].push(click);
          else unexpected.push(`a click without a click id: ${res.headers.get('location')}`);
        } else {
          // Orders with the click id of an earlier click, which either process may have counted: post-click conversions.
          const click = kind === 4 ? clicks[which].shift() : undefined;
          res = await fetch(`${url}/t/e`, {
            method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER_UA },
            body: JSON.stringify({
              a: lineitem.advertiser, id: randomUUID(), url: 'https://shop.demo.test/cart',
              ...(click ? { cls: 'order', order: `SCALE-${n}`, value: 25 + (n % 50), click } : { cls: 'cart', product: `SKU-${n % 7}` }),
            }),
          });
          expected = 204;
        }
        await res.arrayBuffer();
        if (res.status === expected) answered[server] += 1;
        else unexpected.push(`${res.url}: ${res.status}, expected ${expected}`);
      };
      await Promise.all(Array.from({ length: CLIENTS }, async () => {
        while (next < REQUESTS) await one(next++);
      }));
      // Graceful stops: whatever was in flight is answered and committed.
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));

      expect(unexpected).toEqual([]);
      expect(answered).toEqual([REQUESTS / 2, REQUESTS / 2]);
      for (const server of servers) expect(server.stderr()).not.toMatch(/deadlock|could not be stored|\b503\b/i);
      expect(await deadlocks()).toBe(deadlocksBefore);

      const [stored] = await kit.sql<{ views: string; clicks: string; conversions: string }>(
        `SELECT count(*) FILTER (WHERE kind = 'view') AS views, count(*) FILTER (WHERE kind = 'click') AS clicks,
           count(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_click') AS conversions FROM events WHERE source = 'house'`);
      expect(Number(stored.views)).toBe((REQUESTS * 2) / 5);
      expect(Number(stored.clicks)).toBe(REQUESTS / 5);
      expect(Number(stored.conversions)).toBeGreaterThan(0);

      expect(await pipelineMismatches(kit.sql)).toEqual([]);
      for (const lineitem of lineitems) {
        const [row] = await kit.sql<{ cost: string; spent: string; entries: string; hours: string; balance: string; ledger: string }>(
          `SELECT c.cost, a.balance,
             (SELECT -SUM(amount) FROM transactions t WHERE t.campaign_id = c.id AND t.type = 'spend') AS spent,
             (SELECT count(*) FROM transactions t WHERE t.campaign_id = c.id AND t.type = 'spend') AS entries,
             (SELECT count(DISTINCT hour) FROM stat_hourly h WHERE h.campaign_id = c.id AND h.cost_milli > 0) AS hours,
             (SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id) AS ledger
           FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id WHERE c.id = $1`, [lineitem.campaign]);
        expect(Number(row.cost)).toBeGreaterThan(0);
        expect(Number(row.spent)).toBe(Number(row.cost));
        expect(Number(row.entries)).toBe(Number(row.hours));
        expect(Number(row.balance)).toBe(Number(row.ledger));
      }
      // Client One (no daily budget, balance to spare) was billed for every click, whichever process counted it.
      const [clientOne] = await kit.sql<{ clicks: string; unbilled: string }>(
        `SELECT count(*) AS clicks, count(*) FILTER (WHERE NOT billable OR cost_milli = 0) AS unbilled FROM events WHERE lineitem_id = $1 AND kind = 'click'`,
        [lineitems[1].id]);
      expect(Number(clientOne.clicks)).toBe(REQUESTS / 10);
      expect(Number(clientOne.unbilled)).toBe(0);
    } finally {
      await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    }
  }, 240_000);
});
