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
 * the hourly rollup holds up to 24 times as many keys, and sharing per day gives the same guarantees. The entries
 * are at most two per campaign and hour, read by the ledger's unique index (advertiser, key) per campaign.
 *
 * A single event's price (a conversion's cost in the conversions list) is that event's own cost_milli in cents:
 * the ledger books hours, not events.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';

/** The daily rollups whose rows carry booked cents, and the columns that order their rows within a cell. */
const ROW_KEYS = {
  stat_daily_creatives: ['lineitem_id', 'banner_id'],
  stat_daily_websites: ['website COLLATE "C"'],
} as const;

export type CentsTable = keyof typeof ROW_KEYS;

export interface CellsQuery {
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
 * SQL selecting `rows` with `cents`: the integer `target` of each group shared over its rows in proportion to
 * `weight` by the largest-remainder method (ties in `order`). A group without weight gets nothing.
 */
function shared(rows: string, columns: string[], target: string, weight: string, group: string[], order: string[]): string {
  const by = `PARTITION BY ${group.join(', ')}`;
  return `SELECT ${columns.map((column) => `s.${column}`).join(', ')},
      (s.base + CASE WHEN row_number() OVER (${by} ORDER BY s.rest DESC, ${order.join(', ')}) <= s.goal - SUM(s.base) OVER (${by}) THEN 1 ELSE 0 END)::bigint AS cents
    FROM (
      SELECT ${columns.map((column) => `r.${column}`).join(', ')},
        CASE WHEN SUM(r.weight) OVER (${by}) > 0 THEN r.target ELSE 0 END AS goal,
        COALESCE(div(r.target::numeric * r.weight, NULLIF(SUM(r.weight) OVER (${by}), 0)), 0) AS base,
        COALESCE(mod(r.target::numeric * r.weight, NULLIF(SUM(r.weight) OVER (${by}), 0)), 0) AS rest
      FROM (SELECT *, ${target} AS target, ${weight} AS weight FROM ${rows}) r
    ) s`;
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
 * A subquery (parenthesized, to alias) of the rows of `table` for the advertiser, campaigns and range, each with
 * `cents`: its share of what the ledger booked (see the top of this file). Conditions that pick rows within a
 * campaign's day (a publisher, websites only) go outside it, so that they never change a row's share.
 */
export function bookedRows(core: Core, query: CellsQuery): string {
  const { table, advertiser, start, end } = query;
  const cell = ['campaign_id', 'day', 'channel', 'publisher_id'];
  const keys = ['advertiser_id', ...(table === 'stat_daily_creatives' ? ['campaign_id', 'day', 'lineitem_id', 'channel', 'banner_id', 'publisher_id'] : ['campaign_id', 'day', 'channel', 'publisher_id', 'website'])];
  const measures = ['impressions', 'clicks', 'pc_conversions', 'pc_value', 'pv_conversions', 'pv_value', 'cost_milli'];
  return `(WITH cells AS (
      SELECT ${[...keys, ...measures].join(', ')} FROM ${table}
      WHERE advertiser_id = ${advertiser} AND ${query.campaigns} AND day >= ${start} AND day <= ${end}
    ), booked AS (
      ${bookedSql(core, advertiser, 'SELECT DISTINCT campaign_id FROM cells', start, end)}
    ), cell_cents AS (
      ${shared(`(SELECT ${cell.map((column) => `p.${column}`).join(', ')}, p.milli, COALESCE(b.cents, 0) AS booked
          FROM (SELECT ${cell.join(', ')}, SUM(cost_milli) AS milli FROM cells GROUP BY ${cell.join(', ')}) p
          LEFT JOIN booked b ON b.campaign_id = p.campaign_id AND b.day = p.day) q`,
        cell, 'booked', 'milli', ['campaign_id', 'day'], ['channel COLLATE "C"', 'publisher_id'])}
    )
    ${shared(`(SELECT c.*, cc.cents AS cell_cents FROM cells c
        JOIN cell_cents cc ON cc.campaign_id = c.campaign_id AND cc.day = c.day AND cc.channel = c.channel AND cc.publisher_id = c.publisher_id) q`,
      [...keys, ...measures], 'cell_cents', 'cost_milli', cell, [...ROW_KEYS[table]])})`;
}

/** The sums a query over bookedRows selects (`cents`: the booked cents; rollups' sums as figures.ts' SUMS). */
export const BOOKED_SUMS = `SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv, SUM(cents) AS cents`;

/**
 * What each of `campaigns` booked per day of the range, on the days its rollup holds cost (the days whose cents
 * bookedRows shares out: the sum over a campaign's rows is the sum of these).
 */
export async function bookedDays(core: Core, advertiser: string, campaigns: string[], start: string, end: string): Promise<{ campaign: string; day: string; cents: number }[]> {
  if (!campaigns.length) return [];
  const rows = await core.sequelize.query<{ campaign_id: string; day: string; cents: string }>(
    `SELECT b.campaign_id, to_char(b.day, 'YYYY-MM-DD') AS day, b.cents
     FROM (${bookedSql(core, '$1', 'SELECT unnest($2::uuid[]) AS campaign_id', '$3::date', '$4::date')}) b
     WHERE EXISTS (SELECT 1 FROM stat_daily_publishers d WHERE d.advertiser_id = $1 AND d.campaign_id = b.campaign_id AND d.day = b.day AND d.cost_milli > 0)`,
    { bind: [advertiser, campaigns, start, end], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ campaign: row.campaign_id, day: row.day, cents: Number(row.cents) }));
}
