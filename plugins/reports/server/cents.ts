/**
 * The one rule for money in the reports: every cost the dashboard, the Instant Report's tabs, the publisher's view,
 * the statistics downloads and the report mails show is what the advertiser's ledger booked, to the cent.
 *
 * The ledger books a campaign's delivery per UTC hour in whole cents: what an hour was charged is its running
 * entry `spend:<campaign>:<hour>` less its `refund:<campaign>:<hour>` (staff's refunds of charged events), which
 * the tracking pipeline and plugins/finances keep at round(the hour's cost_milli / 1000), less when a prepaid
 * balance did not cover the hour. From those entries:
 *
 *  1. A campaign's cost on a UTC day is what its hours of that day were charged (a shortfall included).
 *  2. The day's cents are shared over the campaign's channel x publisher cells of the day, in proportion to their
 *     cost in thousandths of a cent, by the largest-remainder method: each cell gets the whole cents of its share,
 *     the cents left over go one each to the cells with the largest remainders (ties in key order).
 *  3. Each channel x publisher cell's cents are shared the same way over its rows of the daily rollup read: line
 *     item x creative (`stat_daily_creatives`) or website (`stat_daily_websites`).
 *
 * Every figure shown is a sum of these rows' cents. So a total over a range is the sum of its days' bookings; the
 * parts of every breakdown (channel, date, creative, line item, website, publisher) add up to it exactly; a row,
 * a channel or a day has the same cents in every tab, screen, file and mail, whatever range it is read in (a day's
 * shares depend on that day alone). Both rollups share step 2, so a channel or publisher reads the same whether
 * its figure is summed from creatives or from websites. An hour the prepaid balance covered only in part adds
 * what it booked to its day, and the day's bookings are shared by cost: the shortfall lowers every row of that
 * day in proportion, never one row alone.
 *
 * Why per day and not per hour: the daily rollups (rollups.ts) hold a 90-day campaign in some thousand rows where
 * the hourly rollup holds up to 24 times as many keys, and sharing per day gives the same guarantees.
 *
 * The shares are kept, not computed on every read (window functions over a large campaign's 40,000 website rows
 * took ten times as long as the read, and joining kept cents to the rollup rows three times as long):
 * `stat_booked_creatives` and `stat_booked_websites` are the two daily rollups' rows with their cents, as of the
 * state of each campaign day that `stat_booked_days` keeps. A reader first brings the days of its range up to date
 * (currentCents: one small query over `stat_daily_publishers` when nothing changed), then reads them as it read
 * the rollups (bookedRows). A day is taken again when one of its sums in the rollup changed (the pipeline only
 * adds, and every change of a day's bookings comes with more cost) or when a statement other than the pipeline's
 * changed its hours (the triggers of rollups.ts count up `generation`: a refund, a capture, a fix by hand, the
 * retention). The pipeline's write path is untouched; while traffic comes in, today is taken again, some hundred
 * rows. Taking days holds the advertiser's advisory lock and reads the rollups, the ledger and the state in one
 * statement (one snapshot), so the state kept is the one the rows and shares are of.
 *
 * A single event's price (a conversion's cost in the conversions list) is that event's own cost_milli in cents:
 * the ledger books hours, not events.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { INVALID_PARTS } from './figures.ts';
import { MEASURES } from './rollups.ts';

/**
 * The daily rollups whose rows carry booked cents: their keys, the table of their booked rows, the order of ties
 * (code-unit order, the same in every database).
 */
const TABLES = {
  stat_daily_creatives: {
    keys: ['campaign_id', 'day', 'lineitem_id', 'channel', 'banner_id', 'publisher_id'], booked: 'stat_booked_creatives', order: 'lineitem_id, banner_id',
  },
  stat_daily_websites: { keys: ['campaign_id', 'day', 'channel', 'publisher_id', 'website'], booked: 'stat_booked_websites', order: 'website COLLATE "C"' },
} as const;

export type CentsTable = keyof typeof TABLES;

const TYPES: Record<string, string> = { campaign_id: 'UUID', day: 'DATE', lineitem_id: 'UUID', channel: 'TEXT', banner_id: 'UUID', publisher_id: 'UUID', website: 'TEXT' };

/** Advisory lock class of taking an advertiser's days (rollups.ts takes 4242002). */
const LOCK = 4242003;

/** The tables of the booked rows and their state (see the top of this file); made before the server answers. */
export async function prepareCents(core: Core): Promise<void> {
  for (const { keys, booked } of Object.values(TABLES)) {
    await core.sequelize.query(`CREATE TABLE IF NOT EXISTS ${booked} (
      advertiser_id UUID NOT NULL, ${keys.map((key) => `${key} ${TYPES[key]} NOT NULL`).join(', ')},
      ${MEASURES.map((measure) => `${measure} BIGINT NOT NULL`).join(', ')}, cents BIGINT NOT NULL,
      PRIMARY KEY (advertiser_id, ${keys.join(', ')}))`);
  }
  // generation: counted up by the triggers of stat_hourly (rollups.ts); computed_*: the state the rows are of.
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS stat_booked_days (
    advertiser_id UUID NOT NULL, campaign_id UUID NOT NULL, day DATE NOT NULL, generation BIGINT NOT NULL DEFAULT 0,
    computed_generation BIGINT, computed_sums TEXT, PRIMARY KEY (advertiser_id, campaign_id, day))`);
}

/**
 * SQL of the cents each campaign booked per UTC day of the range (`campaign_id`, `day`, `cents`): its hours'
 * `spend:<campaign>:<hour>` entries less their `refund:<campaign>:<hour>` entries, each read by the ledger's unique
 * index on (advertiser, key) for each campaign of `campaigns` (SQL selecting `campaign_id`).
 */
export function bookedSql(core: Core, advertiser: string, campaigns: string, start: string, end: string): string {
  const entries = (type: 'spend' | 'refund') => `SELECT t.idempotency_key, t.amount FROM ${core.resource('transaction').table} t
      WHERE t.advertiser_id = ${advertiser} AND t.type = '${type}'
        AND lower(t.idempotency_key) >= '${type}:' || k.campaign_id || ':' || to_char(${start}, 'YYYY-MM-DD')
        AND lower(t.idempotency_key) < '${type}:' || k.campaign_id || ':' || to_char(${end} + 1, 'YYYY-MM-DD')`;
  // A spend entry's amount is negative, an event refund's positive: what the hour was charged is minus their sum.
  return `SELECT k.campaign_id, left(split_part(t.idempotency_key, ':', 3), 10)::date AS day, -SUM(t.amount)::bigint AS cents
    FROM (${campaigns}) k CROSS JOIN LATERAL (${entries('spend')} UNION ALL ${entries('refund')}) t
    GROUP BY 1, 2`;
}

/**
 * SQL of the rows of `table` that `where` picks (whole campaign days) with their `cents`, computed in one pass of
 * window functions, no join back: each row carries its day's and its cell's cost; the cell's share of the day is
 * the same on each of its rows (dense_rank numbers the cells by remainder, the first row of each cell counts its
 * whole cents once); then the row's share of its cell.
 */
function sharesSql(core: Core, table: CentsTable, advertiser: string, where: string, campaigns: string, start: string, end: string): string {
  const { keys, order } = TABLES[table];
  const columns = [...keys, ...MEASURES].join(', ');
  const day = 'PARTITION BY campaign_id, day';
  const cell = 'PARTITION BY campaign_id, day, channel, publisher_id';
  const share = (target: string, weight: string, whole: string) =>
    [`COALESCE(div(${target}::numeric * ${weight}, NULLIF(${whole}, 0)), 0)`, `COALESCE(mod(${target}::numeric * ${weight}, NULLIF(${whole}, 0)), 0)`];
  const [cellBase, cellRest] = share('goal', 'cell_milli', 'day_milli');
  const [rowBase, rowRest] = share('cell_cents', 'cost_milli', 'cell_milli');
  return `SELECT ${columns},
      (row_base + CASE WHEN row_number() OVER (${cell} ORDER BY row_rest DESC, ${order}) <= cell_cents - SUM(row_base) OVER (${cell}) THEN 1 ELSE 0 END)::bigint AS cents
    FROM (
      SELECT ${columns}, cell_cents, ${rowBase} AS row_base, ${rowRest} AS row_rest
      FROM (
        SELECT ${columns}, cell_milli,
          cell_base + CASE WHEN dense_rank() OVER (${day} ORDER BY cell_rest DESC, channel COLLATE "C", publisher_id)
            <= goal - SUM(cell_base) FILTER (WHERE first) OVER (${day}) THEN 1 ELSE 0 END AS cell_cents
        FROM (
          SELECT ${columns}, cell_milli, first, goal, ${cellBase} AS cell_base, ${cellRest} AS cell_rest
          FROM (
            SELECT r.*, CASE WHEN r.day_milli > 0 THEN COALESCE(b.cents, 0) ELSE 0 END AS goal
            FROM (
              SELECT ${columns}, SUM(cost_milli) OVER (${day}) AS day_milli, SUM(cost_milli) OVER (${cell}) AS cell_milli,
                row_number() OVER (${cell} ORDER BY ${order}) = 1 AS first
              FROM ${table} WHERE advertiser_id = ${advertiser} AND ${where}
            ) r
            LEFT JOIN (${bookedSql(core, advertiser, campaigns, start, end)}) b
              ON b.campaign_id = r.campaign_id AND b.day = r.day
          ) g
        ) c
      ) d
    ) e`;
}

/** A campaign day's sums in the rollup, as one text: what its booked rows are of (with its generation). */
const SUMS_OF_DAY = `concat_ws(',', COUNT(*), ${MEASURES.map((measure) => `SUM(${measure})`).join(', ')})`;

/**
 * The campaign days of the range whose booked rows are not of their current state: a sum of the day in the rollup
 * or its generation changed since they were taken (SQL selecting `campaign_id`, `day`, `sums`, `generation`; $1 the
 * advertiser, $2 the campaigns or null for all, $3 and $4 the range). `stat_daily_publishers` has the fewest rows
 * per day and the same sums as the other daily rollups.
 */
const STALE = `SELECT s.campaign_id, s.day, s.sums, COALESCE(g.generation, 0) AS generation
  FROM (SELECT campaign_id, day, ${SUMS_OF_DAY} AS sums FROM stat_daily_publishers
        WHERE advertiser_id = $1 AND ($2::uuid[] IS NULL OR campaign_id = ANY($2::uuid[])) AND day >= $3::date AND day <= $4::date
        GROUP BY campaign_id, day) s
  LEFT JOIN stat_booked_days g ON g.advertiser_id = $1 AND g.campaign_id = s.campaign_id AND g.day = s.day
  WHERE g.computed_sums IS DISTINCT FROM s.sums OR g.computed_generation IS DISTINCT FROM g.generation`;

/** Takes the stale days' rows with their shares and keeps the state they are of, in one statement (see STALE). */
function computeSql(core: Core): string {
  // The stale days' span bounds the index scans (usually today alone of a 90-day range).
  const first = '(SELECT first FROM span)';
  const last = '(SELECT last FROM span)';
  const where = `($2::uuid[] IS NULL OR campaign_id = ANY($2::uuid[])) AND day >= ${first} AND day <= ${last} AND (campaign_id, day) IN (SELECT campaign_id, day FROM stale)`;
  const kept = (table: CentsTable) => {
    const { keys, booked } = TABLES[table];
    const columns = [...keys, ...MEASURES, 'cents'];
    const same = ['advertiser_id', ...keys].map((key) => `r.${key} = c.${key}`).join(' AND ');
    return ` ${booked} AS (
      INSERT INTO ${booked} (advertiser_id, ${columns.join(', ')})
      SELECT $1, ${columns.join(', ')} FROM (${sharesSql(core, table, '$1', where, 'SELECT DISTINCT campaign_id FROM stale', first, last)}) x ORDER BY ${keys.join(', ')}
      ON CONFLICT (advertiser_id, ${keys.join(', ')}) DO UPDATE SET ${[...MEASURES, 'cents'].map((column) => `${column} = EXCLUDED.${column}`).join(', ')}
      RETURNING 1
    ), ${booked}_gone AS (
      DELETE FROM ${booked} c USING stale s WHERE c.advertiser_id = $1 AND c.day >= ${first} AND c.day <= ${last} AND c.campaign_id = s.campaign_id AND c.day = s.day
        AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE ${same})
      RETURNING 1
    ),`;
  };
  return `WITH stale AS (${STALE}), span AS (SELECT MIN(day) AS first, MAX(day) AS last FROM stale),${kept('stat_daily_creatives')}${kept('stat_daily_websites')} state AS (
      INSERT INTO stat_booked_days (advertiser_id, campaign_id, day, computed_sums, computed_generation)
      SELECT $1, campaign_id, day, sums, generation FROM stale ORDER BY campaign_id, day
      ON CONFLICT (advertiser_id, campaign_id, day) DO UPDATE SET computed_sums = EXCLUDED.computed_sums, computed_generation = EXCLUDED.computed_generation
      RETURNING 1
    )
    SELECT (SELECT COUNT(*) FROM state) AS days`;
}

/**
 * Brings the booked rows of the advertiser's campaigns (null: all of them) over the range up to date: one small
 * query when nothing changed, else the stale days taken under the advertiser's advisory lock (a second reader
 * waits, then finds them current).
 */
export async function currentCents(core: Core, advertiser: string, campaigns: string[] | null, range: { start: string; end: string }): Promise<void> {
  if (campaigns && !campaigns.length) return;
  const bind = [advertiser, campaigns, range.start, range.end];
  const [stale] = await core.sequelize.query(`${STALE} LIMIT 1`, { bind, type: QueryTypes.SELECT });
  if (!stale) return;
  await core.sequelize.transaction(async (transaction) => {
    await core.sequelize.query(`SELECT pg_advisory_xact_lock(${LOCK}, hashtext($1::text))`, { bind: [advertiser], transaction });
    await core.sequelize.query(computeSql(core), { bind, transaction });
  });
}

export interface RowsQuery {
  /** The daily rollup read. */
  table: CentsTable;
  /** SQL of the advertiser's id (a bind parameter). */
  advertiser: string;
  /** SQL condition on `campaign_id` ('true': every campaign of the advertiser). */
  campaigns: string;
  /** SQL of the range's first and last day (dates). */
  start: string;
  end: string;
}

/**
 * A subquery (parenthesized, to alias) of the rows of `table` for the advertiser, campaigns and range with their
 * keys, measures (as the rollup's) and `cents`, their share of what the ledger booked, as currentCents took them:
 * call it for the same advertiser, campaigns and range first.
 */
export function bookedRows(query: RowsQuery): string {
  const { table, advertiser, start, end } = query;
  return `(SELECT * FROM ${TABLES[table].booked} WHERE advertiser_id = ${advertiser} AND ${query.campaigns} AND day >= ${start} AND day <= ${end})`;
}

/** The sums a query over bookedRows selects (`cents`: the booked cents; rollups' sums as figures.ts' SUMS). */
export const BOOKED_SUMS = `SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv, SUM(cents) AS cents,
  SUM(invalid_impressions + invalid_clicks + invalid_conversions) AS invalid, ${INVALID_PARTS}`;
