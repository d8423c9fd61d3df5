/**
 * The dashboard's analytics (SPEC sections 2 "Dashboard", 5 and 7 "getAnalytics") for the selected advertiser:
 * views, clicks, conversions and CTR per day, and the booking templates, bookings and websites by clicks, over
 * the bookings chosen (by id, or by their template), all bookings when none is chosen; every row and the totals
 * with their invalid events and share. One scan of the rows of
 * the daily rollup `stat_daily_websites` with their booked cents (cents.ts) with GROUPING SETS (per day, per
 * campaign, per website): the cost is what the ledger booked, so a booking's figure is its Instant Report's. With
 * `compare`, the previous period's totals and days too (previous.ts).
 */
import { QueryTypes } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';
import { BOOKED_SUMS, bookedRows, currentCents } from './cents.ts';
import { add, cmp, countsOf, isApp, summed, zero } from './figures.ts';
import type { DayRange } from './input.ts';
import { previousPeriod } from './previous.ts';

/** Websites answered at most (by clicks); `websitesTotal` says how many there were. */
export const MAX_WEBSITES = 1000;

export interface AnalyticsOptions {
  range: DayRange;
  bookings: string[];
  bookingtemplates: string[];
  /** The previous period too (previous.ts). */
  compare?: boolean;
}


const byClicks = <T extends { clicks: number; impressions: number; name?: string | null; location?: string }>(a: T, b: T) =>
  b.clicks - a.clicks || b.impressions - a.impressions || cmp(a.name ?? a.location, b.name ?? b.location);

interface Grouped {
  day: string | null; campaign_id: string | null; website: string | null; set: 'day' | 'campaign' | 'website';
  impressions: string; clicks: string; pc: string; pv: string; cents: string;
}

export async function dashboardAnalytics(core: Core, advertiser: Row, options: AnalyticsOptions) {
  const { range } = options;
  const advertiserId = String(advertiser.id);
  const table = (name: string) => core.resource(name).table;
  const allBookings = await core.sequelize.query<{ id: string; name: string; status: string | null; campaign_id: string | null; bookingtemplate_id: string | null }>(
    `SELECT id, name, status, campaign_id, bookingtemplate_id FROM ${table('booking')} WHERE advertiser_id = $1 AND archived_at IS NULL ORDER BY name, id`,
    { bind: [advertiserId], type: QueryTypes.SELECT },
  );
  const chosen = options.bookings.length > 0 || options.bookingtemplates.length > 0;
  const wantedBookings = new Set(options.bookings);
  const wantedTemplates = new Set(options.bookingtemplates);
  const bookings = chosen
    ? allBookings.filter((booking) => wantedBookings.has(booking.id) || (booking.bookingtemplate_id !== null && wantedTemplates.has(booking.bookingtemplate_id)))
    : allBookings;
  const campaigns = [...new Set(bookings.map((booking) => booking.campaign_id).filter((id): id is string => Boolean(id)))];

  if (!chosen || campaigns.length) await currentCents(core, advertiserId, chosen ? campaigns : null, range);
  const rows = chosen && campaigns.length === 0 ? [] : await core.sequelize.query<Grouped>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, campaign_id, website,
       CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(campaign_id) = 0 THEN 'campaign' ELSE 'website' END AS set, ${BOOKED_SUMS}
     FROM ${bookedRows({ table: 'stat_daily_websites', advertiser: '$1', campaigns: chosen ? 'campaign_id = ANY($4::uuid[])' : 'true', start: '$2::date', end: '$3::date' })} r
     GROUP BY GROUPING SETS ((day), (campaign_id), (website))`,
    { bind: [advertiserId, range.start, range.end, ...(chosen ? [campaigns] : [])], type: QueryTypes.SELECT },
  );

  const days = new Map(rows.filter((row) => row.set === 'day').map((row) => [row.day!, countsOf(row)]));
  const stats = range.days.map((date) => ({ date, ...summed(days.get(date) ?? zero()) }));
  const totals = zero();
  for (const counts of days.values()) add(totals, counts);

  const perCampaign = new Map(rows.filter((row) => row.set === 'campaign').map((row) => [row.campaign_id!, countsOf(row)]));
  const bookingRows = bookings.map((booking) => ({
    _id: booking.id, id: booking.id, name: booking.name, status: booking.status, campaign: booking.campaign_id, bookingtemplate: booking.bookingtemplate_id,
    ...summed(booking.campaign_id ? perCampaign.get(booking.campaign_id) ?? zero() : zero()),
  })).sort(byClicks);

  // Templates: those of the bookings in the selection, and the chosen ones (a chosen template without bookings shows zeros).
  const templateIds = [...new Set([...bookings.map((booking) => booking.bookingtemplate_id).filter((id): id is string => Boolean(id)), ...wantedTemplates])];
  const templates = templateIds.length ? await core.sequelize.query<{ id: string; name: string }>(
    `SELECT id, name FROM ${table('bookingtemplate')} WHERE advertiser_id = $1 AND id = ANY($2::uuid[])`,
    { bind: [advertiserId, templateIds], type: QueryTypes.SELECT },
  ) : [];
  const templateRows = templates.map((template) => {
    const own = bookings.filter((booking) => booking.bookingtemplate_id === template.id);
    const counts = zero();
    for (const campaign of new Set(own.map((booking) => booking.campaign_id))) if (campaign) add(counts, perCampaign.get(campaign) ?? zero());
    return { _id: template.id, id: template.id, name: template.name, bookings: own.length, ...summed(counts) };
  }).sort(byClicks);

  const allWebsites = rows
    .filter((row) => row.set === 'website' && row.website)
    .map((row) => {
      const { conversions, ...rest } = summed(countsOf(row));
      return { location: row.website!, ...rest, conversions, app: isApp(row.website!) };
    })
    .sort(byClicks);

  const [tracked] = await core.sequelize.query<{ any: boolean }>(
    // Every counted event leaves a trace in one of them (onsite events in stat_visitors: they are only recorded with a
    // visitor); the raw events would plan every day partition.
    'SELECT EXISTS (SELECT 1 FROM stat_hourly WHERE advertiser_id = $1) OR EXISTS (SELECT 1 FROM stat_visitors WHERE advertiser_id = $1) AS any',
    { bind: [advertiserId], type: QueryTypes.SELECT },
  );
  return {
    advertiser: advertiserId,
    range: { start: range.start, end: range.end },
    tracking: Boolean(tracked?.any),
    emptySelection: chosen && bookings.length === 0,
    stats,
    totals: summed(totals),
    templates: templateRows,
    bookings: bookingRows,
    websites: allWebsites.slice(0, MAX_WEBSITES),
    websitesTotal: allWebsites.length,
    previous: options.compare
      ? await previousPeriod(core, { advertiser: advertiserId, campaigns: chosen ? campaigns : null, range, table: 'stat_daily_websites' }, summed) : null,
  };
}
