/**
 * The publisher's view of a campaign (/p/campaign/stats/:id, SPEC section 2 "Publisher area"): the campaign's
 * figures where the signed-in publisher's own publishers delivered them, and nothing of any other publisher. Read
 * from the daily rollups (rollups.ts) with the publisher in the condition; the conversions from the raw events
 * through the conversions' partial index, as the Instant Report reads them.
 *
 * The money is the publisher's, never the advertiser's cost: what it earned, the provisions credited for its
 * approved clicks and conversions (`event_approvals`, written with the earning in the publisher's ledger), on the
 * day, channel, creative and website of each event. It answers in the figures' `cost` field, which the screens
 * name Provision/Earnings here, and a conversion's `commission` is its provision (0 until approved).
 *
 * Reachable: a campaign one of the user's publishers is invited to or delivered for; any other id is 404. The
 * publishers are the user's own (narrowed by the Publisher header); staff name one with the Publisher header.
 */
import { QueryTypes } from 'sequelize';
import { mayOpen } from '@adsuite/config';
import { type Core, Forbidden, Invalid, isUuid, NotFound, type RequestContext, text } from '@adsuite/backend/kit';
import { add, centsToEuros, cmp, type Counts, countsOf, ctr, INVALID_SUM, keyOrNull, NIL, spoken, zero, isApp } from './figures.ts';
import type { DayRange } from './input.ts';
import { MAX_CONVERSIONS } from './report.ts';

interface PublisherCampaign {
  id: string;
  name: string;
  advertiser: string;
}

/** The publishers whose rows the request may read (403 for roles the route refuses). */
export function viewingPublishers(ctx: RequestContext): string[] {
  if (!mayOpen('/p/campaign/stats/:id', { role: ctx.role, parent: (ctx.user.parent as string | null) ?? null })) throw new Forbidden();
  if (ctx.staff) {
    if (!ctx.selectedPublisher) throw new Invalid(text('reports.select_publisher'), [{ field: 'Publisher', message: text('reports.select_publisher') }]);
    return [ctx.selectedPublisher];
  }
  return ctx.publisherIds;
}

/** The campaign, when one of `publishers` is invited to it or delivered for it; else 404. */
async function reachableCampaign(core: Core, id: string, publishers: string[]): Promise<PublisherCampaign> {
  const missing = () => new NotFound(text('errors.record_not_found', { what: { de: 'Kampagne', en: 'Campaign' } }));
  if (!isUuid(id) || !publishers.length) throw missing();
  const [row] = await core.sequelize.query<{ id: string; name: string; advertiser_id: string }>(
    `SELECT c.id, c.name, c.advertiser_id FROM ${core.resource('campaign').table} c
     WHERE c.id = $1 AND c.archived_at IS NULL AND (
       EXISTS (SELECT 1 FROM ${core.resource('invitation').table} i WHERE i.campaign_id = c.id AND i.publisher_id = ANY($2::uuid[]) AND i.archived_at IS NULL)
       OR EXISTS (SELECT 1 FROM stat_daily_websites s WHERE s.advertiser_id = c.advertiser_id AND s.campaign_id = c.id AND s.publisher_id = ANY($2::uuid[])))`,
    { bind: [id.toLowerCase(), publishers], type: QueryTypes.SELECT },
  );
  if (!row) throw missing();
  return { id: row.id, name: row.name ?? '', advertiser: row.advertiser_id };
}

type Summed = { impressions: string; clicks: string; pc: string; pv: string; cents: string; invalid: string };
/** The rollups' counts (the invalid events apart); the money is the provisions' (provisionsOf). */
const COUNTS = `SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv, 0 AS cents, ${INVALID_SUM} AS invalid`;

/** The provisions (cents) of the approved events of `publishers` in the campaign over the range, by their keys. */
async function provisionsOf(core: Core, bind: unknown[]) {
  const rows = await core.sequelize.query<{ day: string; channel: string; banner: string; publisher: string; website: string; cents: string }>(
    `SELECT to_char(e.day, 'YYYY-MM-DD') AS day, COALESCE(e.channel, '') AS channel, COALESCE(e.banner_id, '${NIL}'::uuid) AS banner, e.publisher_id AS publisher,
       COALESCE(e.website, '') AS website, SUM(a.provision) AS cents
     FROM event_approvals a JOIN events e ON e.advertiser_id = a.advertiser_id AND e.day = a.day AND e.id = a.event_id
     WHERE a.advertiser_id = $1 AND a.campaign_id = $2 AND a.day >= $3::date AND a.day <= $4::date AND a.status = 'approved' AND a.provision > 0
       AND e.publisher_id = ANY($5::uuid[])
     GROUP BY 1, 2, 3, 4, 5`,
    { bind, type: QueryTypes.SELECT },
  );
  const byCreative = new Map<string, number>();
  const byWebsite = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.day}|${row.channel}|${row.banner}|${row.publisher}`;
    byCreative.set(key, (byCreative.get(key) ?? 0) + Number(row.cents));
    byWebsite.set(row.website, (byWebsite.get(row.website) ?? 0) + Number(row.cents));
  }
  return { byCreative, byWebsite };
}

/** The campaign's figures of `publishers` over `range`. */
export async function publisherReport(core: Core, ctx: RequestContext, id: string, range: DayRange) {
  const publishers = viewingPublishers(ctx);
  const campaign = await reachableCampaign(core, id, publishers);
  const bind = [campaign.advertiser, campaign.id, range.start, range.end, publishers];
  const where = 'WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date AND publisher_id = ANY($5::uuid[])';
  const query = <T extends object>(sql: string): Promise<T[]> => core.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });
  const [statRows, siteRows, conversionRows, names, provisions] = await Promise.all([
    query<Summed & { day: string; channel: string | null; banner_id: string | null; publisher_id: string }>(
      `SELECT day::text AS day, channel, banner_id, publisher_id, ${COUNTS} FROM stat_daily_creatives ${where} GROUP BY day, channel, banner_id, publisher_id`),
    query<Summed & { website: string }>(
      `SELECT website, ${COUNTS} FROM stat_daily_websites ${where} AND website <> '' GROUP BY website`),
    query<{ id: string; order_id: string | null; attribution: string | null; created: Date; channel: string | null; banner_id: string | null; publisher_id: string | null; website: string | null; value: string | null }>(
      `SELECT id, order_id, attribution, created, channel, banner_id, publisher_id, website, value FROM events
       ${where} AND kind = 'conversion' AND bot = false AND invalid IS NULL ORDER BY created DESC, id DESC LIMIT ${MAX_CONVERSIONS}`),
    core.sequelize.query<{ id: string; name: string }>(
      `SELECT id, name FROM ${core.resource('publisher').table} WHERE id = ANY($1::uuid[]) ORDER BY name, id`, { bind: [publishers], type: QueryTypes.SELECT }),
    provisionsOf(core, bind),
  ]);
  const conversionProvisions = new Map((await core.sequelize.query<{ event_id: string; cents: string }>(
    `SELECT event_id, provision AS cents FROM event_approvals WHERE advertiser_id = $1 AND status = 'approved' AND event_id = ANY($2::uuid[])`,
    { bind: [campaign.advertiser, conversionRows.map((row) => row.id)], type: QueryTypes.SELECT },
  )).map((row) => [row.event_id, Number(row.cents)]));

  const totals = new Map<string, Counts>(names.map((row) => [row.id, zero()]));
  const stats = statRows.map((row) => {
    const counts = { ...countsOf(row), cents: provisions.byCreative.get(`${row.day}|${row.channel ?? ''}|${row.banner_id}|${row.publisher_id}`) ?? 0 };
    totals.set(row.publisher_id, add(totals.get(row.publisher_id) ?? zero(), counts));
    return { date: row.day, channel: row.channel || null, banner: keyOrNull(row.banner_id), publisher: row.publisher_id, ...spoken(counts) };
  }).sort((a, b) => cmp(a.date, b.date) || cmp(a.channel, b.channel) || cmp(a.banner, b.banner) || cmp(a.publisher, b.publisher));

  const bannerIds = [...new Set(stats.map((row) => row.banner).filter((value): value is string => Boolean(value)))];
  const banners = bannerIds.length
    ? await core.sequelize.query<{ id: string; name: string; width: number | null; height: number | null }>(
      `SELECT id, name, width, height FROM ${core.resource('banner').table} WHERE advertiser_id = $1 AND id = ANY($2::uuid[]) ORDER BY name, id`,
      { bind: [campaign.advertiser, bannerIds], type: QueryTypes.SELECT })
    : [];
  const websites = siteRows.map((row) => {
    const counts = { ...countsOf(row), cents: provisions.byWebsite.get(row.website) ?? 0 };
    return { location: row.website, ...spoken(counts), ctr: ctr(counts.clicks, counts.impressions), app: isApp(row.website) };
  }).sort((a, b) => b.clicks - a.clicks || cmp(a.location, b.location));

  return {
    campaignName: campaign.name,
    range: { start: range.start, end: range.end },
    publishers: names.map((row) => {
      const counts = totals.get(row.id) ?? zero();
      return { _id: row.id, id: row.id, name: row.name, ...spoken(counts), ctr: ctr(counts.clicks, counts.impressions) };
    }),
    stats,
    banners: banners.map((row) => ({ _id: row.id, id: row.id, name: row.name, width: row.width ?? null, height: row.height ?? null })),
    websites,
    conversions: conversionRows.map((row) => ({
      conversionId: row.id, orderId: row.order_id, type: row.attribution === 'post_view' ? 'post_view' : 'post_click', timestamp: new Date(row.created).toISOString(),
      channel: row.channel || null, creative: keyOrNull(row.banner_id), publisher: keyOrNull(row.publisher_id), location: row.website || null,
      cartValue: centsToEuros(Number(row.value ?? 0)), commission: centsToEuros(conversionProvisions.get(row.id) ?? 0), currency: 'EUR',
    })),
  };
}
