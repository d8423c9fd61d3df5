/**
 * The Instant Report on a large advertiser (issue 13 "Speed"): fills 10 million raw events over 90 days for one
 * advertiser (Demo Shop GmbH: its three campaigns, five line items, two creatives each, 12 publishers with 300
 * websites in a Zipf distribution, views, clicks, conversions, network deliveries, onsite events and bots) through
 * the tracking pipeline's write path (`writeEvents`, in batches of 5,000 events in time order, as the group commit
 * writes them), then times `GET /api/campaign/:id/report` for one campaign over 90 days, the answer the Instant
 * Report opens with (targets: p95 <= 50 ms, and at least 100 times faster than the same figures computed by GROUP BY
 * over the raw events in the same run). The API's figures are checked against the raw ones. Also timed, for the
 * record: what the other tabs load when they open (the websites, the conversions) and the whole report (full=true).
 *
 * Usage: DATABASE_URL=postgres://... npx tsx bench/instant-report.ts [events, default 10000000] [days, default 90]
 * The database is a fresh one on that server, dropped afterwards (BENCH_KEEP=1 keeps it and prints its name).
 */
import { QueryTypes } from 'sequelize';
import { startTestServer } from '@adsuite/backend/testkit';
import { writeEvents, type TrackedEvent } from '../plugins/tracking/server/pipeline.ts';
import { NIL } from '../plugins/reports/server/figures.ts';
import { dayRange } from '../plugins/reports/server/input.ts';
import { reportSummary } from '../plugins/reports/server/summary.ts';

const EVENTS = Number(process.argv[2] ?? 10_000_000);
const DAYS = Number(process.argv[3] ?? 90);
const BATCH = 5000;
const RUNS = 60;
const RAW_RUNS = 3;
const DAY_MS = 86_400_000;
if (!process.env.DATABASE_URL) throw new Error('the Instant Report benchmark measures on PostgreSQL: set DATABASE_URL');

/** A seeded generator, so every run writes the same workload. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(0x13);

/** Index into a list of `n` with Zipf weights (s = 1.1): a few sites carry most of the traffic. */
function zipf(n: number, s = 1.1): () => number {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  return () => {
    const r = random();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const server = await startTestServer({ jobs: false });
const sql = <T extends object>(query: string, bind: unknown[] = []): Promise<T[]> => server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
let keep = false;
try {
  const core = server.core;
  const [shop] = await sql<{ id: string }>(`SELECT id FROM advertisers WHERE name = 'Demo Shop GmbH'`);
  const lineitems = await sql<{ id: string; campaign_id: string; channel: string; creatives_ids: string[]; name: string }>(
    `SELECT l.id, l.campaign_id, l.channel, l.creatives_ids, l.name FROM lineitems l WHERE l.advertiser_id = $1 ORDER BY l.name`, [shop.id]);
  const [summer] = await sql<{ id: string }>(`SELECT id FROM campaigns WHERE name = 'Summer Sale 2026' AND advertiser_id = $1`, [shop.id]);
  const [owner] = await sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'publisher@demo.test'`);

  // Publishers with their websites, a second creative per line item, the advertiser postpaid (billing still runs).
  const publishers: string[] = [];
  for (let p = 0; p < 12; p++) {
    const row = await core.model('publisher').create({ name: `Bench Publisher ${p + 1}`, owner: owner.id, url: `https://publisher${p + 1}.bench.example` });
    publishers.push(String(row.get('id')));
  }
  const websites = Array.from({ length: 300 }, (_, i) => ({ host: i % 29 === 7 ? `com.bench.app${i}` : `site${i}.bench.example`, publisher: publishers[i % publishers.length] }));
  const pickSite = zipf(websites.length);
  const placements: (typeof lineitems[number] & { banners: string[]; social: boolean })[] = [];
  for (const li of lineitems) {
    const extra = await core.model('banner').create({
      name: `${li.name} 728x90`, advertiser: shop.id, campaign: li.campaign_id, bannerType: 'image_ad', width: 728, height: 90, channels: [li.channel],
    });
    placements.push({ ...li, banners: [li.creatives_ids[0], String(extra.get('id'))], social: ['facebook', 'instagram'].includes(li.channel) });
  }
  // Summer Sale (3 line items) about half of the delivery, the rest spread over the other campaigns' line items.
  const weights = placements.map((li) => (li.campaign_id === summer.id ? 0.5 / 3 : 0.5 / (placements.length - 3)));
  const pickPlacement = () => {
    let r = random();
    for (let i = 0; i < placements.length; i++) if ((r -= weights[i]) <= 0) return placements[i];
    return placements[placements.length - 1];
  };
  await core.sequelize.query(`UPDATE advertisers SET billing_type = 'postpaid' WHERE id = $1`, { bind: [shop.id] });
  const visitors = Array.from({ length: 50_000 }, (_, i) => `bench-visitor-${i}`);
  const classes = ['front', 'front', 'catalog', 'product', 'product', 'product', 'search', 'cart', 'wishlist', 'checkout', 'generic', 'order'];

  console.log(`writing ${EVENTS.toLocaleString('en')} events over ${DAYS} days for one advertiser (PostgreSQL) ...`);
  const end = Date.now() - 60_000;
  const start = end - DAYS * DAY_MS;
  const batches = Math.ceil(EVENTS / BATCH);
  const t0 = performance.now();
  let written = 0;
  for (let b = 0; b < batches; b++) {
    const size = Math.min(BATCH, EVENTS - written);
    const from = start + ((end - start) * b) / batches;
    const span = (end - start) / batches;
    const events: TrackedEvent[] = [];
    for (let n = 0; n < size; n++) {
      const created = new Date(from + random() * span);
      const r = random();
      const visitor = random() < 0.9 ? visitors[Math.floor(random() * visitors.length)] : null;
      const bot = random() < 0.02;
      if (r < 0.04) {
        const cls = classes[Math.floor(random() * classes.length)];
        events.push({ kind: 'event', cls, advertiser: shop.id, host: 'shop.demo.test', url: 'https://shop.demo.test/p', created, visitor, bot, ...(cls === 'order' ? { orderId: `B-${b}-${n}`, value: 1000 + Math.floor(random() * 15_000) } : {}) });
        continue;
      }
      const li = pickPlacement();
      const site = li.social ? null : websites[pickSite()];
      const common = {
        advertiser: shop.id, campaign: li.campaign_id, lineitem: li.id, channel: li.channel, banner: li.banners[random() < 0.7 ? 0 : 1],
        publisher: site?.publisher ?? null, website: site?.host ?? null, created, visitor, bot,
      };
      if (r < 0.044) {
        events.push({ kind: 'conversion', ...common, attribution: random() < 0.25 ? 'post_view' : 'post_click', orderId: `B-${b}-${n}`, value: 1000 + Math.floor(random() * 15_000), costMilli: 0 });
      } else if (r < 0.13) {
        events.push({ kind: 'click', ...common, costMilli: 45_000 });
      } else {
        events.push({ kind: 'view', ...common, costMilli: 200 });
      }
    }
    await writeEvents(core, events);
    written += size;
    if (b % 100 === 99 || b === batches - 1) {
      const seconds = (performance.now() - t0) / 1000;
      console.log(`  ${written.toLocaleString('en')} events in ${seconds.toFixed(0)} s (${Math.round(written / seconds).toLocaleString('en')} events/s)`);
    }
  }
  console.log('VACUUM ANALYZE (as autovacuum would after a bulk load) ...');
  for (const table of ['events', 'stat_hourly', 'stat_visitors', 'stat_daily_creatives', 'stat_daily_websites', 'stat_daily_channels', 'stat_daily_publishers']) {
    await core.sequelize.query(`VACUUM ANALYZE ${table}`);
  }
  const [sizes] = await sql<{ events: string; rollups: string; campaign_rollups: string }>(
    `SELECT (SELECT COUNT(*) FROM events) AS events, (SELECT COUNT(*) FROM stat_hourly) AS rollups,
       (SELECT COUNT(*) FROM stat_hourly WHERE campaign_id = $1) AS campaign_rollups`, [summer.id]);
  console.log(`events ${Number(sizes.events).toLocaleString('en')}, stat_hourly rows ${Number(sizes.rollups).toLocaleString('en')} (${Number(sizes.campaign_rollups).toLocaleString('en')} of the campaign)`);

  // The API: the advertiser's Instant Report of Summer Sale 2026 over the 90 days.
  const token = await server.token('advertiser@demo.test');
  const first = new Date(end - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const last = new Date(end).toISOString().slice(0, 10);
  const path = `/api/campaign/${summer.id}/report?start=${first}&end=${last}`;
  /** p50/p95 of `runs` requests of `url` (after 5 not counted), and the last answer. */
  const timed = async <T>(url: string, runs: number) => {
    const times: number[] = [];
    let answer: T | null = null;
    for (let i = 0; i < runs + 5; i++) {
      const started = performance.now();
      const res = await server.api(url, { token });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      answer = (await res.json()) as T;
      if (i >= 5) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const kb = (Buffer.byteLength(JSON.stringify(answer)) / 1024).toFixed(0);
    return { times, answer: answer!, line: `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, max ${ms(times[times.length - 1])}, ${kb} KB` };
  };
  type Figures = { impressions: number; clicks: number; pcConversions: number; pvConversions: number };
  const { times, answer: report, line } = await timed<{ stats: (Figures & { date: string })[]; publishers: (Figures & { id: string })[] }>(path, RUNS);
  console.log(`API  GET /api/campaign/{id}/report, 90 days: ${line} (${report.stats.length} stats rows, ${report.publishers.length} publishers)`);
  const websiteList = await timed<{ websites: unknown[] }>(`${path}&onlyWebsites=true`, 20);
  console.log(`     the Websites tab (onlyWebsites): ${websiteList.line} (${websiteList.answer.websites.length} websites)`);
  const conversionList = await timed<{ conversions: unknown[] }>(path.replace('/report?', '/report/conversions?'), 20);
  console.log(`     the Conversions tab (/report/conversions): ${conversionList.line} (${conversionList.answer.conversions.length} conversions)`);
  const full = await timed<{ stats: unknown[] }>(`${path}&full=true`, 10);
  console.log(`     the whole report (full=true): ${full.line} (${full.answer.stats.length} stats rows)`);

  // The server's part alone (the route after its access check: the report and its JSON), without HTTP and the
  // client's reading of the body, which share this process and its cores.
  const serverTimes: number[] = [];
  const range = dayRange({ start: first, end: last }, end);
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    JSON.stringify(await reportSummary(core, { id: summer.id, advertiser: shop.id, name: 'Summer Sale 2026', row: {} }, range));
    if (i >= 5) serverTimes.push(performance.now() - started);
  }
  serverTimes.sort((a, b) => a - b);
  console.log(`     of which the report and its JSON (no HTTP): p50 ${ms(percentile(serverTimes, 0.5))}, p95 ${ms(percentile(serverTimes, 0.95))}`);

  // The same figures by GROUP BY over the raw events of the campaign and range.
  const raw = `SELECT day, channel, banner_id, publisher_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
      COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view') AS pc,
      COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_view') AS pv, SUM(cost_milli) AS cost
    FROM events WHERE advertiser_id = $1 AND campaign_id = $2 AND bot = false AND day >= $3::date AND day <= $4::date
    GROUP BY GROUPING SETS ((day, channel, banner_id), (publisher_id))`;
  const rawTimes: number[] = [];
  let rawRows: { impressions: string; clicks: string; pc: string; pv: string; publisher_id: string | null; day: string | null }[] = [];
  for (let i = 0; i < RAW_RUNS; i++) {
    const started = performance.now();
    rawRows = await sql(raw, [shop.id, summer.id, first, last]);
    rawTimes.push(performance.now() - started);
  }
  rawTimes.sort((a, b) => a - b);
  const rawP50 = percentile(rawTimes, 0.5);
  console.log(`raw  GROUP BY over the events, same figures: p50 ${ms(rawP50)} (${RAW_RUNS} runs)`);

  // The API's figures equal the raw ones.
  const sum = (rows: { impressions: unknown; clicks: unknown }[], key: 'impressions' | 'clicks') => rows.reduce((total, row) => total + Number(row[key]), 0);
  const rawStats = rawRows.filter((row) => row.day !== null);
  const rawPublishers = new Map(rawRows.filter((row) => row.day === null && row.publisher_id && row.publisher_id !== NIL).map((row) => [row.publisher_id, row]));
  const same = sum(report.stats, 'impressions') === sum(rawStats, 'impressions') && sum(report.stats, 'clicks') === sum(rawStats, 'clicks')
    && report.stats.length === rawStats.length && report.publishers.length === rawPublishers.size
    && report.publishers.every((row) => Number(rawPublishers.get(row.id)?.clicks) === row.clicks && Number(rawPublishers.get(row.id)?.impressions) === row.impressions);
  const p95 = percentile(times, 0.95);
  const ratio = rawP50 / percentile(times, 0.5);
  console.log(`figures equal to the raw GROUP BY: ${same ? 'yes' : 'NO'}`);
  console.log(`p95 <= 50 ms: ${p95 <= 50 ? 'yes' : 'NO'} (${ms(p95)}); >= 100x faster than raw: ${ratio >= 100 ? 'yes' : 'NO'} (${ratio.toFixed(0)}x at p50)`);
  keep = process.env.BENCH_KEEP === '1';
  if (keep) console.log(`database kept: ${server.core.sequelize.getDatabaseName()}`);
} finally {
  if (keep) process.exit(0);
  await server.stop();
}
