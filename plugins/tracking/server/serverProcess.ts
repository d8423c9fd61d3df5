/**
 * For the tests that run the ad server as real processes (durability.test.ts: kill -9 under load; scaleout.test.ts:
 * two processes on one database): the compiled server of `npm start` (backend/dist/main.js, one process each) on
 * the database a test server has migrated and seeded, and the pipeline's invariants read back with SQL.
 * Test code only; nothing of the server imports it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUNDLE = path.join(ROOT, 'backend', 'dist', 'main.js');

/** Builds backend/dist/main.js when a source is newer (`node backend/start.mjs --build`). */
export function buildServerBundle(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'backend', 'start.mjs'), '--build'], { cwd: ROOT, stdio: 'ignore' });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** What the process wrote to stderr so far. */
  stderr(): string;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * One server process (WEB_CONCURRENCY=1, so the pid is the server itself) on `databaseUrl`, with its job runner,
 * without the demo seed (the test server seeded the database), answering on a free loopback port; as test servers,
 * it takes clicks as they come (CLICK_SCREENING=false) unless `env` says otherwise.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', SKIP_FRONTEND_BUILD: 'true',
      SEED_DEMO: 'false', SEED_HISTORY_DAYS: '0', DATA_DIR: '/tmp/adsuite-test-processes', JWT_SECRET: randomBytes(32).toString('hex'),
      BCRYPT_ROUNDS: '4', SHUTDOWN_GRACE_MS: '2000', CLICK_SCREENING: 'false', ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server process ended (${child.exitCode ?? child.signalCode}) before it answered:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not answer within 60 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    child,
    stderr: () => stderr,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

type Sql = <T = Record<string, unknown>>(query: string, bind?: unknown[]) => Promise<T[]>;

const NIL = '00000000-0000-0000-0000-000000000000';

/** A raw event that is valid (not a bot's, no invalid reason): the rollups' valid measures, visitors and counters count it. */
const VALID = 'invalid IS NULL AND bot = false';

/**
 * Where the pipeline's derived data differ from the raw events (empty when none do): the hourly rollups against a
 * GROUP BY over the raw events (an onsite event carries its campaign but counts in no rollup but the unique
 * visitors), the valid events in the valid measures and the invalid ones in the invalid measures, a line item's cost
 * per day, unique visitors, the campaigns'
 * counters, the campaigns' cost against their ledger spend entries, each spend entry against its hour's rollup
 * cost (one entry per campaign and hour), every balance against the sum of its ledger.
 */
export async function pipelineMismatches(sql: Sql): Promise<string[]> {
  const found: string[] = [];
  const rollups = await sql(
    `WITH raw AS (
       SELECT advertiser_id, date_trunc('hour', created AT TIME ZONE 'UTC') AS hour, campaign_id, COALESCE(lineitem_id, '${NIL}') AS lineitem_id,
         COALESCE(channel, '') AS channel, COALESCE(banner_id, '${NIL}') AS banner_id, COALESCE(publisher_id, '${NIL}') AS publisher_id,
         COALESCE(website, '') AS website, COALESCE(SUM(impressions) FILTER (WHERE ${VALID}), 0)::bigint AS impressions,
         COALESCE(SUM(clicks) FILTER (WHERE ${VALID}), 0)::bigint AS clicks, SUM(cost_milli)::bigint AS cost_milli,
         COUNT(*) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view')::bigint AS pc_conversions,
         COALESCE(SUM(value) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'), 0)::bigint AS pc_value,
         COUNT(*) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution = 'post_view')::bigint AS pv_conversions,
         COALESCE(SUM(value) FILTER (WHERE ${VALID} AND kind = 'conversion' AND attribution = 'post_view'), 0)::bigint AS pv_value,
         COALESCE(SUM(impressions) FILTER (WHERE NOT (${VALID})), 0)::bigint AS invalid_impressions,
         COALESCE(SUM(clicks) FILTER (WHERE NOT (${VALID})), 0)::bigint AS invalid_clicks,
         COUNT(*) FILTER (WHERE NOT (${VALID}) AND kind = 'conversion')::bigint AS invalid_conversions
       FROM events WHERE campaign_id IS NOT NULL AND kind <> 'event'
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
     ), rolled AS (
       SELECT advertiser_id, hour AT TIME ZONE 'UTC' AS hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website,
         impressions, clicks, cost_milli, pc_conversions, pc_value, pv_conversions, pv_value, invalid_impressions, invalid_clicks, invalid_conversions
       FROM stat_hourly
     )
     SELECT advertiser_id, hour, campaign_id, lineitem_id, website,
       raw.impressions AS raw_impressions, rolled.impressions AS rolled_impressions, raw.clicks AS raw_clicks, rolled.clicks AS rolled_clicks,
       raw.cost_milli AS raw_cost, rolled.cost_milli AS rolled_cost, raw.pc_conversions AS raw_pc, rolled.pc_conversions AS rolled_pc,
       raw.invalid_impressions AS raw_invalid_impressions, rolled.invalid_impressions AS rolled_invalid_impressions,
       raw.invalid_clicks AS raw_invalid_clicks, rolled.invalid_clicks AS rolled_invalid_clicks
     FROM raw FULL JOIN rolled USING (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website)
     WHERE (raw.impressions, raw.clicks, raw.cost_milli, raw.pc_conversions, raw.pc_value, raw.pv_conversions, raw.pv_value,
         raw.invalid_impressions, raw.invalid_clicks, raw.invalid_conversions)
       IS DISTINCT FROM (rolled.impressions, rolled.clicks, rolled.cost_milli, rolled.pc_conversions, rolled.pc_value, rolled.pv_conversions, rolled.pv_value,
         rolled.invalid_impressions, rolled.invalid_clicks, rolled.invalid_conversions)`,
  );
  for (const row of rollups) found.push(`stat_hourly differs from the raw events: ${JSON.stringify(row)}`);

  const days = await sql(
    `WITH raw AS (
       SELECT advertiser_id, lineitem_id, day, SUM(cost_milli)::bigint AS cost_milli FROM events
       WHERE bot = false AND lineitem_id IS NOT NULL AND cost_milli > 0 GROUP BY 1, 2, 3
     )
     SELECT advertiser_id, lineitem_id, day, raw.cost_milli AS raw_cost, d.cost_milli AS rolled_cost
     FROM raw FULL JOIN stat_lineitem_days d USING (advertiser_id, lineitem_id, day)
     WHERE raw.cost_milli IS DISTINCT FROM d.cost_milli`,
  );
  for (const row of days) found.push(`stat_lineitem_days differs from the raw events: ${JSON.stringify(row)}`);

  const visitors = await sql(
    `WITH raw AS (
       SELECT DISTINCT advertiser_id, day, COALESCE(campaign_id, '${NIL}') AS campaign_id, visitor FROM events WHERE ${VALID} AND visitor IS NOT NULL
     )
     SELECT (SELECT count(*) FROM raw) AS raw, (SELECT count(*) FROM stat_visitors) AS rolled,
       (SELECT count(*) FROM raw JOIN stat_visitors USING (advertiser_id, day, campaign_id, visitor)) AS matched`,
  );
  const v = visitors[0] as { raw: string; rolled: string; matched: string };
  if (!(v.raw === v.rolled && v.rolled === v.matched)) found.push(`stat_visitors differs from the raw events: ${JSON.stringify(v)}`);

  const campaigns = await sql(
    `WITH raw AS (
       SELECT campaign_id AS id, SUM(impressions)::bigint AS impressions, SUM(clicks)::bigint AS clicks,
         COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view')::bigint AS pc,
         COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_view')::bigint AS pv
       FROM events WHERE ${VALID} AND campaign_id IS NOT NULL GROUP BY 1
     ), spend AS (
       SELECT campaign_id AS id, -SUM(amount)::bigint AS spent FROM transactions WHERE type = 'spend' AND campaign_id IS NOT NULL GROUP BY 1
     )
     SELECT c.id, c.name, COALESCE(c.impressions, 0)::bigint AS impressions, COALESCE(raw.impressions, 0) AS raw_impressions,
       COALESCE(c.clicks, 0)::bigint AS clicks, COALESCE(raw.clicks, 0) AS raw_clicks, COALESCE(c.pc_conversions, 0)::bigint AS pc, COALESCE(raw.pc, 0) AS raw_pc,
       COALESCE(c.pv_conversions, 0)::bigint AS pv, COALESCE(raw.pv, 0) AS raw_pv, COALESCE(c.cost, 0)::bigint AS cost, COALESCE(spend.spent, 0) AS spent
     FROM campaigns c LEFT JOIN raw ON raw.id = c.id LEFT JOIN spend ON spend.id = c.id
     WHERE (COALESCE(c.impressions, 0), COALESCE(c.clicks, 0), COALESCE(c.pc_conversions, 0), COALESCE(c.pv_conversions, 0), COALESCE(c.cost, 0))
       IS DISTINCT FROM (COALESCE(raw.impressions, 0), COALESCE(raw.clicks, 0), COALESCE(raw.pc, 0), COALESCE(raw.pv, 0), COALESCE(spend.spent, 0))`,
  );
  for (const row of campaigns) found.push(`a campaign's counters or cost differ from its events and spend entries: ${JSON.stringify(row)}`);

  // One spend entry per campaign and hour, of that hour's cost in whole cents, unless a used-up prepaid balance capped it.
  const entries = await sql(
    `SELECT t.idempotency_key, count(*) OVER (PARTITION BY t.advertiser_id, t.idempotency_key) AS copies, -t.amount AS amount,
       ROUND(COALESCE((SELECT SUM(h.cost_milli) FROM stat_hourly h WHERE h.advertiser_id = t.advertiser_id AND h.campaign_id = t.campaign_id
         AND h.hour = substring(t.idempotency_key from '^spend:[0-9a-f-]{36}:(.+)$')::timestamptz), 0) / 1000.0)::bigint AS hour_cost,
       a.balance, a.billing_type
     FROM transactions t JOIN advertisers a ON a.id = t.advertiser_id
     WHERE t.type = 'spend' AND t.idempotency_key LIKE 'spend:%'`,
  );
  for (const row of entries as { idempotency_key: string; copies: string; amount: string; hour_cost: string; balance: string; billing_type: string | null }[]) {
    if (Number(row.copies) !== 1) found.push(`spend entry ${row.idempotency_key} is there ${row.copies} times`);
    const capped = row.billing_type !== 'postpaid' && Number(row.balance) <= 0 && Number(row.amount) < Number(row.hour_cost);
    if (Number(row.amount) !== Number(row.hour_cost) && !capped) found.push(`spend entry ${row.idempotency_key} books ${row.amount} cents, its hour cost ${row.hour_cost}`);
  }
  const missing = await sql(
    `SELECT h.advertiser_id, h.campaign_id, h.hour, SUM(h.cost_milli) AS cost FROM stat_hourly h JOIN advertisers a ON a.id = h.advertiser_id
     WHERE (a.balance > 0 OR a.billing_type = 'postpaid') AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.advertiser_id = h.advertiser_id AND t.type = 'spend'
       AND t.idempotency_key = 'spend:' || h.campaign_id || ':' || to_char(h.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
     GROUP BY 1, 2, 3 HAVING SUM(h.cost_milli) >= 500`,
  );
  for (const row of missing) found.push(`no spend entry for an hour that cost money: ${JSON.stringify(row)}`);

  const balances = await sql(
    `SELECT a.id, a.name, a.balance, COALESCE((SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id), 0) AS ledger
     FROM advertisers a WHERE a.balance IS DISTINCT FROM COALESCE((SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id), 0)`,
  );
  for (const row of balances) found.push(`a balance differs from its ledger: ${JSON.stringify(row)}`);
  return found;
}
