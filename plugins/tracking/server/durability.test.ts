/**
 * An acknowledged event is never lost (ARCHITECTURE "Tracking and statistics", issue 12): a real server process
 * (the compiled server of `npm start`) takes concurrent onsite events (POST /t/e, each with its own client id),
 * clicks (GET /s/..., each answered with its click id) and orders of those clicks, and is killed with SIGKILL
 * under that load. After a restart on the same database, every event that was answered 204 and every click that
 * was answered 302 with a click id is stored, and the rollups, counters and ledger still equal the raw events.
 * Needs PostgreSQL (DATABASE_URL): the server process reaches the test's database over the network.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, useTrackingServer, type DemoLineItem } from './testkit.ts';
import { buildServerBundle, pipelineMismatches, startServerProcess, type ServerProcess } from './serverProcess.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const CONCURRENCY = 24;

interface Load {
  events: Set<string>;
  clicks: Set<string>;
  orders: Set<string>;
  failed: number;
  refused: number;
  inFlight: number;
}

/** Sends events, clicks and orders from CONCURRENCY clients, each waiting for its last answer, until `stop()`. */
function load(url: string, lineitems: DemoLineItem[]) {
  const done: Load = { events: new Set(), clicks: new Set(), orders: new Set(), failed: 0, refused: 0, inFlight: 0 };
  let stopped = false;
  let n = 0;
  const clicksOf = new Map<string, string[]>();
  const one = async () => {
    const lineitem = lineitems[Math.floor(n / 4) % lineitems.length];
    const kind = n++ % 4;
    done.inFlight += 1;
    try {
      if (kind === 0) {
        const res = await fetch(`${url}/s/${lineitem.banner}/${lineitem.id}/1/kill-test?site=news.demo.test`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
        await res.arrayBuffer();
        const click = /[?&]adsuite_click=([0-9a-f-]{36})/.exec(res.headers.get('location') ?? '')?.[1];
        if (res.status === 302 && click) {
          done.clicks.add(click);
          clicksOf.set(lineitem.advertiser, [...(clicksOf.get(lineitem.advertiser) ?? []).slice(-50), click]);
        } else done.refused += 1;
        return;
      }
      const id = randomUUID();
      const click = kind === 3 ? clicksOf.get(lineitem.advertiser)?.shift() : undefined;
      const order = kind === 3 && click ? { cls: 'order', order: `KILL-${id.slice(0, 8)}`, value: 49.9, click } : { cls: ['front', 'product', 'cart'][kind % 3], product: 'SKU-1' };
      const res = await fetch(`${url}/t/e`, {
        method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER_UA },
        body: JSON.stringify({ a: lineitem.advertiser, id, url: 'https://shop.demo.test/p/1', ...order }),
      });
      await res.arrayBuffer();
      if (res.status === 204) {
        done.events.add(id);
        if (order.cls === 'order') done.orders.add(id);
      } else done.refused += 1;
    } catch {
      // The server went away with this request in flight: it may or may not be stored, and was not answered.
      done.failed += 1;
    } finally {
      done.inFlight -= 1;
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, async () => {
    while (!stopped) await one();
  });
  return {
    done,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

describe.skipIf(!onPostgres)('an answered event survives kill -9 of the server', () => {
  const kit = useTrackingServer();
  beforeAll(() => buildServerBundle(), 120_000);

  it('stores every event answered 204 and every click answered with a click id, and the rollups still equal the raw events', async () => {
    const lineitems = [await kit.lineitem('Summer Sale 2026', 'platform161'), await kit.lineitem('Client One Always-On', 'platform161')];
    let server: ServerProcess = await startServerProcess(kit.server.core.db.url);
    const traffic = load(server.url, lineitems);
    try {
      // Under load for a while, then killed without warning while requests are in flight.
      const until = Date.now() + 20_000;
      while (traffic.done.events.size + traffic.done.clicks.size < 600 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      const inFlight = traffic.done.inFlight;
      await server.kill('SIGKILL');
      await traffic.stop();
      const { events, clicks, orders } = traffic.done;
      expect(inFlight).toBeGreaterThan(0);
      expect(events.size).toBeGreaterThan(200);
      expect(clicks.size).toBeGreaterThan(50);
      expect(orders.size).toBeGreaterThan(0);
      expect(traffic.done.refused).toBe(0);

      server = await startServerProcess(kit.server.core.db.url);
      const storedEvents = await kit.sql<{ client_id: string }>(`SELECT client_id FROM events WHERE kind = 'event' AND client_id = ANY($1::text[])`, [[...events]]);
      expect(new Set(storedEvents.map((row) => row.client_id))).toEqual(events);
      expect(storedEvents.length).toBe(events.size);
      const storedClicks = await kit.sql<{ id: string }>(`SELECT id FROM events WHERE kind = 'click' AND id = ANY($1::uuid[])`, [[...clicks]]);
      expect(new Set(storedClicks.map((row) => row.id))).toEqual(clicks);
      // An answered order with a stored click is a post-click conversion.
      const conversions = await kit.sql<{ n: string }>(
        `SELECT count(*) AS n FROM events e WHERE e.kind = 'conversion' AND e.attribution = 'post_click'
           AND EXISTS (SELECT 1 FROM events o WHERE o.kind = 'event' AND o.cls = 'order' AND o.client_id = ANY($1::text[]) AND 'order:' || o.order_id = e.client_id)`,
        [[...orders]],
      );
      expect(Number(conversions[0].n)).toBe(orders.size);

      // The restarted server takes events again.
      const again = randomUUID();
      const res = await fetch(`${server.url}/t/e`, {
        method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': BROWSER_UA },
        body: JSON.stringify({ a: lineitems[0].advertiser, cls: 'front', id: again }),
      });
      expect(res.status).toBe(204);
      expect(await kit.sql(`SELECT 1 FROM events WHERE client_id = $1`, [again])).toHaveLength(1);

      expect(await pipelineMismatches(kit.sql)).toEqual([]);
      // The check sees a difference: one impression more in a rollup row than in the raw events.
      await kit.sql('UPDATE stat_hourly SET impressions = impressions + 1 WHERE ctid = (SELECT ctid FROM stat_hourly WHERE clicks > 0 LIMIT 1)');
      expect(await pipelineMismatches(kit.sql)).toEqual([expect.stringContaining('stat_hourly differs from the raw events')]);
    } finally {
      await traffic.stop();
      await server.kill('SIGKILL');
    }
  }, 180_000);
});
