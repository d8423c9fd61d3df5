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
import { accrueSpend } from '../../finances/server/ledger.ts';
import { ensurePartitions } from './partitions.ts';
import { forgetLineItems } from './delivery.ts';

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
const cents = (milli: number) => Math.round(milli / 1000);

interface Row {
  id: string; created: string; updated: string; advertiser_id: string; day: string; kind: string; cls: string | null;
  campaign_id: string | null; lineitem_id: string | null; banner_id: string | null; publisher_id: string | null;
  channel: string | null; website: string | null; host: string | null; url: string | null; referer: string | null;
  product_id: string | null; order_id: string | null; value: number | null; impressions: number; clicks: number;
  cost_milli: number; attribution: string | null; click_id: string | null; subid: string | null; client_id: string | null;
  visitor: string | null; ip_hash: string | null; bot: boolean; billable: boolean; source: string; data: Record<string, unknown>;
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
  };
}

interface Rollup {
  advertiser_id: string; hour: string; campaign_id: string; lineitem_id: string; channel: string; banner_id: string;
  publisher_id: string; website: string; impressions: number; clicks: number; pc_conversions: number; pc_value: number;
  pv_conversions: number; pv_value: number; cost_milli: number;
}

/** Adds a stored event to the rollups of its hour (bots count nowhere). */
function roll(rollups: Map<string, Rollup>, row: Row) {
  if (row.bot || !row.campaign_id) return;
  const key = [row.advertiser_id, hourOf(new Date(row.created)), row.campaign_id, row.lineitem_id ?? NIL, row.channel ?? '', row.banner_id ?? NIL, row.publisher_id ?? NIL, row.website ?? ''];
  const id = key.join('|');
  let rollup = rollups.get(id);
  if (!rollup) {
    rollup = {
      advertiser_id: key[0], hour: key[1], campaign_id: key[2], lineitem_id: key[3], channel: key[4], banner_id: key[5], publisher_id: key[6], website: key[7],
      impressions: 0, clicks: 0, pc_conversions: 0, pc_value: 0, pv_conversions: 0, pv_value: 0, cost_milli: 0,
    };
    rollups.set(id, rollup);
  }
  rollup.impressions += row.impressions;
  rollup.clicks += row.clicks;
  rollup.cost_milli += row.cost_milli;
  if (row.kind === 'conversion') {
    if (row.attribution === 'post_view') {
      rollup.pv_conversions += 1;
      rollup.pv_value += row.value ?? 0;
    } else {
      rollup.pc_conversions += 1;
      rollup.pc_value += row.value ?? 0;
    }
  }
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

/** Writes events with everything they change, in one transaction (see the top of this file). */
export async function writeEvents(core: Core, events: TrackedEvent[]): Promise<BatchResult> {
  if (events.length === 0) return { stored: 0, duplicates: 0, paused: [] };
  const rows = events.map(toRow);
  await ensurePartitions(core, [...new Set(rows.map((row) => row.day))]);
  return core.sequelize.transaction(async (transaction) => {
    // The advertisers first, in one order: batches of several processes on one advertiser take turns and never deadlock.
    const advertisers = [...new Set(rows.map((row) => row.advertiser_id))].sort();
    await core.sequelize.query('SELECT id FROM advertisers WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', {
      bind: [advertisers], type: QueryTypes.SELECT, transaction,
    });
    const inserted = await core.sequelize.query<{ id: string }>(
      `INSERT INTO events (${COLUMN_LIST}) SELECT ${COLUMN_LIST} FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD_TYPE})
       ON CONFLICT DO NOTHING RETURNING id`,
      { bind: [JSON.stringify(rows)], type: QueryTypes.SELECT, transaction },
    );
    const stored = new Set(inserted.map((row) => row.id));
    const kept = rows.filter((row) => stored.has(row.id));
    const result: BatchResult = { stored: kept.length, duplicates: rows.length - kept.length, paused: [] };
    if (kept.length === 0) return result;

    const rollups = new Map<string, Rollup>();
    const visitors = new Map<string, { advertiser_id: string; day: string; campaign_id: string; visitor: string }>();
    const lineitemDays = new Map<string, { advertiser_id: string; lineitem_id: string; day: string; cost_milli: number }>();
    const accessLogs = new Map<string, { host: string; day: string; campaign_id: string | null; count: number }>();
    const campaigns = new Map<string, { id: string; impressions: number; clicks: number; pc: number; pv: number }>();
    for (const row of kept) {
      roll(rollups, row);
      if (row.bot) continue;
      if (row.visitor) {
        const campaign = row.campaign_id ?? NIL;
        visitors.set(`${row.advertiser_id}|${row.day}|${campaign}|${row.visitor}`, { advertiser_id: row.advertiser_id, day: row.day, campaign_id: campaign, visitor: row.visitor });
      }
      if (row.lineitem_id && row.cost_milli > 0) {
        const key = `${row.advertiser_id}|${row.lineitem_id}|${row.day}`;
        const entry = lineitemDays.get(key) ?? { advertiser_id: row.advertiser_id, lineitem_id: row.lineitem_id, day: row.day, cost_milli: 0 };
        entry.cost_milli += row.cost_milli;
        lineitemDays.set(key, entry);
      }
      const host = row.kind === 'delivery' ? null : hostOf(row.referer) ?? row.website;
      if (host) {
        const key = `${host}|${row.day}|${row.campaign_id ?? ''}`;
        const entry = accessLogs.get(key) ?? { host, day: row.day, campaign_id: row.campaign_id, count: 0 };
        entry.count += 1;
        accessLogs.set(key, entry);
      }
      if (row.campaign_id) {
        const entry = campaigns.get(row.campaign_id) ?? { id: row.campaign_id, impressions: 0, clicks: 0, pc: 0, pv: 0 };
        entry.impressions += row.impressions;
        entry.clicks += row.clicks;
        if (row.kind === 'conversion') entry[row.attribution === 'post_view' ? 'pv' : 'pc'] += 1;
        campaigns.set(row.campaign_id, entry);
      }
    }

    // Everything the batch adds up, in one statement (one round trip while the advertisers are locked): a
    // data-modifying CTE per table with rows to write, each from its own JSON array, rows in key order.
    const parts: { sql: (param: string) => string; rows: unknown[] }[] = [];
    if (rollups.size) {
      parts.push({
        rows: sorted(rollups),
        sql: (param) => `INSERT INTO stat_hourly (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website,
           impressions, clicks, pc_conversions, pc_value, pv_conversions, pv_value, cost_milli)
         SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS r(advertiser_id uuid, hour timestamptz, campaign_id uuid, lineitem_id uuid,
           channel text, banner_id uuid, publisher_id uuid, website text, impressions bigint, clicks bigint, pc_conversions bigint,
           pc_value bigint, pv_conversions bigint, pv_value bigint, cost_milli bigint)
         ON CONFLICT (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website) DO UPDATE SET
           impressions = stat_hourly.impressions + EXCLUDED.impressions, clicks = stat_hourly.clicks + EXCLUDED.clicks,
           pc_conversions = stat_hourly.pc_conversions + EXCLUDED.pc_conversions, pc_value = stat_hourly.pc_value + EXCLUDED.pc_value,
           pv_conversions = stat_hourly.pv_conversions + EXCLUDED.pv_conversions, pv_value = stat_hourly.pv_value + EXCLUDED.pv_value,
           cost_milli = stat_hourly.cost_milli + EXCLUDED.cost_milli`,
      });
    }
    if (visitors.size) {
      parts.push({
        rows: sorted(visitors),
        sql: (param) => `INSERT INTO stat_visitors (advertiser_id, day, campaign_id, visitor)
         SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS r(advertiser_id uuid, day date, campaign_id uuid, visitor text) ON CONFLICT DO NOTHING`,
      });
    }
    if (lineitemDays.size) {
      parts.push({
        rows: sorted(lineitemDays),
        sql: (param) => `INSERT INTO stat_lineitem_days (advertiser_id, lineitem_id, day, cost_milli)
         SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS r(advertiser_id uuid, lineitem_id uuid, day date, cost_milli bigint)
         ON CONFLICT (advertiser_id, lineitem_id, day) DO UPDATE SET cost_milli = stat_lineitem_days.cost_milli + EXCLUDED.cost_milli`,
      });
    }
    if (accessLogs.size && core.models.has('accesslog')) {
      parts.push({
        rows: sorted(accessLogs),
        sql: (param) => `INSERT INTO accesslogs (host, day, campaign_id, count)
         SELECT host, day, campaign_id, count FROM jsonb_to_recordset(${param}::jsonb) AS r(host text, day date, campaign_id uuid, count integer)
         ON CONFLICT (host, day, COALESCE(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid))
         DO UPDATE SET count = accesslogs.count + EXCLUDED.count, updated = now()`,
      });
    }
    if (campaigns.size) {
      parts.push({
        rows: sorted(campaigns),
        sql: (param) => `UPDATE campaigns c SET impressions = COALESCE(c.impressions, 0) + r.impressions, clicks = COALESCE(c.clicks, 0) + r.clicks,
           pc_conversions = COALESCE(c.pc_conversions, 0) + r.pc, pv_conversions = COALESCE(c.pv_conversions, 0) + r.pv
         FROM jsonb_to_recordset(${param}::jsonb) AS r(id uuid, impressions integer, clicks integer, pc integer, pv integer) WHERE c.id = r.id`,
      });
    }
    if (parts.length) {
      await core.sequelize.query(
        parts.length === 1 ? parts[0].sql('$1')
          : `WITH ${parts.map((part, i) => `part${i} AS (${part.sql(`$${i + 1}`)} RETURNING 1)`).join(', ')} SELECT 1`,
        { bind: parts.map((part) => JSON.stringify(part.rows)), transaction },
      );
    }
    await bill(core, transaction, kept, result);
    await checkBudgets(core, transaction, [...new Set([...lineitemDays.values()].map((entry) => entry.lineitem_id))], result);
    return result;
  }).then((result) => {
    if (result.paused.length) forgetLineItems(result.paused.map((p) => p.lineitem));
    return result;
  });
}

/**
 * The spend of every campaign and hour the batch cost money in: the ledger's entry of that hour is brought to the
 * hour's cost in whole cents (what the rollups say), as far as a prepaid balance covers it. A balance used up
 * auto-pauses every line item of the advertiser.
 */
async function bill(core: Core, transaction: Transaction, rows: Row[], result: BatchResult) {
  const hours = new Map<string, { advertiser: string; campaign: string; hour: string }>();
  for (const row of rows) {
    if (row.cost_milli <= 0 || !row.campaign_id) continue;
    const hour = hourOf(new Date(row.created));
    hours.set(`${row.advertiser_id}|${row.campaign_id}|${hour}`, { advertiser: row.advertiser_id, campaign: row.campaign_id, hour });
  }
  const exhausted = new Set<string>();
  for (const { advertiser, campaign, hour } of sorted(hours)) {
    // The hour's cost with the campaign's name (the entry's description) in one round trip.
    const [total] = await core.sequelize.query<{ cost: string | null; name: string | null }>(
      `SELECT (SELECT SUM(cost_milli) FROM stat_hourly WHERE advertiser_id = $1 AND hour = $2 AND campaign_id = $3) AS cost,
         (SELECT name FROM campaigns WHERE id = $3) AS name`,
      { bind: [advertiser, hour, campaign], type: QueryTypes.SELECT, transaction },
    );
    const accrued = await accrueSpend(core, transaction, {
      advertiserId: advertiser, campaign, totalCents: cents(Number(total?.cost ?? 0)), idempotencyKey: `spend:${campaign}:${hour}`,
      description: text('finances.ledger.campaign_spend_hour', { campaign: total?.name ?? '', day: { day: hour.slice(0, 10) }, time: hour.slice(11, 16) }),
      reference: `${hour.slice(0, 10)} ${hour.slice(11, 16)}`, at: new Date(Math.min(Date.parse(hour) + 3_599_000, Date.now())),
    });
    if (accrued.billed > 0) {
      await core.sequelize.query(
        `UPDATE campaigns SET cost = COALESCE(cost, 0) + $2, budget_left = CASE WHEN budget IS NULL THEN NULL ELSE GREATEST(budget - COALESCE(cost, 0) - $2, 0) END
         WHERE id = $1`,
        { bind: [campaign, accrued.billed], transaction },
      );
    }
    if (accrued.exhausted) exhausted.add(advertiser);
  }
  for (const advertiser of exhausted) {
    const paused = await core.sequelize.query<{ id: string }>(
      `UPDATE lineitems SET autopaused = true, autopause_reason = 'balance', updated = now()
       WHERE advertiser_id = $1 AND active = true AND autopaused IS NOT TRUE AND archived_at IS NULL RETURNING id`,
      { bind: [advertiser], type: QueryTypes.SELECT, transaction },
    );
    result.paused.push(...paused.map((row) => ({ lineitem: row.id, reason: 'balance' })));
  }
}

/** Line items whose daily budget (today) or total budget is used up are auto-paused. */
async function checkBudgets(core: Core, transaction: Transaction, lineitems: string[], result: BatchResult) {
  if (lineitems.length === 0) return;
  const today = dayOf(new Date());
  const paused = await core.sequelize.query<{ id: string; reason: string }>(
    `WITH spent AS (
       SELECT lineitem_id, SUM(cost_milli) AS total, SUM(cost_milli) FILTER (WHERE day = $2::date) AS today
       FROM stat_lineitem_days WHERE lineitem_id = ANY($1::uuid[]) GROUP BY lineitem_id
     ), over AS (
       SELECT l.id, CASE WHEN l.budget > 0 AND s.total >= l.budget * 1000 THEN 'budget' ELSE 'daily_budget' END AS reason
       FROM lineitems l JOIN spent s ON s.lineitem_id = l.id
       WHERE l.autopaused IS NOT TRUE AND ((l.budget > 0 AND s.total >= l.budget * 1000) OR (l.daily_budget > 0 AND COALESCE(s.today, 0) >= l.daily_budget * 1000))
     )
     UPDATE lineitems l SET autopaused = true, autopause_reason = over.reason, updated = now() FROM over WHERE l.id = over.id RETURNING l.id, over.reason`,
    { bind: [lineitems, today], type: QueryTypes.SELECT, transaction },
  );
  result.paused.push(...paused.map((row) => ({ lineitem: row.id, reason: row.reason })));
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

  constructor(private readonly write: (events: TrackedEvent[]) => Promise<unknown>, private readonly maxBatch = 5000) {}

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
      try {
        await this.write(batch.flatMap((pending) => pending.events));
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
