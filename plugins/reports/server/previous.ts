/**
 * The previous period of a comparison (`compare=previous`: the Instant Report and the dashboard): the same number of
 * days just before the chosen range (input.ts previousRange), its totals and its figures per day, read the way a
 * report of that range reads them (the booked rows of the same daily rollup, cents.ts), so its totals are that
 * report's to the cent. The screens align its days with the range's by their offset from the start.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { BOOKED_SUMS, bookedRows, type CentsTable, currentCents } from './cents.ts';
import { add, type Counts, countsOf, zero } from './figures.ts';
import { previousRange, type DayRange } from './input.ts';

export interface PeriodQuery {
  advertiser: string;
  /** The campaigns summed; null: every campaign of the advertiser. */
  campaigns: string[] | null;
  /** The chosen range (the previous period is the one before it). */
  range: DayRange;
  /** The daily rollup the report of the range reads. */
  table: CentsTable;
  /** One publisher's rows only (the Instant Report's publisher=). */
  publisher?: string | null;
}

/** The previous period's range, totals and every day's figures (`shape`: the figures as the report answers them). */
export async function previousPeriod<T extends object>(core: Core, query: PeriodQuery, shape: (counts: Counts) => T) {
  const range = previousRange(query.range);
  const { advertiser, campaigns, table, publisher } = query;
  const byDay = new Map<string, Counts>();
  if (!campaigns || campaigns.length) {
    await currentCents(core, advertiser, campaigns, range);
    const bind: unknown[] = [advertiser, range.start, range.end];
    const campaignSql = campaigns ? `campaign_id = ANY($${bind.push(campaigns)}::uuid[])` : 'true';
    const publisherSql = publisher ? `WHERE publisher_id = $${bind.push(publisher)}` : '';
    const rows = await core.sequelize.query<{ day: string; impressions: string; clicks: string; pc: string; pv: string; cents: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${BOOKED_SUMS}
       FROM ${bookedRows({ table, advertiser: '$1', campaigns: campaignSql, start: '$2::date', end: '$3::date' })} r ${publisherSql} GROUP BY day`,
      { bind, type: QueryTypes.SELECT },
    );
    for (const row of rows) byDay.set(row.day, countsOf(row));
  }
  const totals = zero();
  for (const counts of byDay.values()) add(totals, counts);
  return {
    range: { start: range.start, end: range.end },
    totals: shape(totals),
    stats: range.days.map((date) => ({ date, ...shape(byDay.get(date) ?? zero()) })),
  };
}
