/**
 * Invalid traffic (docs/tracking-and-money.md "Invalid traffic"), on PostgreSQL: a scripted click flood against the
 * compiled server as `npm start` runs it (one process, the demo data without its history, CLICK_SCREENING on), while
 * real visitors view the ad and click it once each. Target: the rules catch the whole flood and bill none of it, and
 * every real visitor's click is billed, the advertiser charged for those alone.
 *
 * The ad: Client One Always-On's Platform 161 line item (0.45 euro CPC + 50 % fee), without budgets, its advertiser
 * postpaid, through the demo publisher's link with a website. Every request comes from this machine's address, so
 * each real visitor has a user agent of its own (as real visitors have addresses of their own: the day's hash of
 * address and user agent is a visitor too). The flood, `FLOOD` clicks in five kinds, sent at `CONNECTIONS` at once:
 *
 * - spam: clicks on the ad's splitter link without a view, each with a cookie of its own (click_without_view);
 * - cookieless: the same from a script that keeps no cookies (a new one every time: the address counts);
 * - replays: the links real visitors were served and clicked, sent again with new cookies (repeated_click);
 * - crawler: a bot's user agent (bot);
 * - hijacked: a real visitor's browser, after its own click, viewing and clicking the ad again and again (click_rate).
 *
 * Usage: DATABASE_URL=postgres://... npx tsx bench/invalid-traffic.ts [flood clicks, default 20000] [real visitors, default 300]
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { buildServer, startCompiledServer } from './lib/server.ts';
import { QueryTypes } from 'sequelize';
import { createTestDatabase } from '@adsuite/backend/testkit';
import { cpuMs, postgresPids, processesOf } from './lib/processes.ts';

const FLOOD = Number(process.argv[2] ?? 20_000);
const VISITORS = Number(process.argv[3] ?? 300);
const CONNECTIONS = 50;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SCRIPT_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CRAWLER_UA = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
if (!process.env.DATABASE_URL) throw new Error('the invalid-traffic benchmark measures on PostgreSQL: set DATABASE_URL');

type Sql = <T extends object = Record<string, unknown>>(query: string, bind?: unknown[]) => Promise<T[]>;
type Kind = 'spam' | 'cookieless' | 'replays' | 'crawler' | 'hijacked';
const KINDS: { kind: Kind; share: number; reason: string }[] = [
  { kind: 'spam', share: 0.4, reason: 'click_without_view' },
  { kind: 'cookieless', share: 0.2, reason: 'click_without_view' },
  { kind: 'replays', share: 0.2, reason: 'repeated_click' },
  { kind: 'crawler', share: 0.1, reason: 'bot' },
  { kind: 'hijacked', share: 0.1, reason: 'click_rate' },
];

async function startAdSuite(databaseUrl: string, port: number): Promise<ChildProcess> {
  const env = { SEED_HISTORY_DAYS: '0', WEB_CONCURRENCY: '1', CLICK_SCREENING: 'true' };
  return (await startCompiledServer({ name: 'invalid', databaseUrl, port, env })).child;
}

/** Runs `work` for every item, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

buildServer();
const db = await createTestDatabase();
const sql: Sql = (query, bind = []) => db.sequelize.query(query, { bind, type: QueryTypes.SELECT });
const port = 21000 + Math.floor(Math.random() * 20000);
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
try {
  server = await startAdSuite(db.url, port);
  const [ad] = await sql<{ id: string; banner: string; advertiser: string; campaign: string; bid: string }>(
    `SELECT l.id, l.creatives_ids[1] AS banner, l.advertiser_id AS advertiser, l.campaign_id AS campaign, l.bid_price AS bid
     FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = 'Client One Always-On' AND l.channel = 'platform161'`);
  await sql(`UPDATE lineitems SET daily_budget = NULL, budget = NULL, autopaused = false, autopause_reason = NULL, bid_type = 'CPC' WHERE id = $1`, [ad.id]);
  await sql(`UPDATE advertisers SET billing_type = 'postpaid' WHERE id = $1`, [ad.advertiser]);
  const [publisher] = await sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  const iframe = `/banner?id=${ad.banner}&lineitem=${ad.id}&pub=${publisher.id}&site=news.bench.test`;
  const splitter = `/s/${ad.banner}/${ad.id}/1/SUBID?pub=${publisher.id}&site=news.bench.test`;
  // The line item is read anew within 2 seconds of the change (tracking's line item cache).
  await new Promise((resolve) => setTimeout(resolve, 2_500));

  const hit = async (pathname: string, headers: Record<string, string>) => {
    const res = await fetch(`${origin}${pathname}`, { headers, redirect: 'manual' });
    const body = await res.text();
    if (res.status !== (pathname.startsWith('/s/') ? 302 : 200)) throw new Error(`${pathname}: ${res.status}`);
    return body;
  };
  const linkOf = (page: string) => /href="([^"]+)"/.exec(page)![1];
  const visitor = (n: number) => ({ Cookie: `adsuite_v=${randomUUID()}`, 'User-Agent': `${UA} Visitor/${n}` });
  const balance = async () => Number((await sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [ad.advertiser]))[0].balance);
  const before = await balance();

  // Real visitors: a view of the ad, then a click on its link; half of them before the flood (their links are
  // replayed and their browsers hijacked), half while it runs.
  const real = Array.from({ length: VISITORS }, (_, n) => ({ n, headers: visitor(n), link: '' }));
  const realVisit = async (person: (typeof real)[number]) => {
    person.link = linkOf(await hit(iframe.replace('&site=', `&subid=real-${person.n}&site=`), person.headers));
    await hit(person.link, person.headers);
  };
  const early = real.slice(0, Math.ceil(VISITORS / 2));
  await pool(early, 10, realVisit);

  // The flood.
  const plan: Kind[] = KINDS.flatMap(({ kind, share }) => Array.from({ length: Math.round(FLOOD * share) }, () => kind)).sort(() => Math.random() - 0.5);
  let replay = 0;
  let hijack = 0;
  const floodClick = async (kind: Kind) => {
    const subid = `flood-${kind}`;
    switch (kind) {
      case 'spam': return void await hit(splitter.replace('SUBID', subid), { Cookie: `adsuite_v=${randomUUID()}`, 'User-Agent': SCRIPT_UA });
      case 'cookieless': return void await hit(splitter.replace('SUBID', subid), { 'User-Agent': `${SCRIPT_UA} Cookieless` });
      case 'replays': {
        const link = early[replay++ % early.length].link.replace(/\/1\/[^/?]+\?/, `/1/${subid}?`);
        return void await hit(link, { Cookie: `adsuite_v=${randomUUID()}`, 'User-Agent': SCRIPT_UA });
      }
      case 'crawler': return void await hit(splitter.replace('SUBID', subid), { 'User-Agent': CRAWLER_UA });
      case 'hijacked': {
        const person = early[hijack++ % early.length];
        const link = linkOf(await hit(iframe.replace('&site=', `&subid=${subid}&site=`), person.headers));
        return void await hit(link, person.headers);
      }
    }
  };
  const pids = processesOf(server.pid!);
  const cpu = { server: cpuMs(pids), postgres: cpuMs(postgresPids()) };
  const started = performance.now();
  await Promise.all([pool(plan, CONNECTIONS, floodClick), pool(real.slice(early.length), 5, realVisit)]);
  const seconds = (performance.now() - started) / 1000;
  const used = { server: cpuMs(pids) - cpu.server, postgres: cpuMs(postgresPids()) - cpu.postgres };
  // Every answered click is stored before its redirect; the balance moves with the hour's spend entry in the same commit.
  const clicks = await sql<{ subid: string; reason: string | null; clicks: string; billed: string; milli: string }>(
    `SELECT CASE WHEN subid LIKE 'real-%' THEN 'real' ELSE subid END AS subid, invalid AS reason, COUNT(*) AS clicks,
       COUNT(*) FILTER (WHERE billable AND cost_milli > 0) AS billed, COALESCE(SUM(cost_milli), 0) AS milli
     FROM events WHERE kind = 'click' AND campaign_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`, [ad.campaign]);
  const charged = before - (await balance());

  const of = (subid: string) => clicks.filter((row) => row.subid === subid);
  const sum = (rows: typeof clicks, key: 'clicks' | 'billed' | 'milli') => rows.reduce((total, row) => total + Number(row[key]), 0);
  const flood = clicks.filter((row) => row.subid.startsWith('flood-'));
  const caught = flood.filter((row) => row.reason !== null);
  console.log(`\ninvalid traffic: a click flood of ${plan.length} clicks at ${CONNECTIONS} connections beside ${VISITORS} real visitors (a view, then a click each)`);
  console.log(`flood answered in ${seconds.toFixed(1)} s (${Math.round(plan.length / seconds)} clicks/s with their views where they had one); CPU per request: server ${Math.round((used.server * 1000) / plan.length)} us, PostgreSQL ${Math.round((used.postgres * 1000) / plan.length)} us`);
  for (const { kind, reason } of KINDS) {
    const rows = of(`flood-${kind}`);
    const reasons = rows.map((row) => `${row.reason ?? 'valid'} ${row.clicks}`).join(', ');
    console.log(`  ${kind.padEnd(11)} ${String(sum(rows, 'clicks')).padStart(6)} clicks: ${reasons}; billed ${sum(rows, 'billed')} (expected reason: ${reason})`);
  }
  const realRows = of('real');
  console.log(`flood caught: ${sum(caught, 'clicks')} of ${sum(flood, 'clicks')} (${((sum(caught, 'clicks') / Math.max(1, sum(flood, 'clicks'))) * 100).toFixed(2)} %), billed: ${sum(flood, 'billed')} (target 0)`);
  console.log(`real visitors' clicks: ${sum(realRows, 'clicks')}, billed ${sum(realRows, 'billed')} (target ${VISITORS}), ${realRows.filter((row) => row.reason).map((row) => `${row.reason} ${row.clicks}`).join(', ') || 'none invalid'}`);
  console.log(`advertiser charged ${charged} cents for ${sum(realRows, 'billed')} billed clicks of ${Number(ad.bid) * 1.5} cents each (${Math.round(sum(realRows, 'milli') / 1000)} cents of their cost, the hours rounded to whole cents)`);
} finally {
  if (server) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await db.drop();
}
