/**
 * What one billed batch costs PostgreSQL (issue 12): writeEvents in a loop with batches of N billed clicks of one
 * line item (Client One Always-On / Platform 161, its advertiser postpaid, no budgets: the tracking benchmark's case),
 * one batch at a time on the pipeline's own connection, and the CPU every PostgreSQL process used (cpuMs) per batch
 * and per click. Rounds of each batch size take turns, so a machine that speeds up or slows down meets every size alike.
 * Usage: DATABASE_URL=postgres://... npx tsx bench/tracking-batch.ts [batches per round, default 200] [sizes, default 1,5,25]
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { startTestServer } from '@adsuite/backend/testkit';
import { writeEvents, type TrackedEvent } from '../plugins/tracking/server/pipeline.ts';
import { cpuMs, postgresPids } from './lib/processes.ts';

if (!process.env.DATABASE_URL) throw new Error('the batch benchmark measures on PostgreSQL: set DATABASE_URL');
const BATCHES = Number(process.argv[2] ?? 200);
const SIZES = (process.argv[3] ?? '1,5,25').split(',').map(Number);
const ROUNDS = 4;

const server = await startTestServer({ jobs: false });
try {
  const sql = <T>(query: string, bind: unknown[] = []) => server.core.sequelize.query(query, { bind, type: QueryTypes.SELECT }) as Promise<T[]>;
  const [li] = await sql<{ id: string; advertiser_id: string; campaign_id: string; banner: string; channel: string }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids[1] AS banner, l.channel FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id
     WHERE c.name = 'Client One Always-On' AND l.channel = 'platform161'`,
  );
  if (!li) throw new Error('the demo data has no line item of Client One Always-On on platform161');
  await sql('UPDATE advertisers SET billing_type = $2 WHERE id = $1', [li.advertiser_id, 'postpaid']);
  await sql('UPDATE lineitems SET daily_budget = NULL, budget = NULL WHERE id = $1', [li.id]);
  const visitors = Array.from({ length: 20_000 }, () => randomUUID());
  const click = (): TrackedEvent => ({
    id: randomUUID(), kind: 'click', advertiser: li.advertiser_id, campaign: li.campaign_id, lineitem: li.id, banner: li.banner,
    channel: li.channel, website: 'news.demo.test', subid: 'bench', visitor: visitors[Math.floor(Math.random() * visitors.length)],
    ipHash: randomUUID(), costMilli: 67_500,
  });
  // Warm: the function made, its plans cached, the caches of the process filled.
  for (let i = 0; i < 50; i += 1) await writeEvents(server.core, Array.from({ length: 25 }, click));
  const results = new Map<number, number[]>(SIZES.map((size) => [size, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const size of SIZES) {
      const pids = postgresPids();
      const before = cpuMs(pids);
      for (let i = 0; i < BATCHES; i += 1) await writeEvents(server.core, Array.from({ length: size }, click));
      results.get(size)!.push(((cpuMs(pids) - before) * 1000) / BATCHES);
    }
  }
  for (const [size, perBatch] of results) {
    const sorted = [...perBatch].sort((a, b) => a - b);
    const median = (sorted[1] + sorted[2]) / 2;
    console.log(`${String(size).padStart(3)} clicks a batch: PostgreSQL ${Math.round(median)} us a batch (rounds ${perBatch.map(Math.round).join(', ')}), ${Math.round(median / size)} us a click`);
  }
} finally {
  await server.stop();
}
