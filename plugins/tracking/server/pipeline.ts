/**
 * The event pipeline (ARCHITECTURE "Tracking and statistics"): every tracked event, from the ad server, the
 * click splitter, the container script, the sandbox networks' delivery reports and the demo history, is written
 * by `writeEvents` in one transaction with everything it changes:
 *
 *   raw events (partitioned by day; a repeated client event id is stored once)
 *   -> hourly rollups, unique visitors per day, a line item's cost per day, access logs per host and day
 *   -> the campaign's counters (impressions, clicks, conversions, cost, budgetLeft)
 *   -> the advertiser's ledger: one `spend` entry per campaign and hour, in whole cents
 *   -> line items auto-paused when a budget or the prepaid balance is used up.
 *
 * So rollups always equal the raw data (a GROUP BY over the raw events that are not bots gives the same numbers)
 * and the balance always equals the ledger. Bots are stored flagged and count nowhere.
 *
 * `GroupCommit` batches the events of concurrent requests: while one batch commits, the next collects, and each
 * request is answered when its batch committed (or refused with 503 when the database refused it), so an
 * answered event survives a crash of the server.
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, text } from '@adsuite/backend/kit';
import { ACCRUAL_ANSWER_SQL, ACCRUAL_SQL, accrualRows, type AccrualAnswer, lockAdvertisers, settleAccruals, type AdvertiserFunds } from '../../finances/server/ledger.ts';
import { ensurePartitions } from './partitions.ts';
import { forgetLineItems } from './delivery.ts';
import { runPrepared } from './prepared.ts';

export const NIL = '00000000-0000-0000-0000-000000000000';

export type EventKind = 'view' | 'click' | 'event' | 'conversion' | 'delivery';

export interface TrackedEvent {
  id?: string;
  kind: EventKind;
  cls?: string | null;
  created?: Date;
  advertiser: string;
  campaign?: string | null;
  lineitem?: string | null;
  banner?: string | null;
  publisher?: string | null;
  channel?: string | null;
  /** The host of the website the ad was shown on. */
  website?: string | null;
  /** The host of the advertiser's page an onsite event came from. */
  host?: string | null;
  url?: string | null;
  referer?: string | null;
  productId?: string | null;
  orderId?: string | null;
  /** Cart or product value in cents. */
  value?: number | null;
  impressions?: number;
  clicks?: number;
  /** Cost in thousandths of a cent. */
  costMilli?: number;
  attribution?: 'post_click' | 'post_view' | null;
  clickId?: string | null;
  subid?: string | null;
  clientId?: string | null;
  visitor?: string | null;
  ipHash?: string | null;
  bot?: boolean;
  billable?: boolean;
  source?: 'house' | 'sandbox';
  data?: Record<string, unknown>;
}

/** What a batch changed: line items it paused, by reason (tests and logs read it). */
export interface BatchResult {
  stored: number;
  duplicates: number;
  paused: { lineitem: string; reason: string }[];
}

const COLUMNS: [string, string][] = [
  ['id', 'uuid'], ['created', 'timestamptz'], ['updated', 'timestamptz'], ['advertiser_id', 'uuid'], ['day', 'date'],
  ['kind', 'text'], ['cls', 'text'], ['campaign_id', 'uuid'], ['lineitem_id', 'uuid'], ['banner_id', 'uuid'],
  ['publisher_id', 'uuid'], ['channel', 'text'], ['website', 'text'], ['host', 'text'], ['url', 'text'], ['referer', 'text'],
  ['product_id', 'text'], ['order_id', 'text'], ['value', 'bigint'], ['impressions', 'integer'], ['clicks', 'integer'],
  ['cost_milli', 'integer'], ['attribution', 'text'], ['click_id', 'text'], ['subid', 'text'], ['client_id', 'text'],
  ['visitor', 'text'], ['ip_hash', 'text'], ['bot', 'boolean'], ['billable', 'boolean'], ['source', 'text'], ['data', 'jsonb'],
];
const COLUMN_LIST = COLUMNS.map(([name]) => name).join(', ');
const RECORD_TYPE = COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');

const hourOf = (time: Date) => `${time.toISOString().slice(0, 13)}:00:00.000Z`;
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

interface Row {
  id: string; created: string; updated: string; advertiser_id: string; day: string; kind: string; cls: string | null;
  campaign_id: string | null; lineitem_id: string | null; banner_id: string | null; publisher_id: string | null;
  channel: string | null; website: string | null; host: string | null; url: string | null; referer: string | null;
  product_id: string | null; order_id: string | null; value: number | null; impressions: number; clicks: number;
  cost_milli: number; attribution: string | null; click_id: string | null; subid: string | null; client_id: string | null;
  visitor: string | null; ip_hash: string | null; bot: boolean; billable: boolean; source: string; data: Record<string, unknown>;
  /** Not stored in `events`: the event's hour (rollups, spend) and the host its access log counts (none for a bot). */
  hour: string; access_host: string | null;
}

function toRow(event: TrackedEvent): Row {
  const created = event.created ?? new Date();
  const bot = Boolean(event.bot);
  const billable = !bot && event.billable !== false;
  return {
    id: event.id ?? randomUUID(), created: created.toISOString(), updated: created.toISOString(), advertiser_id: event.advertiser,
    day: dayOf(created), kind: event.kind, cls: event.cls ?? null, campaign_id: event.campaign ?? null, lineitem_id: event.lineitem ?? null,
    banner_id: event.banner ?? null, publisher_id: event.publisher ?? null, channel: event.channel ?? null, website: event.website ?? null,
    host: event.host ?? null, url: event.url ?? null, referer: event.referer ?? null, product_id: event.productId ?? null,
    order_id: event.orderId ?? null, value: event.value ?? null,
    impressions: event.impressions ?? (event.kind === 'view' ? 1 : 0), clicks: event.clicks ?? (event.kind === 'click' ? 1 : 0),
    cost_milli: billable ? Math.max(0, Math.round(event.costMilli ?? 0)) : 0, attribution: event.attribution ?? null,
    click_id: event.clickId ?? null, subid: event.subid ?? null, client_id: event.clientId ?? null, visitor: event.visitor ?? null,
    ip_hash: event.ipHash ?? null, bot, billable, source: event.source ?? 'house', data: event.data ?? {},
    hour: hourOf(created), access_host: bot || event.kind === 'delivery' ? null : hostOf(event.referer ?? null) ?? event.website ?? null,
  };
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

/** The tables a batch may add to (a statement names only those, so that nothing runs for the others, their triggers neither). */
type Part = 'hourly' | 'visitors' | 'lineitem_days' | 'access' | 'counters' | 'spent';

function partsOf(rows: Row[], accessLogs: boolean): Set<Part> {
  const parts = new Set<Part>();
  for (const row of rows) {
    if (row.bot) continue;
    if (row.campaign_id) parts.add('hourly').add('counters');
    if (row.visitor) parts.add('visitors');
    if (row.cost_milli > 0 && row.lineitem_id) parts.add('lineitem_days');
    if (row.cost_milli > 0 && row.campaign_id) parts.add('spent');
    if (row.access_host && accessLogs) parts.add('access');
  }
  return parts;
}

/**
 * Everything a batch adds up, in one statement: the raw events (a repeated id or client event id is skipped),
 * then from the events it stored, bots aside: the hourly rollups, unique visitors, line item cost per day,
 * access logs and campaign counters (a data-modifying CTE per table, rows in key order, so that batches of several
 * processes lock shared rows in one order). A batch that costs money books its spend in the same statement, after
 * its advertisers were locked in the one before (so what it reads of the hours' cost, the spend entries, the line
 * items' days and the balances is what every earlier batch left, plus what this one adds): the ledger's accrual
 * of every campaign hour ($2: the periods, ACCRUAL_SQL), the campaigns' cost with their counters, and the pause
 * of line items whose prepaid balance, daily budget ($3: today) or total budget is used up. One statement, so the
 * rows every batch of a campaign updates are held from its first write to its commit for one round trip only.
 */
const batchSql = (parts: Set<Part>) => `WITH r AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD_TYPE}, hour timestamptz, access_host text)
  ), ins AS (
    INSERT INTO events (${COLUMN_LIST}) SELECT ${COLUMN_LIST} FROM r ON CONFLICT DO NOTHING RETURNING id
  ), kept AS (
    SELECT r.* FROM r JOIN ins USING (id) WHERE NOT r.bot
  ),${parts.has('hourly') ? ` hourly AS (
    INSERT INTO stat_hourly (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website,
      impressions, clicks, pc_conversions, pc_value, pv_conversions, pv_value, cost_milli)
    SELECT advertiser_id, hour, campaign_id, COALESCE(lineitem_id, '${NIL}'), COALESCE(channel, ''), COALESCE(banner_id, '${NIL}'),
      COALESCE(publisher_id, '${NIL}'), COALESCE(website, ''), SUM(impressions), SUM(clicks),
      COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'),
      COALESCE(SUM(value) FILTER (WHERE kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'), 0),
      COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_view'),
      COALESCE(SUM(value) FILTER (WHERE kind = 'conversion' AND attribution = 'post_view'), 0), SUM(cost_milli)
    FROM kept WHERE campaign_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website) DO UPDATE SET
      impressions = stat_hourly.impressions + EXCLUDED.impressions, clicks = stat_hourly.clicks + EXCLUDED.clicks,
      pc_conversions = stat_hourly.pc_conversions + EXCLUDED.pc_conversions, pc_value = stat_hourly.pc_value + EXCLUDED.pc_value,
      pv_conversions = stat_hourly.pv_conversions + EXCLUDED.pv_conversions, pv_value = stat_hourly.pv_value + EXCLUDED.pv_value,
      cost_milli = stat_hourly.cost_milli + EXCLUDED.cost_milli
    RETURNING 1
  ),` : ''}${parts.has('visitors') ? ` visitors AS (
    INSERT INTO stat_visitors (advertiser_id, day, campaign_id, visitor)
    SELECT DISTINCT advertiser_id, day, COALESCE(campaign_id, '${NIL}'), visitor FROM kept WHERE visitor IS NOT NULL ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING RETURNING 1
  ),` : ''}${parts.has('lineitem_days') ? ` lineitem_days AS (
    INSERT INTO stat_lineitem_days (advertiser_id, lineitem_id, day, cost_milli)
    SELECT advertiser_id, lineitem_id, day, SUM(cost_milli) FROM kept WHERE lineitem_id IS NOT NULL AND cost_milli > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (advertiser_id, lineitem_id, day) DO UPDATE SET cost_milli = stat_lineitem_days.cost_milli + EXCLUDED.cost_milli
    RETURNING lineitem_id
  ),` : ''}${parts.has('access') ? ` access AS (
    INSERT INTO accesslogs (host, day, campaign_id, count)
    SELECT access_host, day, campaign_id, COUNT(*) FROM kept WHERE access_host IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (host, day, COALESCE(campaign_id, '${NIL}'::uuid)) DO UPDATE SET count = accesslogs.count + EXCLUDED.count, updated = now()
    RETURNING 1
  ),` : ''}${parts.has('spent') ? ` spent AS (
    SELECT advertiser_id, campaign_id, hour, SUM(cost_milli) AS cost_milli FROM kept WHERE campaign_id IS NOT NULL AND cost_milli > 0 GROUP BY 1, 2, 3
  ), wanted AS (
    SELECT w.*, round((s.cost_milli + COALESCE((SELECT SUM(h.cost_milli) FROM stat_hourly h
             WHERE h.advertiser_id = s.advertiser_id AND h.hour = s.hour AND h.campaign_id = s.campaign_id), 0)) / 1000.0)::bigint AS total_cents
    FROM jsonb_to_recordset($2::jsonb) AS w(n integer, advertiser_id uuid, campaign_id uuid, hour timestamptz, key text, description text,
      description_text jsonb, reference text, created timestamptz, balance bigint, prepaid boolean)
    JOIN spent s ON s.advertiser_id = w.advertiser_id AND s.campaign_id = w.campaign_id AND s.hour = w.hour
  ), ${ACCRUAL_SQL}, exhausted AS (
    SELECT advertiser_id FROM billed WHERE prepaid GROUP BY advertiser_id HAVING MAX(balance) - SUM(billed) <= 0
  ), balance_paused AS (
    SELECT id, 'balance' AS reason FROM lineitems
    WHERE advertiser_id IN (SELECT advertiser_id FROM exhausted) AND active = true AND autopaused IS NOT TRUE AND archived_at IS NULL
  ), lineitem_spent AS (
    SELECT lineitem_id, SUM(cost_milli) AS total, SUM(cost_milli) FILTER (WHERE day = $3::date) AS today FROM (
      SELECT d.lineitem_id, d.day, d.cost_milli FROM stat_lineitem_days d
      WHERE (d.advertiser_id, d.lineitem_id) IN (SELECT advertiser_id, lineitem_id FROM kept WHERE lineitem_id IS NOT NULL AND cost_milli > 0)
      UNION ALL SELECT lineitem_id, day, cost_milli FROM kept WHERE lineitem_id IS NOT NULL AND cost_milli > 0
    ) d GROUP BY lineitem_id
  ), over AS (
    SELECT l.id, CASE WHEN l.budget > 0 AND s.total >= l.budget * 1000 THEN 'budget' ELSE 'daily_budget' END AS reason
    FROM lineitems l JOIN lineitem_spent s ON s.lineitem_id = l.id
    WHERE l.autopaused IS NOT TRUE AND l.id NOT IN (SELECT id FROM balance_paused)
      AND ((l.budget > 0 AND s.total >= l.budget * 1000) OR (l.daily_budget > 0 AND COALESCE(s.today, 0) >= l.daily_budget * 1000))
  ), paused AS (
    UPDATE lineitems l SET autopaused = true, autopause_reason = p.reason, updated = now()
    FROM (SELECT * FROM balance_paused UNION ALL SELECT * FROM over ORDER BY id) p WHERE l.id = p.id RETURNING l.id AS lineitem, p.reason
  ),` : ''}${parts.has('counters') ? ` counters AS (
    UPDATE campaigns c SET impressions = COALESCE(c.impressions, 0) + k.impressions, clicks = COALESCE(c.clicks, 0) + k.clicks,
      pc_conversions = COALESCE(c.pc_conversions, 0) + k.pc, pv_conversions = COALESCE(c.pv_conversions, 0) + k.pv,
      cost = CASE WHEN k.cents > 0 THEN COALESCE(c.cost, 0) + k.cents ELSE c.cost END,
      budget_left = CASE WHEN k.cents = 0 THEN c.budget_left WHEN c.budget IS NULL THEN NULL ELSE GREATEST(c.budget - COALESCE(c.cost, 0) - k.cents, 0) END
    FROM (SELECT campaign_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks,
            COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view') AS pc,
            COUNT(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_view') AS pv,
            ${parts.has('spent') ? 'COALESCE((SELECT SUM(b.billed) FROM billed b WHERE b.campaign_id = kept.campaign_id), 0)' : '0'} AS cents
          FROM kept WHERE campaign_id IS NOT NULL GROUP BY campaign_id ORDER BY campaign_id) k
    WHERE c.id = k.campaign_id RETURNING 1
  ),` : ''} done AS (SELECT 1)
  SELECT (SELECT COUNT(*) FROM ins) AS stored,
    ${parts.has('spent') ? `(SELECT json_agg(paused) FROM paused) AS paused, ${ACCRUAL_ANSWER_SQL} AS answers` : 'NULL::json AS paused, NULL::json AS answers'}`;

const batchSqls = new Map<string, string>();
/** batchSql, made once per combination of parts (its text names its prepared statement). */
function batchSqlOf(parts: Set<Part>): string {
  const key = [...parts].sort().join();
  let sql = batchSqls.get(key);
  if (!sql) batchSqls.set(key, (sql = batchSql(parts)));
  return sql;
}

/**
 * Writes events with everything they change, in one transaction (see the top of this file). A batch that costs
 * nothing (onsite events, bots, views of a CPC line item) is that one statement; a batch that costs money locks its
 * advertisers first (batches of several processes on one advertiser take turns in the ledger), then books the
 * spend, the campaigns' cost and the pauses of used-up budgets and balances in the same statement.
 */
export async function writeEvents(core: Core, events: TrackedEvent[], more?: TakeMore): Promise<BatchResult> {
  if (events.length === 0) return { stored: 0, duplicates: 0, paused: [] };
  let rows = events.map(toRow);
  const paying = [...new Set(rows.filter(costsMoney).map((row) => row.advertiser_id))];
  const write = async (transaction?: Transaction) => {
    // Locked before the batch's statement reads the hours' cost, so that it sees every batch that locked them before.
    const funds = transaction ? await lockAdvertisers(core, transaction, paying) : null;
    // What arrived while the lock was awaited joins this batch when it needs no other lock (group commit: fewer turns).
    if (funds && more) rows = rows.concat(more((event) => funds.has(event.advertiser) || !costsMoney(toRow(event))).map(toRow));
    await ensurePartitions(core, [...new Set(rows.map((row) => row.day))]);
    const parts = partsOf(rows, core.models.has('accesslog'));
    const bind: unknown[] = [JSON.stringify(rows)];
    if (parts.has('spent')) bind.push(JSON.stringify(spendPeriods(rows, funds ?? new Map(), await campaignNames(core, rows))), dayOf(new Date()));
    const [batch] = await runPrepared<{ stored: string; paused: BatchResult['paused'] | null; answers: AccrualAnswer[] | null }>(
      core, batchSqlOf(parts), bind, transaction,
    );
    const stored = Number(batch.stored);
    if (funds && batch.answers?.length) await settleAccruals(core, transaction!, funds, batch.answers);
    return { stored, duplicates: rows.length - stored, paused: batch.paused ?? [] };
  };
  const result = paying.length === 0 ? await write() : await core.sequelize.transaction(async (transaction) => write(transaction));
  if (result.paused.length) forgetLineItems(result.paused.map((p) => p.lineitem));
  return result;
}

/**
 * Hands a batch the events submitted since it began that `accept` takes (GroupCommit), to be written and settled
 * with it.
 */
export type TakeMore = (accept: (event: TrackedEvent) => boolean) => TrackedEvent[];

/** A row whose event costs money: its batch locks the advertiser and books the spend. */
const costsMoney = (row: Row) => row.cost_milli > 0 && Boolean(row.campaign_id) && !row.bot;

/** Campaign names as the spend entries' descriptions use them, read at most once a minute per campaign and process. */
const NAME_TTL_MS = 60_000;
const nameCache = new Map<string, { at: number; name: string }>();

/**
 * The names of the campaigns a batch pays for (a round trip per billed batch before; a campaign renamed names the
 * next hour's spend entry the new way within a minute).
 */
async function campaignNames(core: Core, rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.filter(costsMoney).map((row) => row.campaign_id!))];
  const now = Date.now();
  const missing = ids.filter((id) => !(now - (nameCache.get(id)?.at ?? -Infinity) < NAME_TTL_MS));
  if (missing.length) {
    const found = await core.sequelize.query<{ id: string; name: string }>('SELECT id, name FROM campaigns WHERE id = ANY($1::uuid[])', {
      bind: [missing], type: QueryTypes.SELECT,
    });
    if (nameCache.size > 50_000) nameCache.clear();
    for (const row of found) nameCache.set(row.id, { at: now, name: row.name });
  }
  return new Map(ids.flatMap((id) => (nameCache.has(id) ? [[id, nameCache.get(id)!.name] as const] : [])));
}

/**
 * The ledger's running spend entry of every campaign and hour the batch costs money in (`spend:<campaign>:<hour>`,
 * in key order), for the accrual in the batch's statement, which adds what the hour has cost.
 */
function spendPeriods(rows: Row[], funds: Map<string, AdvertiserFunds>, names: Map<string, string>) {
  const periods = new Map<string, { advertiserId: string; campaign: string; hour: string; idempotencyKey: string }>();
  for (const row of rows) {
    if (row.bot || row.cost_milli <= 0 || !row.campaign_id) continue;
    const key = `spend:${row.campaign_id}:${row.hour}`;
    if (!periods.has(key)) periods.set(key, { advertiserId: row.advertiser_id, campaign: row.campaign_id, hour: row.hour, idempotencyKey: key });
  }
  const ordered = [...periods.values()].sort((a, b) => (a.idempotencyKey < b.idempotencyKey ? -1 : a.idempotencyKey > b.idempotencyKey ? 1 : 0));
  const requests = ordered.filter((period) => funds.has(period.advertiserId)).map((period) => ({
    ...period,
    description: text('finances.ledger.campaign_spend_hour', { campaign: names.get(period.campaign) ?? '', day: { day: period.hour.slice(0, 10) }, time: period.hour.slice(11, 16) }),
    reference: `${period.hour.slice(0, 10)} ${period.hour.slice(11, 16)}`, at: new Date(Math.min(Date.parse(period.hour) + 3_599_000, Date.now())),
  }));
  return accrualRows(funds, requests).map((row, n) => ({ ...row, hour: requests[n].hour }));
}

interface Pending {
  events: TrackedEvent[];
  resolve(result: void): void;
  reject(error: unknown): void;
}

/** Refused with 503: the database did not take the batch, nothing of it is stored. */
export class PipelineUnavailable extends Error {
  status = 503;
}

/**
 * Group commit: events submitted while a batch commits wait for the next one; each submit is settled when the
 * batch holding it committed (or failed). One batch at a time per process.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly write: (events: TrackedEvent[], more: TakeMore) => Promise<unknown>, private readonly maxBatch = 5000) {}

  submit(events: TrackedEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new PipelineUnavailable('closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ events, resolve, reject });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // One turn of the event loop lets the requests that arrive together join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length) {
      const batch: Pending[] = [];
      let size = 0;
      while (this.queue.length && (size === 0 || size + this.queue[0].events.length <= this.maxBatch)) {
        const next = this.queue.shift()!;
        batch.push(next);
        size += next.events.length;
      }
      // Submits the batch's write takes up later (TakeMore) are settled with it.
      const more: TakeMore = (accept) => {
        const taken: TrackedEvent[] = [];
        for (let i = 0; i < this.queue.length;) {
          const next = this.queue[i];
          if (size + next.events.length > this.maxBatch || !next.events.every(accept)) {
            i += 1;
            continue;
          }
          this.queue.splice(i, 1);
          batch.push(next);
          size += next.events.length;
          taken.push(...next.events);
        }
        return taken;
      };
      try {
        await this.write(batch.flatMap((pending) => pending.events), more);
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.running = null;
  }

  /** Writes what is queued and takes no more (graceful stop). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running) await this.running;
  }
}
