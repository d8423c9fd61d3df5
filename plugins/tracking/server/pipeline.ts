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
 * So rollups always equal the raw data (a GROUP BY over the raw events gives the same numbers) and the balance
 * always equals the ledger. An invalid event (`invalid`, its reason: a bot's, a click without a view, ...;
 * config/invalidTraffic.ts) costs nothing and counts in the rollups' invalid measures alone, nowhere else.
 *
 * `GroupCommit` (groupCommit.ts) batches the events of concurrent requests: while one batch commits, the next collects, and each
 * request is answered when its batch committed (or refused with 503 when the database refused it), so an
 * answered event survives a crash of the server.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { v7 } from 'uuid';
import { type Core, inWords, text } from '@adsuite/backend/kit';
import type { InvalidReason } from '@adsuite/config/invalidTraffic';
import { ACCRUAL_ANSWER_SQL, ACCRUAL_SQL, type AccrualAnswer, levelsChanged, noteBalanceLevels } from '../../finances/server/kit.ts';
import { ensurePartitions } from './partitions.ts';
import { forgetLineItems } from './delivery.ts';
import { runPrepared } from './prepared.ts';
import { screeningOf } from './invalidTraffic.ts';
import { viewsElsewhere } from './viewsElsewhere.ts';
import { addedUp, DAILY_BY_WRITER, dailyRollupsSql, MEASURES, type Measure } from '../../reports/server/kit.ts';

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
  /**
   * The visitor's id was made for this event (the ad server's cookie was just set): no earlier event has it, so its
   * unique visitor row is added without looking for one first.
   */
  newVisitor?: boolean;
  ipHash?: string | null;
  bot?: boolean;
  billable?: boolean;
  /**
   * Why the event is not billed (config/invalidTraffic.ts); none: it is valid. A bot's event is `bot` whatever this
   * says; an invalid event costs nothing, whatever `costMilli` says.
   */
  invalid?: InvalidReason | null;
  /**
   * A view or click a visitor's request made (the ad server's, not a report or the demo history): its batch's writer
   * notes the view, or judges the click by what the visitor did before (invalidTraffic.ts).
   */
  live?: boolean;
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
  ['visitor', 'text'], ['ip_hash', 'text'], ['bot', 'boolean'], ['billable', 'boolean'], ['invalid', 'text'], ['source', 'text'], ['data', 'jsonb'],
];
const COLUMN_LIST = COLUMNS.map(([name]) => name).join(', ');
/**
 * What the JSON of a batch holds per row: the columns but `updated` (the same as `created`), the host its access log
 * counts and whether its visitor is new.
 */
const RECORD_TYPE = [...COLUMNS.filter(([name]) => name !== 'updated'), ['access_host', 'text'], ['new_visitor', 'boolean'], ['reserve_milli', 'bigint']].map(([name, type]) => `${name} ${type}`).join(', ');
/** The stored columns, from such a row. */
const INSERTED = COLUMNS.map(([name]) => (name === 'updated' ? 'created' : name)).join(', ');
/**
 * The columns whose usual value a row of the batch's JSON leaves out (toRow), with that value: a click names 16 keys
 * instead of 23, and decoding the JSON was a fifth of a large batch's time in the database (per object, a hash
 * table of its keys and each value's input function).
 */
const USUAL: Record<string, string> = { impressions: '0', clicks: '0', cost_milli: '0', bot: 'false', billable: 'true', source: "'house'", data: "'{}'" };
/**
 * The rows of a batch's JSON, with every column (the usual value where a row left it out). Read as `json`, not
 * `jsonb`: jsonb would first build and sort every row's object, then look each column up in it; json_to_recordset
 * reads the text once (a third less of the batch's decoding).
 */
const ROWS_OF = (json: string) => `SELECT ${[...COLUMNS.filter(([name]) => name !== 'updated').map(([name]) => (USUAL[name] ? `COALESCE(r.${name}, ${USUAL[name]}) AS ${name}` : `r.${name}`)),
  'r.access_host', 'r.new_visitor', 'r.reserve_milli'].join(', ')} FROM json_to_recordset(${json}) AS r(${RECORD_TYPE})`;
/** The hour (UTC) of an event's `created`: the key of its hourly rollup and its spend entry. */
const HOUR_OF_CREATED = "date_trunc('hour', created, 'UTC')";

/** Random bytes for eventId, drawn 4 KB at a time (as node's randomUUID buffers its entropy). */
const entropy = Buffer.alloc(4096);
let entropyAt = entropy.length;

/**
 * A new event's id: a UUID of version 7 (RFC 9562, the `uuid` package), whose first 48 bits are the event's time in
 * milliseconds, so that a day's events get their ids in about the order they are written. Each index holding the
 * id (the primary key (advertiser_id, day, id), the list's (kind, id)) then adds a new event at the end of its
 * advertiser's day or its kind, on a page just written, instead of on a random leaf of an index that grows all day
 * (random version 4 ids cost a billed batch of 22 clicks 0.1-0.4 ms more of its 2.3-2.7 ms in the database once the
 * day's partition holds 0.5-1 million events; docs/performance.md). The 74 random bits come from a
 * 4 KB pool: `v7()` alone asks the system for 16 bytes per id (2.3 us an id against 0.24).
 */
export function eventId(time: number): string {
  if (entropyAt + 16 > entropy.length) {
    randomFillSync(entropy);
    entropyAt = 0;
  }
  const random = entropy.subarray(entropyAt, (entropyAt += 16));
  return v7({ msecs: time, random });
}

/** The hour of an ISO time, as HOUR_OF_CREATED makes it. */
const hourOf = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/**
 * A raw event as the batch's JSON carries it: a field without a value is left out (json_to_recordset reads a missing
 * key as NULL): a click is about 620 characters instead of 860 to write, send and decode. `updated` is `created`. The
 * counts, the flags, the source and the data are left out where they have their usual value (USUAL).
 */
interface Row {
  id: string; created: string; advertiser_id: string; day: string; kind: string; cls?: string;
  campaign_id?: string; lineitem_id?: string; banner_id?: string; publisher_id?: string;
  channel?: string; website?: string; host?: string; url?: string; referer?: string;
  product_id?: string; order_id?: string; value?: number; impressions?: number; clicks?: number;
  cost_milli?: number; attribution?: string; click_id?: string; subid?: string; client_id?: string;
  visitor?: string; ip_hash?: string; bot?: true; billable?: false; invalid?: InvalidReason; source?: string; data?: Record<string, unknown>;
  /** Not stored in `events`: the host its access log counts (none for a bot). */
  access_host?: string;
  /** Not stored in `events`: the visitor is new (TrackedEvent.newVisitor). */
  new_visitor?: true;
  /** Not stored in `events`: the cost a campaign with approval reserves instead of charging it (reservations). */
  reserve_milli?: number;
}

/** The fields of a Row that may be left out, with where a TrackedEvent has them. */
const OPTIONAL: [Exclude<keyof Row, 'access_host' | 'new_visitor' | 'reserve_milli'>, keyof TrackedEvent][] = [
  ['cls', 'cls'], ['campaign_id', 'campaign'], ['lineitem_id', 'lineitem'], ['banner_id', 'banner'], ['publisher_id', 'publisher'],
  ['channel', 'channel'], ['website', 'website'], ['host', 'host'], ['url', 'url'], ['referer', 'referer'], ['product_id', 'productId'],
  ['order_id', 'orderId'], ['value', 'value'], ['attribution', 'attribution'], ['click_id', 'clickId'], ['subid', 'subid'],
  ['client_id', 'clientId'], ['visitor', 'visitor'], ['ip_hash', 'ipHash'],
];

function toRow(event: TrackedEvent): Row {
  const created = event.created ?? new Date();
  const bot = Boolean(event.bot);
  const invalid = bot ? 'bot' : event.invalid ?? null;
  const billable = !invalid && event.billable !== false;
  const row: Row = { id: event.id ?? eventId(created.getTime()), created: created.toISOString(), advertiser_id: event.advertiser, day: dayOf(created), kind: event.kind };
  const impressions = event.impressions ?? (event.kind === 'view' ? 1 : 0);
  const clicks = event.clicks ?? (event.kind === 'click' ? 1 : 0);
  const cost = billable ? Math.max(0, Math.round(event.costMilli ?? 0)) : 0;
  if (impressions) row.impressions = impressions;
  if (clicks) row.clicks = clicks;
  if (cost) row.cost_milli = cost;
  if (bot) row.bot = true;
  if (!billable) row.billable = false;
  if (invalid) row.invalid = invalid;
  if (event.source && event.source !== 'house') row.source = event.source;
  if (event.data && Object.keys(event.data).length) row.data = event.data;
  for (const [column, field] of OPTIONAL) {
    const value = event[field];
    if (value !== null && value !== undefined) (row as unknown as Record<string, unknown>)[column] = value;
  }
  // An onsite event's access is its page's referer alone: the website of the ad it goes back to is the click's.
  const accessHost = bot || event.kind === 'delivery' ? null : hostOf(event.referer ?? null) ?? (event.kind === 'event' ? null : event.website ?? null);
  if (accessHost) row.access_host = accessHost;
  if (event.newVisitor && row.visitor) row.new_visitor = true;
  return row;
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}

/**
 * The tables a batch may add to (a statement names only those, so that nothing runs for the others, their triggers
 * neither), and which of the rollups' measures it may add to. `daily`: the daily rollups of the reports plugin
 * (rollups.ts), added beside the hourly ones. `impressions`, `clicks`, `conversions` (post-click and post-view, with
 * their values) and `spent` (cost): a measure no event of the batch has is left out of the rollups' and counters'
 * sums: a batch of clicks sums two measures instead of seven in each of five rollups (the executor's start of those
 * aggregates was a fifth of a billed batch's fixed cost in the database). `invalid`: the batch holds invalid events
 * of a campaign, counted in the rollups' invalid measures (`invalid_impressions`, `invalid_clicks`,
 * `invalid_conversions`) and nowhere else.
 */
type Part = 'hourly' | 'daily' | 'visitors' | 'new_visitors' | 'lineitem_days' | 'access' | 'counters' | 'spent' | 'reserved' | 'impressions' | 'clicks' | 'conversions'
  | 'invalid' | 'invalid_impressions' | 'invalid_clicks' | 'invalid_conversions';

function partsOf(rows: Row[], accessLogs: boolean, dailyRollups: boolean): Set<Part> {
  const parts = new Set<Part>();
  for (const row of rows) {
    if (row.invalid) {
      if (!countsForCampaign(row)) continue;
      parts.add('hourly').add('invalid');
      if (dailyRollups) parts.add('daily');
      if (row.impressions) parts.add('invalid_impressions');
      if (row.clicks) parts.add('invalid_clicks');
      if (row.kind === 'conversion') parts.add('invalid_conversions');
      continue;
    }
    const counted = countsForCampaign(row);
    if (counted) parts.add('hourly').add('counters');
    if (counted && dailyRollups) parts.add('daily');
    if (counted && row.impressions) parts.add('impressions');
    if (counted && row.clicks) parts.add('clicks');
    if (counted && row.kind === 'conversion') parts.add('conversions');
    if (row.visitor) parts.add(row.new_visitor ? 'new_visitors' : 'visitors');
    if (row.cost_milli && row.lineitem_id) parts.add('lineitem_days');
    if (row.cost_milli && row.campaign_id) parts.add('spent');
    if (row.reserve_milli && row.campaign_id) parts.add('reserved');
    if (row.access_host && accessLogs) parts.add('access');
  }
  return parts;
}

/**
 * A row the campaign's rollups and counters add up: an ad's view, click, delivery or conversion. An onsite event
 * carries the campaign of the ad it goes back to (attribution.ts) and counts in the campaign's unique visitors only;
 * the reports count onsite events from the raw events.
 */
const countsForCampaign = (row: { campaign_id?: string; kind: string }) => Boolean(row.campaign_id) && row.kind !== 'event';
/** The same test in SQL, over a batch's rows. */
const COUNTS_FOR_CAMPAIGN = "campaign_id IS NOT NULL AND kind <> 'event'";

/** A batch that charges or reserves money: it books, and checks budgets and balances. */
const billing = (parts: Set<Part>) => parts.has('spent') || parts.has('reserved');
/** A kept row that costs its line item money, charged or reserved (line item budgets count both). */
const COSTS = '(cost_milli > 0 OR reserve_milli > 0)';

/** The part of each measure of the rollups: the measure is summed when the batch has that part. */
const MEASURE_PART: Record<Measure, Part> = {
  impressions: 'impressions', clicks: 'clicks', pc_conversions: 'conversions', pc_value: 'conversions',
  pv_conversions: 'conversions', pv_value: 'conversions', cost_milli: 'spent',
  invalid_impressions: 'invalid_impressions', invalid_clicks: 'invalid_clicks', invalid_conversions: 'invalid_conversions',
};

/** The measures of the hourly rollup a batch with these parts adds to. */
const measuresOf = (parts: Set<Part>): Measure[] => MEASURES.filter((measure) => parts.has(MEASURE_PART[measure]));

const POST_CLICK = "kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'";
const POST_VIEW = "kind = 'conversion' AND attribution = 'post_view'";
/** Each measure of the hourly rollup: the column it sums (`*`: it counts rows), of which rows, of the valid or the invalid ones. */
const SUMMED: Record<Measure, { of: string; where?: string; invalid?: true }> = {
  impressions: { of: 'impressions' }, clicks: { of: 'clicks' },
  pc_conversions: { of: '*', where: POST_CLICK }, pc_value: { of: 'value', where: POST_CLICK },
  pv_conversions: { of: '*', where: POST_VIEW }, pv_value: { of: 'value', where: POST_VIEW },
  cost_milli: { of: 'cost_milli' },
  invalid_impressions: { of: 'impressions', invalid: true }, invalid_clicks: { of: 'clicks', invalid: true },
  invalid_conversions: { of: '*', where: "kind = 'conversion'", invalid: true },
};

/**
 * A measure of the hourly rollup as hour_rows makes it: over the batch's kept rows (the valid ones), or, `mixed`,
 * over all its stored rows, a valid measure over the valid ones and an invalid measure over the invalid ones.
 */
function hourSum(measure: Measure, mixed = false): string {
  const { of, where, invalid } = SUMMED[measure];
  const conditions = [where, mixed ? (invalid ? 'invalid IS NOT NULL' : 'invalid IS NULL') : null].filter(Boolean);
  const filter = conditions.length ? ` FILTER (WHERE ${conditions.join(' AND ')})` : '';
  return of === '*' ? `COUNT(*)${filter}` : filter ? `COALESCE(SUM(${of})${filter}, 0)` : `SUM(${of})`;
}

/** What the campaigns' counters add of a batch with these parts (k: the batch's sums per campaign). */
const counterSets = (parts: Set<Part>): string[] => [
  ...(parts.has('impressions') ? ['impressions = COALESCE(c.impressions, 0) + k.impressions'] : []),
  ...(parts.has('clicks') ? ['clicks = COALESCE(c.clicks, 0) + k.clicks'] : []),
  ...(parts.has('conversions') ? ['pc_conversions = COALESCE(c.pc_conversions, 0) + k.pc', 'pv_conversions = COALESCE(c.pv_conversions, 0) + k.pv'] : []),
  ...(parts.has('spent') ? ['cost = CASE WHEN k.cents > 0 THEN COALESCE(c.cost, 0) + k.cents ELSE c.cost END',
    'budget_left = CASE WHEN k.cents = 0 THEN c.budget_left WHEN c.budget IS NULL THEN NULL ELSE GREATEST(c.budget - COALESCE(c.cost, 0) - k.cents, 0) END'] : []),
];

/**
 * The raw events of a batch (`source`: their decoded rows), stored as the CTEs `fresh` and `keyed`, each returning
 * the ids it stored:
 * - an event without a client event id (views, clicks, deliveries without one) in a plain INSERT: its id is a fresh
 *   random UUID (the pipeline's, or the click's own for its redirect; writeEvents drops a repeat within a batch), so
 *   no row can be there already. ON CONFLICT DO NOTHING looked up every unique index for every row before inserting
 *   it (a tenth of a billed batch's time in the database);
 * - an event with one (onsite events, orders, network reports) with ON CONFLICT DO NOTHING, so a client sending
 *   again is stored once, in the order of the unique keys, so that batches holding the same client event ids wait
 *   for each other in one order instead of deadlocking.
 */
const storeEvents = (source: string) => `fresh AS (
    INSERT INTO events (${COLUMN_LIST}) SELECT ${INSERTED} FROM ${source} WHERE client_id IS NULL RETURNING id
  ), keyed AS (
    INSERT INTO events (${COLUMN_LIST}) SELECT ${INSERTED} FROM ${source} WHERE client_id IS NOT NULL
    ORDER BY advertiser_id, day, client_id, id ON CONFLICT DO NOTHING RETURNING id
  )`;

/**
 * Everything a batch adds up: the raw events (a repeated id or client event id is skipped), then from the valid
 * events it stored (`kept`): the hourly rollups and, from the same rows, the daily ones (rollups.ts; their triggers
 * stand aside for this writer), unique visitors, line item cost per day, access logs and campaign counters (a
 * data-modifying CTE per table, rows in key order). The invalid events it stored add to the rollups' invalid
 * measures alone (`stored`, the valid and invalid rows, which the rollups then read).
 *
 * A batch with nothing that counts for a campaign (onsite events, with the campaign they go back to or none)
 * is this one statement ($1: the rows), without a lock: it adds to rows no two batches change in different orders.
 * A batch that counts for a campaign is one call of a function (`lockedFunctionSql`): it locks the batch's
 * advertisers (batches of several processes on one advertiser take turns, so they never wait for each other's raw
 * event keys, rollup, counter or ledger rows in different orders), then runs this statement ($1 being the function's
 * p_rows), which sees what every earlier batch left (a statement of a function reads a fresh snapshot), stores the
 * raw events and, when the batch costs money, books in the same transaction: the ledger's accrual of every campaign
 * hour (the periods, ACCRUAL_SQL), the campaigns' cost with their counters, and finds the line items whose prepaid
 * balance, daily budget (today) or total budget is used up, which the function then pauses. One call, one round
 * trip: the lock is held only while the database works, never while a server process's event loop gets round to its
 * next statement.
 */
/**
 * The hourly rollup's rows of a batch (`hour_rows`, summing `measures`), upserted into `stat_hourly` and, with
 * `daily`, added to the daily rollups from the same rows; `mixed`: from the valid and invalid rows (`stored`).
 */
const hourlySql = (measures: Measure[], daily: boolean, mixed: boolean) => ` hour_rows AS (
    SELECT advertiser_id, hour, campaign_id, COALESCE(lineitem_id, '${NIL}') AS lineitem_id, COALESCE(channel, '') AS channel,
      COALESCE(banner_id, '${NIL}') AS banner_id, COALESCE(publisher_id, '${NIL}') AS publisher_id, COALESCE(website, '') AS website${
      measures.map((measure) => `, ${hourSum(measure, mixed)} AS ${measure}`).join('')}
    FROM ${mixed ? 'stored' : 'kept'} WHERE ${COUNTS_FOR_CAMPAIGN} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ),${daily ? dailyRollupsSql('hour_rows', measures) : ''} hourly AS (
    INSERT INTO stat_hourly (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website${measures.map((measure) => `, ${measure}`).join('')})
    SELECT * FROM hour_rows ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website) ${addedUp('stat_hourly', measures)}
    RETURNING 1
  ),`;

const batchSql = (parts: Set<Part>, locked: boolean) => `WITH r AS (
    SELECT r.*, ${HOUR_OF_CREATED} AS hour FROM (${ROWS_OF(locked ? 'p_rows' : '$1::json')}) r
  ), ${storeEvents('r')}, ins AS (
    SELECT id FROM fresh UNION ALL SELECT id FROM keyed
  ),${parts.has('invalid') ? ` stored AS (
    SELECT r.* FROM r JOIN ins USING (id)
  ),` : ''} kept AS (
    SELECT r.* FROM r JOIN ins USING (id) WHERE r.invalid IS NULL
  ),${parts.has('hourly') ? hourlySql(measuresOf(parts), parts.has('daily'), parts.has('invalid')) : ''}${parts.has('visitors') ? ` visitors AS (
    INSERT INTO stat_visitors (advertiser_id, day, campaign_id, visitor)
    SELECT DISTINCT advertiser_id, day, COALESCE(campaign_id, '${NIL}'), visitor FROM kept WHERE visitor IS NOT NULL AND new_visitor IS NOT TRUE ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING RETURNING 1
  ),` : ''}${parts.has('new_visitors') ? ` new_visitors AS (
    INSERT INTO stat_visitors (advertiser_id, day, campaign_id, visitor)
    SELECT DISTINCT advertiser_id, day, COALESCE(campaign_id, '${NIL}'), visitor FROM kept WHERE new_visitor ORDER BY 1, 2, 3, 4
    RETURNING 1
  ),` : ''}${parts.has('lineitem_days') ? ` lineitem_days AS (
    INSERT INTO stat_lineitem_days (advertiser_id, lineitem_id, day, cost_milli)
    SELECT advertiser_id, lineitem_id, day, SUM(cost_milli) FROM kept WHERE lineitem_id IS NOT NULL AND cost_milli > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (advertiser_id, lineitem_id, day) DO UPDATE SET cost_milli = stat_lineitem_days.cost_milli + EXCLUDED.cost_milli
    RETURNING lineitem_id
  ),` : ''}${parts.has('access') ? ` access AS (
    INSERT INTO accesslogs (host, day, campaign_id, count)
    SELECT access_host, day, CASE WHEN kind = 'event' THEN NULL ELSE campaign_id END, COUNT(*) FROM kept WHERE access_host IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (host, day, COALESCE(campaign_id, '${NIL}'::uuid)) DO UPDATE SET count = accesslogs.count + EXCLUDED.count, updated = now()
    RETURNING 1
  ),` : ''}${parts.has('reserved') ? ` reserved AS (
    INSERT INTO reservations (advertiser_id, event_id, day, campaign_id, lineitem_id, kind, amount_milli, created)
    SELECT advertiser_id, id, day, campaign_id, lineitem_id, kind, reserve_milli, created FROM kept WHERE reserve_milli > 0 ORDER BY 1, 2
    RETURNING 1
  ),` : ''}${billing(parts) ? ` spent AS (
    SELECT advertiser_id, campaign_id, hour, SUM(cost_milli) AS cost_milli FROM kept WHERE campaign_id IS NOT NULL AND cost_milli > 0 GROUP BY 1, 2, 3
  ), wanted AS (
    SELECT w.n, w.advertiser_id, w.campaign_id, w.hour, w.key, w.description_text, w.reference, w.created,
      -- The entry's name in the owner's language (languageOf: English when the stored choice says so, else German).
      CASE WHEN lower(btrim(l.language)) LIKE 'en%' THEN w.description_en ELSE w.description_de END AS description,
      -- What a prepaid balance may still cover: the balance less what reservations hold (authorized, not charged).
      COALESCE(a.balance, 0) - COALESCE((SELECT CEIL(SUM(v.amount_milli) / 1000.0) FROM reservations v WHERE v.advertiser_id = a.id), 0)::bigint AS balance,
      a.billing_type IS DISTINCT FROM 'postpaid' AS prepaid,
      round((s.cost_milli + COALESCE((SELECT SUM(h.cost_milli) FROM stat_hourly h
             WHERE h.advertiser_id = s.advertiser_id AND h.hour = s.hour AND h.campaign_id = s.campaign_id), 0)) / 1000.0)::bigint AS total_cents
    FROM jsonb_to_recordset(p_periods) AS w(n integer, advertiser_id uuid, campaign_id uuid, hour timestamptz, key text,
      description_de text, description_en text, description_text jsonb, reference text, created timestamptz)
    JOIN spent s ON s.advertiser_id = w.advertiser_id AND s.campaign_id = w.campaign_id AND s.hour = w.hour
    JOIN advertisers a ON a.id = w.advertiser_id AND a.archived_at IS NULL LEFT JOIN logins l ON l.id = a.owner_id
  ), ${ACCRUAL_SQL}, exhausted AS (
    SELECT advertiser_id FROM billed WHERE prepaid GROUP BY advertiser_id HAVING MAX(balance) - SUM(billed) <= 0${parts.has('reserved') ? `
    UNION SELECT a.id FROM advertisers a JOIN (SELECT advertiser_id, SUM(reserve_milli) AS milli FROM kept WHERE reserve_milli > 0 GROUP BY 1) k ON k.advertiser_id = a.id
    WHERE a.billing_type IS DISTINCT FROM 'postpaid' AND a.balance * 1000 - k.milli - COALESCE((SELECT SUM(v.amount_milli) FROM reservations v WHERE v.advertiser_id = a.id), 0)
      - COALESCE((SELECT SUM(b.billed) * 1000 FROM billed b WHERE b.advertiser_id = a.id), 0) <= 0` : ''}
  ), balance_paused AS (
    SELECT id, 'balance' AS reason FROM lineitems
    WHERE advertiser_id IN (SELECT advertiser_id FROM exhausted) AND active = true AND autopaused IS NOT TRUE AND archived_at IS NULL
  ), lineitem_spent AS (
    SELECT lineitem_id, SUM(cost_milli) AS total, SUM(cost_milli) FILTER (WHERE day = p_today) AS today FROM (
      SELECT d.lineitem_id, d.day, d.cost_milli FROM stat_lineitem_days d
      WHERE (d.advertiser_id, d.lineitem_id) IN (SELECT advertiser_id, lineitem_id FROM kept WHERE lineitem_id IS NOT NULL AND ${COSTS})${parts.has('reserved') ? `
      UNION ALL SELECT v.lineitem_id, v.day, v.amount_milli FROM reservations v
      WHERE (v.advertiser_id, v.lineitem_id) IN (SELECT advertiser_id, lineitem_id FROM kept WHERE lineitem_id IS NOT NULL AND ${COSTS})` : ''}
      UNION ALL SELECT lineitem_id, day, cost_milli + COALESCE(reserve_milli, 0) FROM kept WHERE lineitem_id IS NOT NULL AND ${COSTS}
    ) d GROUP BY lineitem_id
  ), over AS (
    SELECT l.id, CASE WHEN l.budget > 0 AND s.total >= l.budget * 1000 THEN 'budget' ELSE 'daily_budget' END AS reason
    FROM lineitems l JOIN lineitem_spent s ON s.lineitem_id = l.id
    WHERE l.autopaused IS NOT TRUE AND l.id NOT IN (SELECT id FROM balance_paused)
      AND ((l.budget > 0 AND s.total >= l.budget * 1000) OR (l.daily_budget > 0 AND COALESCE(s.today, 0) >= l.daily_budget * 1000))
  ), to_pause AS (
    SELECT id AS lineitem, reason FROM balance_paused UNION ALL SELECT id, reason FROM over
  ),` : ''}${parts.has('counters') && counterSets(parts).length ? ` counters AS (
    UPDATE campaigns c SET ${counterSets(parts).join(', ')}
    FROM (SELECT campaign_id${parts.has('impressions') ? ', SUM(impressions) AS impressions' : ''}${parts.has('clicks') ? ', SUM(clicks) AS clicks' : ''}${parts.has('conversions')
      ? `, ${hourSum('pc_conversions')} AS pc, ${hourSum('pv_conversions')} AS pv` : ''}${parts.has('spent')
      ? ', COALESCE((SELECT SUM(b.billed) FROM billed b WHERE b.campaign_id = kept.campaign_id), 0) AS cents' : ''}
          FROM kept WHERE ${COUNTS_FOR_CAMPAIGN} GROUP BY campaign_id ORDER BY campaign_id) k
    WHERE c.id = k.campaign_id RETURNING 1
  ),` : ''} done AS (SELECT 1)
  ${!locked ? 'SELECT (SELECT COUNT(*) FROM ins) AS stored' : billing(parts)
    ? `SELECT (SELECT COUNT(*) FROM ins) AS stored, (SELECT json_agg(to_pause ORDER BY lineitem) FROM to_pause) AS paused, ${ACCRUAL_ANSWER_SQL} AS answers,
    (SELECT json_object_agg(advertiser_id, json_build_object('balance', balance, 'prepaid', prepaid)) FROM (SELECT DISTINCT advertiser_id, balance, prepaid FROM wanted) f) AS funds`
    : 'SELECT (SELECT COUNT(*) FROM ins) AS stored, NULL::json AS paused, NULL::json AS answers, NULL::json AS funds'}`;

/**
 * The function a batch that counts for a campaign is written by (see batchSql), its name left as NAME: it locks the
 * batch's advertisers in id order (the order every writer of several takes), then stores, adds up and books in one
 * statement. The advertisers' lock is held from the lock to the commit of the call, inside the database. (Storing
 * the raw events before the lock in a statement of their own, handing its rows to the next statement as an array of
 * `events` rows, would cost a batch of 5 clicks about a third more of the database's CPU, a batch of 25 about a
 * tenth.)
 */
const lockedFunctionSql = (parts: Set<Part>) => `CREATE FUNCTION NAME(p_rows json, p_periods jsonb, p_today date, p_advertisers uuid[])
  RETURNS TABLE (o_stored bigint, o_paused json, o_answers json, o_funds json) LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan${parts.has('daily') ? ` SET ${DAILY_BY_WRITER.name} = '${DAILY_BY_WRITER.value}'` : ''} AS $fn$
BEGIN
  PERFORM 1 FROM advertisers WHERE id = ANY(p_advertisers) AND archived_at IS NULL ORDER BY id FOR UPDATE;
  ${batchSql(parts, true)}
  INTO o_stored, o_paused, o_answers, o_funds;
  -- The line items whose budget or balance is used up, paused in a statement of their own: a batch seldom pauses
  -- one, and an UPDATE in the statement above opened the table and its fifteen indexes in every batch.
  IF o_paused IS NOT NULL THEN
    WITH made AS (
      UPDATE lineitems l SET autopaused = true, autopause_reason = p.reason, updated = now()
      FROM (SELECT * FROM json_to_recordset(o_paused) AS p(lineitem uuid, reason text) ORDER BY lineitem) p
      WHERE l.id = p.lineitem AND l.autopaused IS NOT TRUE RETURNING l.id AS lineitem, p.reason
    ) SELECT json_agg(made ORDER BY lineitem) INTO o_paused FROM made;
  END IF;
  RETURN NEXT;
END
$fn$`;

const batchSqls = new Map<string, string>();
/** The statement of a batch without a lock, made once per combination of parts (its text names its prepared statement). */
function batchSqlOf(parts: Set<Part>): string {
  const key = [...parts].sort().join();
  let sql = batchSqls.get(key);
  if (!sql) batchSqls.set(key, (sql = batchSql(parts, false)));
  return sql;
}

/** The locked batch's function per combination of parts: its name holds a hash of its text, so a changed text is a new function. */
const lockedFunctions = new Map<string, { name: string; create: string }>();
/** The functions made (or found) in each database this process writes to. */
const madeFunctions = new WeakMap<object, Set<string>>();

async function lockedFunctionOf(core: Core, parts: Set<Part>): Promise<string> {
  const key = [...parts].sort().join();
  let fn = lockedFunctions.get(key);
  if (!fn) {
    const text = lockedFunctionSql(parts);
    const name = `adsuite_batch_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    lockedFunctions.set(key, (fn = { name, create: text.replace('NAME', name) }));
  }
  let made = madeFunctions.get(core.sequelize);
  if (!made) madeFunctions.set(core.sequelize, (made = new Set()));
  if (made.has(fn.name)) return fn.name;
  const { name, create } = fn;
  await core.sequelize.transaction(async (transaction) => {
    // Several server processes may want the same function at once: one makes it, the others find it.
    await core.sequelize.query('SELECT pg_advisory_xact_lock(4242007)', { transaction });
    const [found] = await core.sequelize.query<{ name: string | null }>('SELECT to_regprocedure($1) AS name', {
      bind: [`${name}(json,jsonb,date,uuid[])`], type: QueryTypes.SELECT, transaction,
    });
    if (!found?.name) await core.sequelize.query(create, { transaction });
  });
  made.add(name);
  return name;
}

/**
 * Writes events with everything they change, in one transaction (see the top of this file): a batch with nothing
 * that counts for a campaign (onsite events) in one statement, any other in one call of its function, which
 * locks its advertisers and, when it costs money, books the spend, the campaigns' cost and the pauses of used-up
 * budgets and balances.
 */
export async function writeEvents(core: Core, events: TrackedEvent[], lane = 0): Promise<BatchResult> {
  if (events.length === 0) return { stored: 0, duplicates: 0, paused: [] };
  // The visitors' views noted and their clicks judged by what they did before, in this writer's memory (CLICK_SCREENING);
  // a click it saw no view for is looked up in the database, where another server may have written its view.
  if (core.env.clickScreening) await viewsElsewhere(core, screeningOf(core).screen(events));
  const rows = onceEach(events.map(toRow));
  await ensurePartitions(core, [...new Set(rows.map((row) => row.day))]);
  const campaigns = rows.some(costsMoney) ? await campaignsOf(core, rows) : new Map<string, BillingCampaign>();
  reserveWhereApproved(rows, campaigns);
  const parts = partsOf(rows, core.models.has('accesslog'), core.plugins.some((plugin) => plugin.name === 'reports'));
  const locking = [...new Set(rows.filter(locksItsAdvertiser).map((row) => row.advertiser_id))].sort();
  let result: BatchResult;
  if (locking.length === 0) {
    const [batch] = await runPrepared<{ stored: string }>(core, batchSqlOf(parts), [JSON.stringify(rows)], undefined, lane);
    result = { stored: Number(batch.stored), duplicates: events.length - Number(batch.stored), paused: [] };
  } else {
    const name = await lockedFunctionOf(core, parts);
    const periods = parts.has('spent') ? spendPeriods(rows, campaigns) : [];
    const [batch] = await runPrepared<{ o_stored: string; o_paused: BatchResult['paused'] | null; o_answers: AccrualAnswer[] | null; o_funds: Record<string, { balance: number | string; prepaid: boolean }> | null }>(
      core, `SELECT * FROM ${name}($1::json, $2::jsonb, $3::date, $4::uuid[])`,
      [JSON.stringify(rows), JSON.stringify(periods), dayOf(new Date()), locking], undefined, lane,
    );
    const stored = Number(batch.o_stored);
    result = { stored, duplicates: events.length - stored, paused: batch.o_paused ?? [] };
    // An alert level the spend changed is noted after the commit, each advertiser in its own transaction.
    const changed = levelsChanged(batch.o_funds ?? {}, batch.o_answers ?? []);
    if (changed.length) await noteBalanceLevels(core, changed);
  }
  if (result.paused.length) forgetLineItems(result.paused.map((p) => p.lineitem));
  return result;
}

/** The rows with an id seen before in the batch left out (an event that brings its own id, sent twice): each is stored once. */
function onceEach(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/** A row that counts for a campaign (a bot's too, in the invalid measures): its batch locks the advertiser (see batchSql). */
const locksItsAdvertiser = (row: { campaign_id?: string; kind: string; bot?: boolean }) => countsForCampaign(row);

/** Whether a batch of these events locks an advertiser (a server process may hand such to a writer of its own). */
export const locksAdvertiser = (events: TrackedEvent[]): boolean =>
  events.some((event) => locksItsAdvertiser({ campaign_id: event.campaign ?? undefined, kind: event.kind, bot: Boolean(event.bot) }));

/** A row whose event costs money: its batch books the spend. */
const costsMoney = (row: Row) => Boolean(row.cost_milli && row.campaign_id && !row.bot);

/** Campaign names as the spend entries' descriptions use them, read at most once a minute per campaign and process. */
/**
 * How long a process keeps a campaign's name and approval flags: a campaign renamed names the next hour's spend entry
 * the new way, and a changed click or conversion approval reserves (or charges) the next events, within 5 seconds.
 */
const CAMPAIGN_TTL_MS = 5_000;
interface BillingCampaign { name: string; clickApproval: boolean; conversionApproval: boolean }
const campaignCache = new Map<string, { at: number; campaign: BillingCampaign }>();

/** The campaigns a batch pays for, cached so that a billed batch seldom needs a round trip for them. */
async function campaignsOf(core: Core, rows: Row[]): Promise<Map<string, BillingCampaign>> {
  const ids = [...new Set(rows.filter(costsMoney).map((row) => row.campaign_id!))];
  const now = Date.now();
  const missing = ids.filter((id) => !(now - (campaignCache.get(id)?.at ?? -Infinity) < CAMPAIGN_TTL_MS));
  if (missing.length) {
    const found = await core.sequelize.query<{ id: string; name: string; click_approval: boolean | null; conversion_approval: boolean | null }>(
      'SELECT id, name, click_approval, conversion_approval FROM campaigns WHERE id = ANY($1::uuid[])', { bind: [missing], type: QueryTypes.SELECT },
    );
    if (campaignCache.size > 50_000) campaignCache.clear();
    for (const row of found) {
      campaignCache.set(row.id, { at: now, campaign: { name: row.name, clickApproval: row.click_approval === true, conversionApproval: row.conversion_approval === true } });
    }
  }
  return new Map(ids.flatMap((id) => (campaignCache.has(id) ? [[id, campaignCache.get(id)!.campaign] as const] : [])));
}

/**
 * Authorize, then capture (issue 33): the cost of a click of a campaign with click approval, or of a conversion of one
 * with conversion approval, is reserved (`reserve_milli`, a row of `reservations`) instead of charged; the approval
 * decides later whether it is charged (plugins/finances/server/eventMoney.ts).
 */
function reserveWhereApproved(rows: Row[], campaigns: Map<string, BillingCampaign>): void {
  for (const row of rows) {
    if (!costsMoney(row)) continue;
    const campaign = campaigns.get(row.campaign_id!);
    if (!campaign || !((row.kind === 'click' && campaign.clickApproval) || (row.kind === 'conversion' && campaign.conversionApproval))) continue;
    row.reserve_milli = row.cost_milli;
    delete row.cost_milli;
  }
}

/**
 * The ledger's running spend entry of every campaign and hour the batch costs money in (`spend:<campaign>:<hour>`,
 * in key order), for the accrual in the batch's function, which adds what the hour has cost. The entry's name
 * comes in both languages: the function names it in its owner's, read under the advertiser's lock.
 */
function spendPeriods(rows: Row[], campaigns: Map<string, BillingCampaign>) {
  const periods = new Map<string, { advertiser_id: string; campaign_id: string; hour: string; key: string }>();
  for (const row of rows) {
    if (!costsMoney(row)) continue;
    const hour = hourOf(row.created);
    const key = `spend:${row.campaign_id}:${hour}`;
    if (!periods.has(key)) periods.set(key, { advertiser_id: row.advertiser_id, campaign_id: row.campaign_id!, hour, key });
  }
  const ordered = [...periods.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return ordered.map((period, n) => ({
    ...period, n, ...entryName(period.key, campaigns.get(period.campaign_id)?.name ?? '', period.hour),
    reference: `${period.hour.slice(0, 10)} ${period.hour.slice(11, 16)}`,
    created: new Date(Math.min(Date.parse(period.hour) + 3_599_000, Date.now())).toISOString(),
  }));
}

/**
 * A spend entry's name in both languages, made once per campaign hour and name (every billed batch of the hour books
 * into the same entry; formatting it in two languages was about two fifths of writeEvents' own time in a profile).
 */
const entryNames = new Map<string, { description_de: string; description_en: string; description_text: ReturnType<typeof text> }>();
function entryName(key: string, campaign: string, hour: string) {
  const cacheKey = `${key}|${campaign}`;
  let found = entryNames.get(cacheKey);
  if (!found) {
    const description = text('finances.ledger.campaign_spend_hour', { campaign, day: { day: hour.slice(0, 10) }, time: hour.slice(11, 16) });
    found = { description_de: inWords(description, 'de').slice(0, 500), description_en: inWords(description, 'en').slice(0, 500), description_text: description };
    if (entryNames.size >= 10_000) entryNames.clear();
    entryNames.set(cacheKey, found);
  }
  return found;
}

export { GATHER, GroupCommit, type GroupCommitOptions, lockedGroupCommit, PipelineUnavailable } from './groupCommit.ts';
