/**
 * The daily rollups the reports read, kept equal to the hourly rollup `stat_hourly` (which the tracking pipeline
 * writes in the transaction of the raw events) by statement-level triggers on it: every INSERT, UPDATE or DELETE of
 * `stat_hourly` adds its difference to the days it touches, in the same transaction. So a report over 90 days
 * reads some thousand rows instead of one per hour (2,160 times as many keys at most), and what it reads is what
 * the raw events say at every commit: late events (network reports of past hours, the demo history) included.
 *
 *   stat_daily_creatives  day x advertiser x campaign x line item x channel x creative x publisher: the stats rows,
 *                         creative performance and day charts
 *   stat_daily_websites   day x advertiser x campaign x channel x publisher x website: websites, publishers'
 *                         websites and the dashboard (per day, campaign and website)
 *   stat_daily_channels   day x advertiser x campaign x line item x channel x creative: the Instant Report's first
 *                         answer (a tenth of stat_daily_creatives' rows: no publisher)
 *   stat_daily_publishers day x advertiser x campaign x publisher: the Instant Report's publisher totals
 *
 * The tracking pipeline's batch function adds its own difference instead (`dailyRollupsSql`, in the statement that
 * upserts `stat_hourly`, from the same rows): it runs with `adsuite.daily_rollups` set to `writer` (DAILY_BY_WRITER),
 * which the triggers read as "already added". The batch's hourly rows are then aggregated once, in the statement
 * that holds them, instead of again from transition tables (measured: about the same CPU either way); every other
 * statement on `stat_hourly` (the retention's DELETE, a fix by hand) goes through the triggers.
 *
 * Keys start with the advertiser, as every stat_ table's (docs/operations.md "Scale-out"). The pipeline locks a batch's
 * advertisers before it writes, so two transactions never change rows of one advertiser at the same time. The
 * retention's DELETE of old hours subtracts them; rows that fall to nothing are removed.
 *
 * The triggers also mark the campaign days they changed for their booked rows to be taken again (cents.ts).
 *
 * `stat_data_as_of` keeps, per advertiser, when a statement last added to its rollups (the pipeline's batch, a
 * capture or refund through the triggers): every report answers the newest of them as `dataAsOf` (dataAsOf.ts). A
 * row per advertiser, written under the advertiser's lock the batch holds anyway, so batches of different
 * advertisers never wait for one another on it.
 *
 * Made before the server answers (ServerPlugin.prepare): the tables, the trigger functions (replaced on every start,
 * so a changed body takes effect) and the triggers; when the tables are new, they are filled from `stat_hourly`
 * while its writers wait (a lock that lets readers through), so nothing is counted twice or missed.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';

/**
 * The measures of `stat_hourly` and of every daily rollup: the valid events' and, apart, the invalid events' counts
 * (config/invalidTraffic.ts: never billed, counted for the reports' invalid share).
 */
export const MEASURES = [
  'impressions', 'clicks', 'pc_conversions', 'pc_value', 'pv_conversions', 'pv_value', 'cost_milli', 'invalid_impressions', 'invalid_clicks', 'invalid_conversions',
] as const;
export type Measure = (typeof MEASURES)[number];

const TABLES = {
  stat_daily_creatives: ['advertiser_id', 'campaign_id', 'day', 'lineitem_id', 'channel', 'banner_id', 'publisher_id'],
  stat_daily_websites: ['advertiser_id', 'campaign_id', 'day', 'channel', 'publisher_id', 'website'],
  stat_daily_channels: ['advertiser_id', 'campaign_id', 'day', 'lineitem_id', 'channel', 'banner_id'],
  stat_daily_publishers: ['advertiser_id', 'campaign_id', 'day', 'publisher_id'],
} as const;

const TYPES: Record<string, string> = {
  advertiser_id: 'UUID', campaign_id: 'UUID', day: 'DATE', lineitem_id: 'UUID', channel: 'TEXT', banner_id: 'UUID', publisher_id: 'UUID', website: 'TEXT',
};

/** A key column as read from `stat_hourly` rows (the day is the UTC day of the hour). */
const fromHourly = (column: string) => (column === 'day' ? `(hour AT TIME ZONE 'UTC')::date` : column);

function createTable(table: keyof typeof TABLES): string {
  const keys = TABLES[table];
  return `CREATE TABLE IF NOT EXISTS ${table} (
    ${keys.map((key) => `${key} ${TYPES[key]} NOT NULL`).join(', ')},
    ${MEASURES.map((measure) => `${measure} BIGINT NOT NULL DEFAULT 0`).join(', ')},
    PRIMARY KEY (${keys.join(', ')})
  )`;
}

/** The ON CONFLICT action that adds `measures` of the new rows to `table`'s (none: the keys' rows are only made). */
export const addedUp = (table: string, measures: readonly Measure[]) =>
  (measures.length ? `DO UPDATE SET ${measures.map((measure) => `${measure} = ${table}.${measure} + EXCLUDED.${measure}`).join(', ')}` : 'DO NOTHING');

/**
 * Adds the rows of `source` (key columns of stat_hourly and signed measures) to a daily table: `measures`, the ones
 * that may be other than 0 in `source` (the others stay as they are; none: the keys' rows are only made).
 */
function addTo(table: keyof typeof TABLES, source: string, measures: readonly Measure[] = MEASURES): string {
  const keys = TABLES[table];
  const positions = keys.map((_, i) => i + 1).join(', ');
  return `INSERT INTO ${table} (${[...keys, ...measures].join(', ')})
    SELECT ${[...keys.map(fromHourly), ...measures.map((measure) => `SUM(${measure})`)].join(', ')}
    FROM ${source} GROUP BY ${positions} ORDER BY ${positions}
    ON CONFLICT (${keys.join(', ')}) ${addedUp(table, measures)}`;
}

/**
 * The setting under which a writer of `stat_hourly` adds the daily difference itself (a function's `SET` clause):
 * the triggers then add nothing.
 */
export const DAILY_BY_WRITER = { name: 'adsuite.daily_rollups', value: 'writer' } as const;

/**
 * Data-modifying CTEs (`daily_<table> AS (...)`, each followed by a comma) that add `source` to every daily table:
 * `source` names rows with stat_hourly's key columns and measures, the difference a statement makes to
 * `stat_hourly` (the pipeline's hourly rows of a batch); `measures`, those of them that may be other than 0 (a
 * batch of clicks adds clicks and cost: summing the other five in every table was about a tenth of such a batch's
 * fixed cost in the database, mostly in starting the executor's aggregates). The last CTE, `data_as_of`, notes the
 * batch's advertisers in `stat_data_as_of`.
 */
export function dailyRollupsSql(source: string, measures: readonly Measure[] = MEASURES): string {
  return (Object.keys(TABLES) as (keyof typeof TABLES)[]).map((table) => ` ${table.replace('stat_', '')} AS (\n    ${addTo(table, source, measures)}\n    RETURNING 1\n  ),`).join('')
    + ` data_as_of AS (\n    ${committedNow(source)}\n    RETURNING 1\n  ),`;
}

/** The table of when each advertiser's rollups last changed (see the top of this file). */
export const DATA_AS_OF_TABLE = 'stat_data_as_of';

/** Notes the advertisers of `source` (rows with `advertiser_id`) as changed now (the clock, not the transaction's start). */
function committedNow(source: string): string {
  return `INSERT INTO ${DATA_AS_OF_TABLE} (advertiser_id, committed)
    SELECT advertiser_id, clock_timestamp() FROM ${source} GROUP BY advertiser_id ORDER BY advertiser_id
    ON CONFLICT (advertiser_id) DO UPDATE SET committed = GREATEST(${DATA_AS_OF_TABLE}.committed, EXCLUDED.committed)`;
}

/** Removes the rows of the touched days that hold nothing any more (after hours were deleted). */
function dropEmpty(table: keyof typeof TABLES, source: string): string {
  return `DELETE FROM ${table} t USING (SELECT DISTINCT advertiser_id, (hour AT TIME ZONE 'UTC')::date AS day FROM ${source}) d
    WHERE t.advertiser_id = d.advertiser_id AND t.day = d.day AND ${MEASURES.map((measure) => `t.${measure} = 0`).join(' AND ')}`;
}

const KEY_COLUMNS = ['advertiser_id', 'hour', 'campaign_id', 'lineitem_id', 'channel', 'banner_id', 'publisher_id', 'website'];
const signed = (rows: string, sign: '' | '-') => `SELECT ${KEY_COLUMNS.join(', ')}, ${MEASURES.map((measure) => `${sign}${measure} AS ${measure}`).join(', ')} FROM ${rows}`;

/**
 * The trigger functions: the difference a statement made, added to the daily tables. `rows`: the transition table
 * whose emptiness means nothing changed (the pipeline's upsert of stat_hourly fires the INSERT trigger with no new
 * row whenever every hour it adds to existed already). `empty`: when rows of a daily table may have fallen to
 * nothing: always after a DELETE; after an UPDATE only when it took something away from a key of the hourly rollup
 * (a measure went down, or an hour moved to another key): the pipeline's updates only add, and a daily row whose
 * hours all only grew cannot fall to nothing.
 */
const FUNCTIONS: Record<string, { event: 'INSERT' | 'UPDATE' | 'DELETE'; transition: string; delta: string; rows: string; empty: 'never' | 'always' | 'when-something-was-taken' }> = {
  stat_daily_after_insert: { event: 'INSERT', transition: 'REFERENCING NEW TABLE AS new_rows', delta: signed('new_rows', ''), rows: 'new_rows', empty: 'never' },
  stat_daily_after_update: {
    event: 'UPDATE', transition: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows', delta: `${signed('new_rows', '')} UNION ALL ${signed('old_rows', '-')}`,
    rows: 'new_rows', empty: 'when-something-was-taken',
  },
  stat_daily_after_delete: { event: 'DELETE', transition: 'REFERENCING OLD TABLE AS old_rows', delta: signed('old_rows', '-'), rows: 'old_rows', empty: 'always' },
};

/**
 * The booked rows of the campaign days a statement touched are taken again (cents.ts): their generation counts
 * up. The pipeline's statements do not come here; their cost only adds, which the cents' state sees by itself.
 */
const touchedDays = (source: string) => `SELECT DISTINCT advertiser_id, campaign_id, (hour AT TIME ZONE 'UTC')::date AS day FROM ${source}`;
const nextGeneration = (source: string) => `INSERT INTO stat_booked_days (advertiser_id, campaign_id, day)
    ${touchedDays(source)} ORDER BY 1, 2, 3
    ON CONFLICT (advertiser_id, campaign_id, day) DO UPDATE SET generation = stat_booked_days.generation + 1`;
/** The booked rows and their state of the touched days that hold no rows any more (the retention's delete). */
const dropCents = (source: string) => ['stat_booked_creatives', 'stat_booked_websites', 'stat_booked_days'].map((table) =>
  `DELETE FROM ${table} t USING (${touchedDays(source)}) d WHERE t.advertiser_id = d.advertiser_id AND t.campaign_id = d.campaign_id AND t.day = d.day
    AND NOT EXISTS (SELECT 1 FROM stat_daily_publishers p WHERE p.advertiser_id = d.advertiser_id AND p.campaign_id = d.campaign_id AND p.day = d.day);`);

function functionBody({ delta, rows, empty }: (typeof FUNCTIONS)[string]): string {
  const tables = Object.keys(TABLES) as (keyof typeof TABLES)[];
  const adds = tables.map((table) => `${addTo(table, `(${delta}) delta`)};`);
  const drops = tables.map((table) => `${dropEmpty(table, `(${delta}) delta`)};`);
  const dropping = empty === 'never' ? []
    : empty === 'always' ? [...drops, ...dropCents(`(${delta}) delta`)]
    : [`IF EXISTS (SELECT 1 FROM (${delta}) delta GROUP BY ${KEY_COLUMNS.join(', ')} HAVING ${MEASURES.map((measure) => `SUM(${measure}) < 0`).join(' OR ')}) THEN`, ...drops, 'END IF;'];
  const cents = `${nextGeneration(`(${delta}) delta`)};`;
  // What was added or changed is data as of now; the retention's delete of old hours is not.
  const asOf = empty === 'always' ? [] : [`${committedNow(`(${delta}) delta`)};`];
  return `BEGIN\nIF current_setting('${DAILY_BY_WRITER.name}', true) = '${DAILY_BY_WRITER.value}' OR NOT EXISTS (SELECT 1 FROM ${rows}) THEN\n  RETURN NULL;\nEND IF;\n${[...adds, cents, ...asOf, ...dropping].join('\n')}\nRETURN NULL;\nEND;`;
}

/** Tables, functions and triggers (see the top of this file). */
export async function prepareRollups(core: Core): Promise<void> {
  const sequelize = core.sequelize;
  const exists = async (name: string, transaction?: Transaction) => {
    const [row] = await sequelize.query<{ name: string | null }>('SELECT to_regclass($1) AS name', { bind: [name], type: QueryTypes.SELECT, transaction });
    return Boolean(row?.name);
  };
  await sequelize.transaction(async (transaction) => {
    // Several server processes start at once (npm start's workers, the scale-out test): one at a time changes functions and triggers.
    await sequelize.query('SELECT pg_advisory_xact_lock(4242002)', { transaction });
    await sequelize.query(`CREATE TABLE IF NOT EXISTS ${DATA_AS_OF_TABLE} (advertiser_id UUID PRIMARY KEY, committed TIMESTAMPTZ NOT NULL)`, { transaction });
    if (!(await exists('stat_hourly', transaction))) return;
    for (const [name, definition] of Object.entries(FUNCTIONS)) {
      await sequelize.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $body$\n${functionBody(definition)}\n$body$`, { transaction });
    }
    const triggers = await sequelize.query<{ name: string }>(
      `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'stat_hourly'::regclass AND NOT tgisinternal`, { type: QueryTypes.SELECT, transaction });
    let tables = true;
    for (const table of Object.keys(TABLES)) tables &&= await exists(table, transaction);
    const ready = tables && Object.keys(FUNCTIONS).every((name) => triggers.some((trigger) => trigger.name === name));
    if (ready) return;
    // Writers of stat_hourly wait until the daily tables are filled and the triggers are on; readers do not.
    await sequelize.query('LOCK TABLE stat_hourly IN SHARE ROW EXCLUSIVE MODE', { transaction });
    for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
      if (await exists(table, transaction)) await sequelize.query(`DROP TABLE ${table}`, { transaction });
      await sequelize.query(createTable(table), { transaction });
      await sequelize.query(addTo(table, `(${signed('stat_hourly', '')}) delta`), { transaction });
    }
    await sequelize.query('CREATE INDEX IF NOT EXISTS stat_daily_websites_day_idx ON stat_daily_websites (advertiser_id, day)', { transaction });
    for (const [name, { event, transition }] of Object.entries(FUNCTIONS)) {
      await sequelize.query(`DROP TRIGGER IF EXISTS ${name} ON stat_hourly`, { transaction });
      await sequelize.query(`CREATE TRIGGER ${name} AFTER ${event} ON stat_hourly ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`, { transaction });
    }
  });
}
