/**
 * Top products and top referers of a campaign (SPEC section 7 "generateTopProducts, generateTopReferer"), from the
 * onsite events of the campaign's advertiser (the shop's container script: they belong to the advertiser, not to a
 * campaign) over the last TOP_DAYS days, read per advertiser and day from the raw events' partitions as the reports
 * read the onsite counters (plugins/reports/server/expert.ts). The optimizer's hints judge their number (SPEC
 * section 5: below 5 danger, below 25 warning).
 *
 * - Top products: product ids of product views and orders, ranked by orders, then views, then revenue; each named
 *   from the advertiser's catalogs (the optimizer's catalogs when it names some), else by its id. They replace the
 *   campaign's `topproduct` records, and the campaign's bookings' `topproducts` list them.
 * - Top referers: the hosts of the pages that sent visitors to the shop (a referer on another host than the shop's
 *   page), by events; the campaign's bookings' `topreferers` list them.
 *
 * How many: the optimizer's topProductCount / topRefererCount, else TOP_COUNT.
 */
import { QueryTypes } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';

export const TOPS_JOB = 'catalog.tops';
export const TOP_DAYS = 30;
export const TOP_COUNT = 50;
const MAX_COUNT = 1000;
const DAY_MS = 86_400_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface TopProduct {
  rank: number;
  productId: string;
  name: string;
  catalogProduct: string | null;
  url: string | null;
  image: string | null;
  views: number;
  orders: number;
  /** Euros. */
  revenue: number;
}

export interface TopReferer {
  rank: number;
  host: string;
  count: number;
}

interface Settings {
  campaign: Row;
  count: { products: number; referers: number };
  catalogs: string[] | null;
}

async function settingsOf(core: Core, campaignId: string): Promise<Settings | null> {
  const campaign = (await core.model('campaign').findOne({ where: { id: campaignId }, raw: true })) as Row | null;
  if (!campaign) return null;
  const optimizer = core.models.has('optimizer')
    ? ((await core.model('optimizer').findOne({ where: { campaign: campaignId, archivedAt: null }, raw: true })) as Row | null)
    : null;
  const count = (value: unknown) => (typeof value === 'number' && value > 0 ? Math.min(value, MAX_COUNT) : TOP_COUNT);
  const catalogs = ((optimizer?.catalogs as string[] | null) ?? []).filter(Boolean);
  return { campaign, count: { products: count(optimizer?.topProductCount), referers: count(optimizer?.topRefererCount) }, catalogs: catalogs.length ? catalogs : null };
}

const windowOf = (now = Date.now()) => ({ start: dayOf(now - (TOP_DAYS - 1) * DAY_MS), end: dayOf(now) });

/** The campaign's bookings' list `field` becomes `list`. */
async function onBookings(core: Core, campaignId: string, field: 'topproducts' | 'topreferers', list: unknown[], transaction: import('sequelize').Transaction) {
  if (!core.models.has('booking')) return;
  await core.sequelize.query(`UPDATE ${core.resource('booking').table} SET ${field} = $2::jsonb, updated = now() WHERE campaign_id = $1 AND archived_at IS NULL`, {
    bind: [campaignId, JSON.stringify(list)], transaction,
  });
}

/** Computes and stores the campaign's top products; null when there is no such campaign. */
export async function generateTopProducts(core: Core, campaignId: string): Promise<TopProduct[] | null> {
  const settings = await settingsOf(core, campaignId);
  if (!settings) return null;
  const advertiser = String(settings.campaign.advertiser);
  const { start, end } = windowOf();
  const events = core.resource('event').table;
  const products = core.resource('product').table;
  const rows = await core.sequelize.query<{ product_id: string; views: string; orders: string; revenue: string; catalog_product: string | null; name: string | null; url: string | null; image: string | null }>(
    `WITH shop AS (
       SELECT product_id, count(*) FILTER (WHERE cls = 'product') AS views,
         count(DISTINCT order_id) FILTER (WHERE cls = 'order') AS orders,
         coalesce(sum(value) FILTER (WHERE cls = 'order'), 0) AS revenue
       FROM ${events}
       WHERE advertiser_id = $1 AND day >= $2::date AND day <= $3::date AND kind = 'event' AND NOT bot AND coalesce(product_id, '') <> ''
       GROUP BY product_id)
     SELECT shop.product_id, shop.views, shop.orders, shop.revenue, p.id AS catalog_product, p.name, p.url, p.image
     FROM shop LEFT JOIN LATERAL (
       SELECT id, name, url, image FROM ${products}
       WHERE advertiser_id = $1 AND product_id = shop.product_id AND archived_at IS NULL AND ($5::uuid[] IS NULL OR catalog_id = ANY($5::uuid[]))
       ORDER BY updated DESC LIMIT 1) p ON true
     ORDER BY shop.orders DESC, shop.views DESC, shop.revenue DESC, shop.product_id
     LIMIT $4`,
    { bind: [advertiser, start, end, settings.count.products, settings.catalogs], type: QueryTypes.SELECT },
  );
  const tops: TopProduct[] = rows.map((row, index) => ({
    rank: index + 1, productId: row.product_id, name: (row.name ?? row.product_id).slice(0, 500), catalogProduct: row.catalog_product,
    url: row.url, image: row.image, views: Number(row.views), orders: Number(row.orders), revenue: Number(row.revenue) / 100,
  }));
  const table = core.resource('topproduct').table;
  await core.sequelize.transaction(async (transaction) => {
    await core.sequelize.query(`DELETE FROM ${table} WHERE campaign_id = $1`, { bind: [campaignId], transaction });
    for (const top of tops) {
      await core.sequelize.query(
        `INSERT INTO ${table} (name, campaign_id, advertiser_id, catalog_product_id, product_id, url, image, rank, views, orders, revenue)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        { bind: [top.name, campaignId, advertiser, top.catalogProduct, top.productId.slice(0, 200), top.url, top.image, top.rank, top.views, top.orders, Math.round(top.revenue * 100)], transaction },
      );
    }
    await onBookings(core, campaignId, 'topproducts', tops.map(({ productId, name, views, orders }) => ({ productId, name, views, orders })), transaction);
  });
  return tops;
}

/** Computes and stores the campaign's top referers; null when there is no such campaign. */
export async function generateTopReferers(core: Core, campaignId: string): Promise<TopReferer[] | null> {
  const settings = await settingsOf(core, campaignId);
  if (!settings) return null;
  const { start, end } = windowOf();
  const events = core.resource('event').table;
  const rows = await core.sequelize.query<{ host: string; n: string }>(
    `SELECT host, count(*) AS n FROM (
       SELECT lower(substring(referer from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@?#]*@)?([^/:?#]+)')) AS host, lower(coalesce(host, '')) AS page
       FROM ${events}
       WHERE advertiser_id = $1 AND day >= $2::date AND day <= $3::date AND kind = 'event' AND NOT bot AND coalesce(referer, '') <> '') r
     WHERE host IS NOT NULL AND host <> page
     GROUP BY host ORDER BY n DESC, host LIMIT $4`,
    { bind: [String(settings.campaign.advertiser), start, end, settings.count.referers], type: QueryTypes.SELECT },
  );
  const tops = rows.map((row, index) => ({ rank: index + 1, host: row.host, count: Number(row.n) }));
  await core.sequelize.transaction((transaction) => onBookings(core, campaignId, 'topreferers', tops.map(({ host, count }) => ({ host, count })), transaction));
  return tops;
}

/** The daily job: every running campaign's top products and referers. */
export async function generateAllTops(core: Core): Promise<number> {
  const campaigns = await core.sequelize.query<{ id: string }>(
    `SELECT id FROM ${core.resource('campaign').table} WHERE archived_at IS NULL AND status IN ('active', 'published', 'paused', 'upcoming')`,
    { type: QueryTypes.SELECT },
  );
  for (const { id } of campaigns) {
    await generateTopProducts(core, id);
    await generateTopReferers(core, id);
  }
  return campaigns.length;
}
