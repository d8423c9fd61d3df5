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
 * loaded machine, for tabs most visits never open. This answer reads the two small daily rollups without the
 * publisher (rollups.ts), the line items and the creatives: ~540 stats rows and ~110 KB.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { cmp, countsOf, ctr, keyOrNull, NIL, spoken, SUMS } from './figures.ts';
import type { DayRange } from './input.ts';
import { activeChannels, banners, reportHead, type StatsRow } from './report.ts';

type Summed = { impressions: string; clicks: string; pc: string; pv: string; cost: string };

/**
 * The rows per day x channel x creative and the totals per publisher: from the daily rollups without the
 * publisher (stat_daily_channels, stat_daily_publishers: ~540 and ~1,200 rows for 90 days of a large campaign, 1 ms
 * each), or of one publisher from stat_daily_creatives.
 */
async function grouped(core: Core, campaign: ReportCampaign, range: DayRange, publisher: string | null) {
  const bind = [campaign.advertiser, campaign.id, range.start, range.end, ...(publisher ? [publisher] : [])];
  const where = `WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date${publisher ? ' AND publisher_id = $5' : ''}`;
  const query = <T extends object>(sql: string) => core.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });
  return Promise.all([
    query<Summed & { day: string; channel: string | null; banner_id: string | null }>(
      `SELECT day::text AS day, channel, banner_id, ${SUMS} FROM ${publisher ? 'stat_daily_creatives' : 'stat_daily_channels'} ${where} GROUP BY day, channel, banner_id`),
    query<Summed & { publisher_id: string; name: string | null }>(
      `SELECT g.*, p.name FROM (SELECT publisher_id, ${SUMS} FROM ${publisher ? 'stat_daily_creatives' : 'stat_daily_publishers'} ${where} AND publisher_id <> '${NIL}'
       GROUP BY publisher_id) g LEFT JOIN ${core.resource('publisher').table} p ON p.id = g.publisher_id`),
  ]);
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
