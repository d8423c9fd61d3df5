/**
 * The Instant Report's first answer (GET /api/campaign/:id/report): what the screen shows before a tab is chosen
 * and what its tabs Channels, Date and Creatives, the chart and the totals read: the stats rows per day x channel x
 * creative (summed over the publishers), the creatives, and the publishers' totals (the Publishers tab's
 * overview). The lists behind the other tabs come with their own requests: the websites (`onlyWebsites`, report.ts),
 * the conversions (`/report/conversions`), a publisher's rows (`publisher=`). `full=true` answers the whole report
 * of SPEC section 3 (report.ts).
 *
 * Why: a large campaign's 90 days are ~4,500 rows per day x channel x creative x publisher, ~40,000 daily website
 * rows to group and 500 conversions from the raw events: 1.4 MB, ~50 ms of queries and ~100 ms over HTTP on a
 * loaded machine, for tabs most visits never open. This answer reads the rows of one daily rollup with their booked
 * cents (cents.ts: ~4,500 rows), the line items and the creatives: ~540 stats rows and ~110 KB.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { BOOKED_SUMS, bookedRows, currentCents } from './cents.ts';
import { cmp, countsOf, ctr, keyOrNull, NIL, spoken } from './figures.ts';
import type { DayRange } from './input.ts';
import { activeChannels, banners, reportHead, type StatsRow } from './report.ts';

type Summed = { impressions: string; clicks: string; pc: string; pv: string; cents: string };

/**
 * The rows per day x channel x creative and the totals per publisher (of one publisher when `publisher` names
 * one) with their booked cents, in one scan of the creatives' booked rows (GROUPING SETS): the rows the booked
 * cents are shared over (cents.ts), so each figure is the full report's and the downloads' to the cent.
 */
async function grouped(core: Core, campaign: ReportCampaign, range: DayRange, publisher: string | null) {
  await currentCents(core, campaign.advertiser, [campaign.id], range);
  const rows = await core.sequelize.query<Summed & { day: string | null; channel: string | null; banner_id: string | null; publisher_id: string | null; name: string | null }>(
    `SELECT g.*, p.name FROM (
       SELECT day::text AS day, channel, banner_id, publisher_id, ${BOOKED_SUMS}
       FROM ${bookedRows({ table: 'stat_daily_creatives', advertiser: '$1', campaigns: 'campaign_id = $2', start: '$3::date', end: '$4::date' })} r
       ${publisher ? 'WHERE publisher_id = $5' : ''}
       GROUP BY GROUPING SETS ((day, channel, banner_id), (publisher_id))
     ) g LEFT JOIN ${core.resource('publisher').table} p ON g.day IS NULL AND p.id = g.publisher_id`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end, ...(publisher ? [publisher] : [])], type: QueryTypes.SELECT },
  );
  return [
    rows.filter((row) => row.day !== null).map((row) => ({ ...row, day: row.day! })),
    rows.filter((row) => row.day === null && row.publisher_id && row.publisher_id !== NIL).map((row) => ({ ...row, publisher_id: row.publisher_id! })),
  ] as const;
}

export async function reportSummary(core: Core, campaign: ReportCampaign, range: DayRange, publisher: string | null = null) {
  // Independent reads at once; the creatives of other campaigns a row names (rare) after.
  const [[statRows, publisherRows], active, campaignBanners] = await Promise.all([
    grouped(core, campaign, range, publisher), activeChannels(core, campaign), banners(core, campaign, []),
  ]);
  const stats: StatsRow[] = statRows
    .map((row) => ({ date: row.day, channel: row.channel || null, banner: keyOrNull(row.banner_id), publisher, ...spoken(countsOf(row)), isActive: active.has(row.channel ?? '') }))
    .sort((a, b) => cmp(a.date, b.date) || cmp(a.channel, b.channel) || cmp(a.banner, b.banner));
  const publishers = publisherRows
    .map((row) => {
      const counts = countsOf(row);
      return { _id: row.publisher_id, id: row.publisher_id, name: row.name, ...spoken(counts), ctr: ctr(counts.clicks, counts.impressions) };
    })
    .sort((a, b) => b.clicks - a.clicks || cmp(a.name, b.name) || cmp(a.id, b.id));
  const known = new Set(campaignBanners.map((banner) => String(banner.id)));
  const others = [...new Set(stats.map((row) => row.banner).filter((id): id is string => Boolean(id) && !known.has(id!)))];
  return {
    ...reportHead(campaign, range),
    stats,
    banners: others.length ? await banners(core, campaign, others) : campaignBanners,
    publishers,
  };
}
