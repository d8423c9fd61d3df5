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
 * took ten times as long as the read itself): `stat_cents_creatives` and `stat_cents_websites` hold each rollup
 * row's cents, `stat_cents_days` for which state of each campaign day they were computed. A reader first brings
 * the days of its range up to date (currentCents: one small query when nothing changed), then joins the cents to
 * the rollup rows it reads (bookedRows). A day is computed again when its cost in the rollup changed (the
 * pipeline only adds cost, and every change of a day's bookings comes with one) or when a statement other than the
 * pipeline's changed its hours (the triggers of rollups.ts count up `generation`: a refund, a capture, a fix by
 * hand, the retention). The pipeline's write path is untouched; usually only today is computed again, some hundred
 * rows. Computing takes the advertiser's advisory lock, and reads the rollups, the ledger and the state in one
 * statement (one snapshot), so the state kept is the one the shares were computed from.
 *
 * A single event's price (a conversion's cost in the conversions list) is that event's own cost_milli in cents:
 * the ledger books hours, not events.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';

/** The daily rollups whose rows carry booked cents: their keys, the table of their cents, the order of ties. */
const TABLES = {
  stat_daily_creatives: {
    keys: ['campaign_id', 'day', 'lineitem_id', 'channel', 'banner_id', 'publisher_id'], cents: 'stat_cents_creatives', order: 'lineitem_id, banner_id',
  },
  stat_daily_websites: { keys: ['campaign_id', 'day', 'channel', 'publisher_id', 'website'], cents: 'stat_cents_websites', order: 'website' },
} as const;

export type CentsTable = keyof typeof TABLES;

const TYPES: Record<string, string> = { campaign_id: 'UUID', day: 'DATE', lineitem_id: 'UUID', channel: 'TEXT', banner_id: 'UUID', publisher_id: 'UUID', website: 'TEXT' };

/** Advisory lock class of computing an advertiser's shares (rollups.ts takes 4242002). */
const LOCK = 4242003;

/** The tables of the shares and their state (see the top of this file); made before the server answers. */
export async function prepareCents(core: Core): Promise<void> {
  for (const { keys, cents } of Object.values(TABLES)) {
    await core.sequelize.query(`CREATE TABLE IF NOT EXISTS ${cents} (
      advertiser_id UUID NOT NULL, ${keys.map((key) => `${key} ${TYPES[key]} NOT NULL`).join(', ')}, cents BIGINT NOT NULL,
      PRIMARY KEY (advertiser_id, ${keys.join(', ')}))`);
  }
  // generation: counted up by the triggers of stat_hourly (rollups.ts); computed_*: the state the shares are of.
  await core.sequelize.query(`CREATE TABLE IF NOT EXISTS stat_cents_days (
    advertiser_id UUID NOT NULL, campaign_id UUID NOT NULL, day DATE NOT NULL, generation BIGINT NOT NULL DEFAULT 0,
    computed_generation BIGINT, computed_milli NUMERIC, PRIMARY KEY (advertiser_id, campaign_id, day))`);
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
 * SQL of the rows of `table` of the days `days` (SQL selecting `campaign_id`, `day`) with their keys and `cents`,
 * computed: one pass of window functions, no join back. Each row carries its day's and its cell's cost; the cell's
 * share of the day is the same on each of its rows (dense_rank numbers the cells by remainder, the first row of
 * each cell counts its whole cents once); then the row's share of its cell.
 */
function sharesSql(core: Core, table: CentsTable, advertiser: string, days: string, start: string, end: string): string {
  const { keys, order } = TABLES[table];
  const columns = [...keys, 'cost_milli'].join(', ');
  const day = 'PARTITION BY campaign_id, day';
  const cell = 'PARTITION BY campaign_id, day, channel, publisher_id';
  const share = (target: string, weight: string, whole: string) =>
    [`COALESCE(div(${target}::numeric * ${weight}, NULLIF(${whole}, 0)), 0)`, `COALESCE(mod(${target}::numeric * ${weight}, NULLIF(${whole}, 0)), 0)`];
  const [cellBase, cellRest] = share('goal', 'cell_milli', 'day_milli');
  const [rowBase, rowRest] = share('cell_cents', 'cost_milli', 'cell_milli');
  return `SELECT ${keys.join(', ')},
      (row_base + CASE WHEN row_number() OVER (${cell} ORDER BY row_rest DESC, ${order}) <= cell_cents - SUM(row_base) OVER (${cell}) THEN 1 ELSE 0 END)::bigint AS cents
    FROM (
      SELECT ${columns}, cell_cents, ${rowBase} AS row_base, ${rowRest} AS row_rest
      FROM (
        SELECT ${columns}, cell_milli,
          cell_base + CASE WHEN dense_rank() OVER (${day} ORDER BY cell_rest DESC, channel, publisher_id)
            <= goal - SUM(cell_base) FILTER (WHERE first) OVER (${day}) THEN 1 ELSE 0 END AS cell_cents
        FROM (
          SELECT ${columns}, cell_milli, first, goal, ${cellBase} AS cell_base, ${cellRest} AS cell_rest
          FROM (
            SELECT r.*, CASE WHEN r.day_milli > 0 THEN COALESCE(b.cents, 0) ELSE 0 END AS goal
            FROM (
              SELECT ${columns}, SUM(cost_milli) OVER (${day}) AS day_milli, SUM(cost_milli) OVER (${cell}) AS cell_milli,
                row_number() OVER (${cell} ORDER BY ${order}) = 1 AS first
              FROM ${table} WHERE advertiser_id = ${advertiser} AND (campaign_id, day) IN (${days})
            ) r
            LEFT JOIN (${bookedSql(core, advertiser, `SELECT DISTINCT campaign_id FROM (${days}) d`, start, end)}) b
              ON b.campaign_id = r.campaign_id AND b.day = r.day
          ) g
        ) c
      ) d
    ) e`;
}

/**
 * The campaign days of the range whose shares are not of their current state: their cost in the rollup
 * (`milli`) or their generation changed since they were computed (SQL selecting `campaign_id`, `day`, `milli`,
 * `generation`; $1 the advertiser, $2 the campaigns or null for all, $3 and $4 the range).
 */
const STALE = `SELECT s.campaign_id, s.day, s.milli, COALESCE(g.generation, 0) AS generation
  FROM (SELECT campaign_id, day, SUM(cost_milli) AS milli FROM stat_daily_publishers
        WHERE advertiser_id = $1 AND ($2::uuid[] IS NULL OR campaign_id = ANY($2::uuid[])) AND day >= $3::date AND day <= $4::date
        GROUP BY campaign_id, day) s
  LEFT JOIN stat_cents_days g ON g.advertiser_id = $1 AND g.campaign_id = s.campaign_id AND g.day = s.day
  WHERE g.computed_milli IS DISTINCT FROM s.milli OR g.computed_generation IS DISTINCT FROM g.generation`;

/** Computes the shares of the stale days and keeps the state they are of, in one statement (see STALE). */
function computeSql(core: Core): string {
  const days = 'SELECT campaign_id, day FROM stale';
  const kept = (table: CentsTable) => {
    const { keys, cents } = TABLES[table];
    const same = ['advertiser_id', ...keys].map((key) => `r.${key} = c.${key}`).join(' AND ');
    return ` ${cents} AS (
      INSERT INTO ${cents} (advertiser_id, ${keys.join(', ')}, cents)
      SELECT $1, ${keys.join(', ')}, cents FROM (${sharesSql(core, table, '$1', days, '$3::date', '$4::date')}) x ORDER BY ${keys.join(', ')}
      ON CONFLICT (advertiser_id, ${keys.join(', ')}) DO UPDATE SET cents = EXCLUDED.cents
      RETURNING 1
    ), ${cents}_gone AS (
      DELETE FROM ${cents} c USING stale s WHERE c.advertiser_id = $1 AND c.campaign_id = s.campaign_id AND c.day = s.day
        AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE ${same})
      RETURNING 1
    ),`;
  };
  return `WITH stale AS (${STALE}),${kept('stat_daily_creatives')}${kept('stat_daily_websites')} state AS (
      INSERT INTO stat_cents_days (advertiser_id, campaign_id, day, computed_milli, computed_generation)
      SELECT $1, campaign_id, day, milli, generation FROM stale ORDER BY campaign_id, day
      ON CONFLICT (advertiser_id, campaign_id, day) DO UPDATE SET computed_milli = EXCLUDED.computed_milli, computed_generation = EXCLUDED.computed_generation
      RETURNING 1
    )
    SELECT (SELECT COUNT(*) FROM state) AS days`;
}

/**
 * Brings the shares of the advertiser's campaigns (null: all of them) over the range up to date: one small query
 * when nothing changed, else the stale days computed under the advertiser's advisory lock (a second reader waits,
 * then finds them current).
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
 * keys, measures (as the rollup's) and `cents`, their share of what
 * the ledger booked, as currentCents left them: call it for the same advertiser, campaigns and range first.
 */
export function bookedRows(query: RowsQuery): string {
  const { table, advertiser, start, end } = query;
  const { keys, cents } = TABLES[table];
  const same = ['advertiser_id', ...keys].map((key) => `c.${key} = r.${key}`).join(' AND ');
  return `(SELECT ${keys.map((key) => `r.${key}`).join(', ')}, r.impressions, r.clicks, r.pc_conversions, r.pc_value, r.pv_conversions, r.pv_value, r.cost_milli,
      COALESCE(c.cents, 0) AS cents
    FROM (SELECT * FROM ${table} WHERE advertiser_id = ${advertiser} AND ${query.campaigns} AND day >= ${start} AND day <= ${end}) r
    LEFT JOIN ${cents} c ON ${same})`;
}

/** The sums a query over bookedRows selects (`cents`: the booked cents; rollups' sums as figures.ts' SUMS). */
export const BOOKED_SUMS = `SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv, SUM(cents) AS cents`;
