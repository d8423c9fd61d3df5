/**
 * The placements' ad server (issue 38), on PostgreSQL, in two parts:
 *
 * 1. `http`: a placement request `GET /z/{placement}` (the ad server chooses among two eligible CPM line items and
 *    counts the view) against today's direct view `GET /banner?id=&lineitem=` of the same line item, and a bare Node
 *    `http` server answering a page of the same size, each at 50 connections for `seconds` (autocannon), in one
 *    run of the compiled server as `npm start` runs it (one process, the demo data without its history). Targets:
 *    the placement request costs at most 1.3 times the CPU (server + PostgreSQL per answered request) of the direct
 *    view and sustains at least 70 % of its throughput. Every answered view must be stored.
 * 2. `day`: a simulated day (time compressed: the ad server's clock runs from 00:00 to 24:00 UTC of today while the
 *    requests are sent as fast as they are answered, in process, through the same decision, pipeline and caches as
 *    `/z/`), with five times the traffic the budgets can buy, from a pool of visitors, sites and countries. Targets:
 *    the evenly paced line items spend every hour within 15 % of an even share (a 24th of the daily budget) and the
 *    day within 1 % of the daily budget, never above; no visitor sees a capped line item more often than its cap;
 *    no view breaks its line item's targeting (hours, domains, countries), read back from the stored events.
 *
 * Usage: DATABASE_URL=postgres://... npx tsx bench/placements.ts [seconds per run, default 10]
 * BENCH_ONLY=http or day runs one part. Each part makes and drops a fresh database.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { buildServer, startCompiledServer } from './lib/server.ts';
import autocannon from 'autocannon';
import { QueryTypes } from 'sequelize';
import { createTestDatabase, startTestServer } from '@adsuite/backend/testkit';
import { cpuMs, postgresPids, processesOf } from './lib/processes.ts';
import { restartDelivery, type Delivery } from '../plugins/delivery/server/cache.ts';
import { costOf, onDomain, targets } from '../plugins/delivery/server/rules.ts';
import { eventId, pipelineOf } from '../plugins/tracking/server/kit.ts';
import { mulberry32 } from '../plugins/reports/server/workload.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
const ONLY = process.env.BENCH_ONLY;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VISITORS = Array.from({ length: 20_000 }, () => randomUUID());
if (!process.env.DATABASE_URL) throw new Error('the placements benchmark measures on PostgreSQL: set DATABASE_URL');

type Sql = <T extends object = Record<string, unknown>>(query: string, bind?: unknown[]) => Promise<T[]>;

/** A website of the demo publisher with a 300x250 placement, and the publisher's accepted invitation to each campaign. */
async function offer(sql: Sql, campaigns: string[], host: string): Promise<{ placement: string; publisher: string }> {
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  const [website] = await sql<{ id: string }>(`INSERT INTO websites (name, url, publisher_id, active) VALUES ($1, $2, $3, true) RETURNING id`, [host, `https://${host}`, publisher.id]);
  const [placement] = await sql<{ id: string }>(
    `INSERT INTO placements (name, publisher_id, website_id, size, active) VALUES ($1, $2, $3, '300x250', true) RETURNING id`, [`${host} top`, publisher.id, website.id]);
  for (const campaign of campaigns) {
    await sql(`INSERT INTO invitations (publisher_id, campaign_id, invitation_status, continously) SELECT $1, id, 'accepted', true FROM campaigns WHERE name = $2`, [publisher.id, campaign]);
  }
  return { placement: placement.id, publisher: publisher.id };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Placement requests against direct views

/** `count` GET requests as raw HTTP/1.1 bytes, each with one of VISITORS' cookies (made before the run, as bench/tracking.ts does). */
function requestBuffers(url: string, count: number): Buffer[] {
  const target = new URL(url);
  return Array.from({ length: count }, () => Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: ${UA}\r\nCookie: adsuite_v=${VISITORS[Math.floor(Math.random() * VISITORS.length)]}\r\n\r\n`,
  ));
}

async function load(url: string, serverPids: number[], seconds = SECONDS) {
  const pools = Array.from({ length: CONNECTIONS }, () => requestBuffers(url, 2_000));
  let connection = 0;
  const postgres = postgresPids();
  const before = { server: cpuMs(serverPids), postgres: cpuMs(postgres) };
  const result = await autocannon({
    url, connections: CONNECTIONS, duration: seconds,
    setupClient: (client) => {
      const iterator = (client as unknown as { requestIterator?: { requests: unknown[]; currentRequestIndex: number; currentRequest: unknown } }).requestIterator;
      if (!iterator) throw new Error('autocannon changed: no requestIterator on its client');
      iterator.requests = pools[connection++ % CONNECTIONS].map((requestBuffer) => ({ method: 'GET', requestBuffer }));
      iterator.currentRequestIndex = 0;
      iterator.currentRequest = iterator.requests[0];
    },
  });
  const wrong = result.errors + result.timeouts + result.non2xx;
  if (wrong) throw new Error(`${url}: ${wrong} answers other than 200 (${result.errors} errors, ${result.timeouts} timeouts, 4xx ${result['4xx']}, 5xx ${result['5xx']})`);
  const answered = result.requests.total;
  const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, answered));
  return {
    rps: Math.round(result.requests.average), answered, p50: result.latency.p50, p99: result.latency.p99,
    server: per(cpuMs(serverPids) - before.server), postgres: per(cpuMs([...new Set([...postgres, ...postgresPids()])]) - before.postgres),
  };
}

async function startAdSuite(databaseUrl: string, port: number): Promise<ChildProcess> {
  return (await startCompiledServer({ name: 'placements', databaseUrl, port, env: { SEED_HISTORY_DAYS: '0' } })).child;
}

async function httpPart(): Promise<void> {
  buildServer();
  const db = await createTestDatabase();
  const sql: Sql = (query, bind = []) => db.sequelize.query(query, { bind, type: QueryTypes.SELECT });
  const port = 21000 + Math.floor(Math.random() * 20000);
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  let bare: ReturnType<typeof createServer> | null = null;
  try {
    server = await startAdSuite(db.url, port);
    // Two delivering CPM line items without budgets, their advertisers postpaid: every view is billed.
    const campaigns = ['Client One Always-On', 'Summer Sale 2026'];
    await sql(`UPDATE lineitems l SET bid_type = 'CPM', bid_price = 250, daily_budget = NULL, budget = NULL, pacing = 'no adjustment', active = true, autopaused = false, userpaused = false
               FROM campaigns c WHERE c.id = l.campaign_id AND c.name = ANY($1) AND l.channel = 'platform161'`, [campaigns]);
    await sql(`UPDATE advertisers SET billing_type = 'postpaid'`);
    const { placement, publisher } = await offer(sql, campaigns, 'news.bench.test');
    const [direct] = await sql<{ id: string; banner: string }>(
      `SELECT l.id, l.creatives_ids[1] AS banner FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = 'platform161'`, [campaigns[0]]);
    const bannerPath = `/banner?id=${direct.banner}&lineitem=${direct.id}&pub=${publisher}&site=news.bench.test`;
    const zonePath = `/z/${placement}?site=news.bench.test`;
    const sample = await (await fetch(`${origin}${bannerPath}`, { headers: { 'User-Agent': UA } })).text();
    const zoneSample = await (await fetch(`${origin}${zonePath}`, { headers: { 'User-Agent': UA } })).text();
    if (!zoneSample.includes('/s/')) throw new Error(`the placement answered no ad:\n${zoneSample}`);
    bare = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(sample);
    });
    await new Promise<void>((resolve) => bare!.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
    const pids = processesOf(server.pid!);
    // Both paths warm (the server's code compiled, its caches read) before they are measured.
    await load(`${origin}${bannerPath}`, pids, 3);
    await load(`${origin}${zonePath}`, pids, 3);
    const bareRun = await load(`${bareUrl}/`, [process.pid]);
    const [before] = await sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE kind = 'view'`);
    const bannerRun = await load(`${origin}${bannerPath}`, pids);
    const zoneRun = await load(`${origin}${zonePath}`, pids);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [after] = await sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE kind = 'view'`);
    const stored = Number(after.n) - Number(before.n);
    const answered = bannerRun.answered + zoneRun.answered;
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)} %`;
    const row = (name: string, run: Awaited<ReturnType<typeof load>>) => console.log(
      `${name.padEnd(34)} ${String(run.rps).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  CPU per request: server ${run.server} us, PostgreSQL ${run.postgres} us`);
    console.log(`\nplacement requests, ${SECONDS} s at ${CONNECTIONS} connections`);
    row('bare node http, GET -> page', bareRun);
    row('GET /banner?id=&lineitem= (direct)', bannerRun);
    row('GET /z/{placement} (chosen)', zoneRun);
    const cpuRatio = (zoneRun.server + zoneRun.postgres) / (bannerRun.server + bannerRun.postgres);
    // PostgreSQL's share is read from every postgres process of the machine: on a database server others use too it is noisy, the server's own is not.
    console.log(`placement CPU per request / direct view: ${cpuRatio.toFixed(2)} x (target <= 1.3); the server's alone ${(zoneRun.server / bannerRun.server).toFixed(2)} x`);
    console.log(`placement throughput / direct view: ${pct(zoneRun.rps, bannerRun.rps)} (target >= 70 %); of bare: direct ${pct(bannerRun.rps, bareRun.rps)}, placement ${pct(zoneRun.rps, bareRun.rps)}`);
    // Requests still under way when a run ends are stored without being counted as answered.
    console.log(`views stored: ${stored}, answered: ${answered}${stored >= answered ? '' : ' (MISSING)'}`);
  } finally {
    bare?.close();
    if (server) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await db.drop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// 2. A simulated day

const HOUR_MS = 3_600_000;
const SITES = ['news.bench.test', 'sport.bench.test', 'blocked.bench.test', 'recipes.bench.test'];
const COUNTRIES = ['DE', 'DE', 'DE', 'AT', 'FR', null];

async function dayPart(): Promise<void> {
  const server = await startTestServer({ jobs: false });
  const core = server.core;
  const sql: Sql = (query, bind = []) => core.sequelize.query(query, { bind, type: QueryTypes.SELECT });
  try {
    await sql(`UPDATE advertisers SET billing_type = 'postpaid'`);
    // The line items of the day, on the house channel's line items of four demo campaigns (CPM; a view costs bid x 1.5 / 1000):
    // A evenly 9 euro a day at 3 euro per thousand (2,000 views), B evenly 6 euro at 2 euro (2,000 views), C as soon as
    // possible 3.75 euro, capped at 2 views per visitor a day, D reach hourly goal 3 euro, from 8 to 18 UTC in Germany and
    // Austria only, not on blocked.bench.test, E no adjustment 1.50 euro on news and sport only.
    const plan = [
      { campaign: 'Client One Always-On', key: 'A', set: `bid_price = 300, daily_budget = 900, pacing = 'evenly'` },
      { campaign: 'Summer Sale 2026', key: 'B', set: `bid_price = 200, daily_budget = 600, pacing = 'evenly'` },
      { campaign: 'Retargeting Evergreen', key: 'C', set: `bid_price = 250, daily_budget = 375, pacing = 'as soon as possible', cap_day = 2` },
      { campaign: 'Brand Awareness Q4', key: 'D', set: `bid_price = 200, daily_budget = 300, pacing = 'reach hourly goal', delivery_hours = ARRAY['8','9','10','11','12','13','14','15','16','17']` },
      { campaign: 'Other Shop Launch', key: 'E', set: `bid_price = 200, daily_budget = 150, pacing = 'no adjustment'` },
    ];
    const ids = new Map<string, string>();
    for (const entry of plan) {
      const [line] = await sql<{ id: string; booking_id: string | null }>(
        `SELECT l.id, l.booking_id FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 ORDER BY (l.channel = 'platform161') DESC, l.channel LIMIT 1`, [entry.campaign]);
      // Every one on the house channel with a 300x250 creative, delivering.
      await sql(`UPDATE lineitems SET channel = 'platform161', bid_type = 'CPM', budget = NULL, active = true, autopaused = false, userpaused = false,
                   held_creatives_ids = '{}', ${entry.set} WHERE id = $1`, [line.id]);
      await sql(`UPDATE lineitems SET creatives_ids = ARRAY(SELECT b.id FROM banners b JOIN lineitems l ON l.id = $1 WHERE b.campaign_id = l.campaign_id AND b.width = 300 AND b.height = 250) WHERE id = $1`, [line.id]);
      await sql(`UPDATE campaigns SET status = 'active' WHERE name = $1`, [entry.campaign]);
      if (entry.key === 'D' && line.booking_id) await sql(`UPDATE bookings SET countries = ARRAY['DE','AT'] WHERE id = $1`, [line.booking_id]);
      if (entry.key === 'E' && line.booking_id) await sql(`UPDATE bookings SET domains = 'news.bench.test\nsport.bench.test' WHERE id = $1`, [line.booking_id]);
      if (entry.key === 'D') {
        await sql(`INSERT INTO domainlists (name, advertiser_id, type, domains, channels, campaign_id) SELECT 'Removed', advertiser_id, 'blacklist', ARRAY['blocked.bench.test'], '{}', campaign_id FROM lineitems WHERE id = $1`, [line.id]);
      }
      ids.set(entry.key, line.id);
    }
    const { placement, publisher } = await offer(sql, plan.map((entry) => entry.campaign), 'news.bench.test');
    const dayStart = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
    let clock = dayStart;
    // Seeded, so every run sends the same day.
    const random = mulberry32(0x38);
    const engine: Delivery = restartDelivery(core, () => new Date(clock), random);
    await engine.refresh();
    const initial = new Map(engine.candidates);
    const candidates = [...initial.values()];
    const budgets = candidates.reduce((sum, candidate) => sum + (candidate.dailyBudget ?? 0) / costOf(candidate, 'view'), 0);
    const requests = Math.round(budgets * 5);
    const visitors = Array.from({ length: 4_000 }, () => randomUUID());
    const info = engine.placements.get(placement)!;
    const pipeline = pipelineOf(core);
    const violations: string[] = [];
    let filled = 0;
    const started = performance.now();
    const CONCURRENT = 25;
    let refreshed = clock;
    for (let sent = 0; sent < requests; sent += CONCURRENT) {
      const wave: Promise<void>[] = [];
      for (let i = sent; i < Math.min(requests, sent + CONCURRENT); i++) {
        clock = dayStart + Math.floor(((i + 0.5) * 24 * HOUR_MS) / requests);
        const now = new Date(clock);
        const site = SITES[Math.floor(random() * SITES.length)];
        const country = COUNTRIES[Math.floor(random() * COUNTRIES.length)];
        const visitor = visitors[Math.floor(random() * visitors.length)];
        const decision = engine.decide(info, visitor, site, country, now);
        if (!decision) continue;
        filled += 1;
        if (!targets(decision.candidate, { site, country, now })) violations.push(`${decision.candidate.id} at ${now.toISOString()} on ${site} from ${country}`);
        const id = eventId(clock);
        const flight = engine.viewing(decision, id, [visitor], now);
        wave.push(pipeline.submit([{
          id, kind: 'view', created: now, advertiser: decision.candidate.advertiser, campaign: decision.candidate.campaign, lineitem: decision.candidate.id,
          banner: decision.banner.id, publisher, channel: decision.candidate.channel, website: site, visitor, bot: false, billable: true, costMilli: decision.cost,
          data: { placement, eligible: decision.eligible, country },
        }]).then(() => engine.viewed(flight, decision, [visitor], true, now), (error) => {
          engine.viewed(flight, decision, [visitor], false, now);
          throw error;
        }));
      }
      await Promise.all(wave);
      // The ad server reads afresh every REFRESH_MS of real time; the simulated day every simulated 2 minutes.
      if (clock - refreshed >= 120_000) {
        await engine.refresh(false);
        refreshed = clock;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    await engine.refresh();
    console.log(`\nsimulated day: ${requests} requests (5 x the ${Math.round(budgets)} views the daily budgets buy), ${filled} views, in ${seconds.toFixed(1)} s (${Math.round(requests / seconds)} decisions a second)`);
    // Pacing, read back from the hourly rollup.
    for (const key of ['A', 'B']) {
      const candidate = initial.get(ids.get(key)!)!;
      const hours = await sql<{ hour: number; cost: string }>(
        `SELECT extract(hour FROM hour AT TIME ZONE 'UTC')::int AS hour, SUM(cost_milli) AS cost FROM stat_hourly WHERE lineitem_id = $1 AND hour >= $2 GROUP BY 1 ORDER BY 1`,
        [candidate.id, new Date(dayStart).toISOString()]);
      const share = candidate.dailyBudget! / 24;
      const worst = Math.max(...Array.from({ length: 24 }, (_, hour) => Math.abs(Number(hours.find((row) => row.hour === hour)?.cost ?? 0) - share) / share));
      const total = hours.reduce((sum, row) => sum + Number(row.cost), 0);
      console.log(`${key} evenly: worst hour ${(worst * 100).toFixed(1)} % off an even share (target <= 15 %); day ${((total / candidate.dailyBudget!) * 100).toFixed(2)} % of the daily budget (target 99-100 %, never above)${total > candidate.dailyBudget! ? ' ABOVE' : ''}`);
    }
    for (const key of ['C', 'D', 'E']) {
      const candidate = initial.get(ids.get(key)!)!;
      const [day] = await sql<{ cost: string }>(`SELECT COALESCE(SUM(cost_milli), 0) AS cost FROM stat_lineitem_days WHERE lineitem_id = $1 AND day = $2`, [candidate.id, new Date(dayStart).toISOString().slice(0, 10)]);
      console.log(`${key} ${candidate.pacing}: day ${((Number(day.cost) / candidate.dailyBudget!) * 100).toFixed(2)} % of the daily budget${Number(day.cost) > candidate.dailyBudget! ? ' ABOVE' : ''}`);
    }
    // Caps and targeting, read back from the stored views.
    const [capped] = await sql<{ most: number | null }>(
      `SELECT MAX(n)::int AS most FROM (SELECT count(*) AS n FROM events WHERE kind = 'view' AND lineitem_id = $1 AND day = $2 GROUP BY visitor) v`, [ids.get('C'), new Date(dayStart).toISOString().slice(0, 10)]);
    console.log(`C capped at 2 a visitor a day: at most ${capped.most} views of one visitor${(capped.most ?? 0) > 2 ? ' EXCEEDED' : ''}`);
    const stored = await sql<{ lineitem_id: string; hour: number; website: string; country: string | null }>(
      `SELECT lineitem_id, extract(hour FROM created AT TIME ZONE 'UTC')::int AS hour, website, data->>'country' AS country FROM events
       WHERE kind = 'view' AND lineitem_id = ANY($1::uuid[]) AND day = $2`, [[ids.get('D'), ids.get('E')], new Date(dayStart).toISOString().slice(0, 10)]);
    for (const view of stored) {
      if (view.lineitem_id === ids.get('D') && (view.hour < 8 || view.hour > 17 || !['DE', 'AT'].includes(view.country ?? '') || onDomain(view.website, ['blocked.bench.test']))) violations.push(`D: ${JSON.stringify(view)}`);
      if (view.lineitem_id === ids.get('E') && !onDomain(view.website, ['news.bench.test', 'sport.bench.test'])) violations.push(`E: ${JSON.stringify(view)}`);
    }
    console.log(`targeting: ${violations.length} views broke it (of ${stored.length} targeted views)${violations.length ? `: ${violations.slice(0, 3).join('; ')}` : ''}`);
  } finally {
    await server.stop();
  }
}

if (ONLY !== 'day') await httpPart();
if (ONLY !== 'http') await dayPart();
process.exit(0);
