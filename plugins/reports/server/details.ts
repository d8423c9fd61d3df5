/**
 * The dashboard's detail card of one booking or booking template (SPEC section 2 "Dashboard": active/pending
 * counts, budget, creatives, cost, impressions, clicks, top creatives and websites, budget bar, channel split bar),
 * loaded when the card opens: the figures of the range from the daily rollups with the cents the ledger booked
 * (cents.ts), budget and spend of the bookings (today's: the ledger's).
 */
import { QueryTypes } from 'sequelize';
import { channelByKey } from '@adsuite/config';
import { type Core, NotFound, type Row } from '@adsuite/backend/kit';
import { BOOKED_SUMS, bookedRows, currentCents } from './cents.ts';
import { centsToEuros, cmp, countsOf, isApp, keyOrNull, summed, zero } from './figures.ts';
import { todayUtc, type DayRange } from './input.ts';

/** Top creatives and websites listed. */
export const TOP = 5;

export interface DetailsTarget {
  kind: 'booking' | 'bookingtemplate';
  id: string;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0);

/** The card's figures as the dashboard's rows answer them (figures.ts summed). */
const figures = summed;

export async function dashboardDetails(core: Core, advertiser: Row, target: DetailsTarget, range: DayRange) {
  const advertiserId = String(advertiser.id);
  const table = (name: string) => core.resource(name).table;
  const select = <T extends object>(query: string, bind: unknown[]) => core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });

  let name: string;
  if (target.kind === 'bookingtemplate') {
    const [template] = await select<{ name: string }>(
      `SELECT name FROM ${table('bookingtemplate')} WHERE id = $1 AND advertiser_id = $2 AND archived_at IS NULL`, [target.id, advertiserId]);
    if (!template) throw new NotFound();
    name = template.name;
  }
  const bookings = await select<{ id: string; name: string; status: string | null; campaign_id: string | null; budget: string | null; daily_budget: string | null; creatives: unknown }>(
    `SELECT id, name, status, campaign_id, budget, daily_budget, creatives FROM ${table('booking')}
     WHERE advertiser_id = $1 AND archived_at IS NULL AND ${target.kind === 'booking' ? 'id' : 'bookingtemplate_id'} = $2 ORDER BY name, id`,
    [advertiserId, target.id]);
  if (target.kind === 'booking') {
    if (!bookings.length) throw new NotFound();
    name = bookings[0].name;
  }
  const campaigns = [...new Set(bookings.map((booking) => booking.campaign_id).filter((id): id is string => Boolean(id)))];

  const bind = [advertiserId, campaigns, range.start, range.end];
  const rows = (table: 'stat_daily_creatives' | 'stat_daily_websites', start = '$3::date', end = '$4::date') =>
    bookedRows({ table, advertiser: '$1', campaigns: 'campaign_id = ANY($2::uuid[])', start, end });
  const today = todayUtc();
  await currentCents(core, advertiserId, campaigns, range);
  if (today < range.start || today > range.end) await currentCents(core, advertiserId, campaigns, { start: today, end: today });
  const [creativeRows, websiteRows, lineitems, spend, bookedToday] = await Promise.all([
    select<{ banner_id: string | null; channel: string | null; set: 'banner' | 'channel' | 'total'; impressions: string; clicks: string; pc: string; pv: string; cents: string }>(
      `SELECT banner_id, channel, CASE WHEN GROUPING(banner_id) = 0 THEN 'banner' WHEN GROUPING(channel) = 0 THEN 'channel' ELSE 'total' END AS set, ${BOOKED_SUMS}
       FROM ${rows('stat_daily_creatives')} r GROUP BY GROUPING SETS ((banner_id), (channel), ())`, bind),
    select<{ website: string; impressions: string; clicks: string; pc: string; pv: string; cents: string }>(
      `SELECT website, ${BOOKED_SUMS} FROM ${rows('stat_daily_websites')} r WHERE website <> ''
       GROUP BY website ORDER BY SUM(clicks) DESC, SUM(impressions) DESC, website COLLATE "C" LIMIT ${TOP}`, bind),
    select<{ active: string; total: string }>(
      `SELECT COUNT(*) FILTER (WHERE (COALESCE(active, false) OR COALESCE(autopaused, false)) AND userpaused IS NOT TRUE) AS active, COUNT(*) AS total
       FROM ${table('lineitem')} WHERE campaign_id = ANY($1::uuid[]) AND archived_at IS NULL`, [campaigns]),
    select<{ spent: string | null }>(`SELECT SUM(cost) AS spent FROM ${table('campaign')} WHERE id = ANY($1::uuid[])`, [campaigns]),
    select<{ cents: string | null }>(`SELECT SUM(cents) AS cents FROM ${rows('stat_daily_creatives', '$3::date', '$3::date')} r`, [advertiserId, campaigns, today]),
  ]);

  const bannerIds = creativeRows.filter((row) => row.set === 'banner' && keyOrNull(row.banner_id)).map((row) => row.banner_id!);
  const banners = bannerIds.length ? await select<{ id: string; name: string; width: number | null; height: number | null }>(
    `SELECT id, name, width, height FROM ${table('banner')} WHERE id = ANY($1::uuid[])`, [bannerIds]) : [];
  const bannerOf = new Map(banners.map((banner) => [banner.id, banner]));

  const total = creativeRows.find((row) => row.set === 'total');
  const counts = total ? countsOf(total) : zero();
  const channelRows = creativeRows.filter((row) => row.set === 'channel').map((row) => ({ channel: row.channel || null, counts: countsOf(row) }));
  const statuses: Record<string, number> = {};
  for (const booking of bookings) statuses[booking.status ?? ''] = (statuses[booking.status ?? ''] ?? 0) + 1;

  const budgetCents = bookings.reduce((sum, booking) => sum + Number(booking.budget ?? 0), 0);
  const dailyCents = bookings.reduce((sum, booking) => sum + Number(booking.daily_budget ?? 0), 0);
  const spentCents = Number(spend[0]?.spent ?? 0);
  const todayCents = Number(bookedToday[0]?.cents ?? 0);
  const remainingPercent = budgetCents > 0
    ? Math.max(0, share(budgetCents - spentCents, budgetCents))
    : dailyCents > 0 ? Math.max(0, share(dailyCents - todayCents, dailyCents)) : null;

  return {
    kind: target.kind,
    _id: target.id,
    id: target.id,
    name: name!,
    range: { start: range.start, end: range.end },
    bookings: bookings.length,
    statuses,
    lineitems: { active: Number(lineitems[0]?.active ?? 0), inactive: Number(lineitems[0]?.total ?? 0) - Number(lineitems[0]?.active ?? 0) },
    creatives: bookings.reduce((sum, booking) => sum + (Array.isArray(booking.creatives) ? booking.creatives.length : 0), 0),
    budget: budgetCents > 0 ? centsToEuros(budgetCents) : null,
    dailyBudget: dailyCents > 0 ? centsToEuros(dailyCents) : null,
    spent: centsToEuros(spentCents),
    spentToday: centsToEuros(todayCents),
    remainingPercent,
    ...figures(counts),
    topCreatives: creativeRows
      .filter((row) => row.set === 'banner')
      .map((row) => {
        const banner = keyOrNull(row.banner_id) ? bannerOf.get(row.banner_id!) : undefined;
        const own = countsOf(row);
        return { _id: keyOrNull(row.banner_id), name: banner?.name ?? null, width: banner?.width ?? null, height: banner?.height ?? null, ...figures(own) };
      })
      .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || cmp(a.name, b.name))
      .slice(0, TOP),
    topWebsites: websiteRows.map((row) => ({ location: row.website, ...figures(countsOf(row)), app: isApp(row.website) })),
    channels: channelRows
      .map(({ channel, counts: own }) => ({
        channel, name: channel ? channelByKey[channel]?.name ?? channel : null, color: channel ? channelByKey[channel]?.color ?? null : null, ...figures(own),
        costShare: share(own.cents, counts.cents), clickShare: share(own.clicks, counts.clicks),
      }))
      .sort((a, b) => b.cost - a.cost || b.clicks - a.clicks || cmp(a.channel, b.channel)),
  };
}
