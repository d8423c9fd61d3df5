/**
 * A publisher's websites (/websites, issue 35): what it registered, with the website details of SPEC section 3 and
 * its figures of a range from the daily rollup `stat_daily_websites` (the website is the host its tags and links
 * name, or the page's host) with its own earnings (home.ts EARNINGS_BY_WEBSITE), and the websites that send it traffic but are not registered, which it may claim:
 * a claim registers the host as its website.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, createRecord, HttpError, Invalid, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { EARNINGS_BY_WEBSITE, euros, type Range } from './home.ts';

/** How far back traffic makes a website claimable. */
export const CLAIM_DAYS = 90;
const DAY_MS = 86_400_000;

/** A host as websites are matched: lower case, without a trailing dot and a leading `www.`. */
export const normalHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '').replace(/^www\./, '');

/** The host of a registered website's URL, normalized; null when it has none. */
export function hostOfUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    return normalHost(new URL(url).hostname) || null;
  } catch {
    return null;
  }
}

/** A domain name (labels of letters, digits and hyphens), as tracking stores a website. */
export const isDomain = (value: string) => value.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i.test(value);

interface Traffic { website: string; impressions: string; clicks: string; conversions: string }

async function traffic(core: Core, publisher: string, start: string, end: string): Promise<Map<string, { impressions: number; clicks: number; conversions: number }>> {
  const rows = await core.sequelize.query<Traffic>(
    `SELECT website, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
     FROM stat_daily_websites WHERE publisher_id = $1 AND day >= $2::date AND day <= $3::date AND website <> '' GROUP BY website`,
    { bind: [publisher, start, end], type: QueryTypes.SELECT },
  );
  const byHost = new Map<string, { impressions: number; clicks: number; conversions: number }>();
  for (const row of rows) {
    if (!isDomain(row.website)) continue;
    const host = normalHost(row.website);
    const sum = byHost.get(host) ?? { impressions: 0, clicks: 0, conversions: 0 };
    byHost.set(host, { impressions: sum.impressions + Number(row.impressions), clicks: sum.clicks + Number(row.clicks), conversions: sum.conversions + Number(row.conversions) });
  }
  return byHost;
}

/** The publisher's earnings of the range per host (cents), as home.ts reads them per website. */
async function earnings(core: Core, publisher: string, range: Range): Promise<Map<string, number>> {
  const rows = await core.sequelize.query<{ website: string; cents: string }>(EARNINGS_BY_WEBSITE, { bind: [publisher, range.start, range.end], type: QueryTypes.SELECT });
  const byHost = new Map<string, number>();
  for (const row of rows) {
    if (!isDomain(row.website)) continue;
    const host = normalHost(row.website);
    byHost.set(host, (byHost.get(host) ?? 0) + Number(row.cents));
  }
  return byHost;
}

const zero = { impressions: 0, clicks: 0, conversions: 0 };
const claimSince = (now: Date) => new Date(now.getTime() - CLAIM_DAYS * DAY_MS).toISOString().slice(0, 10);

/** The publisher's websites with their details and figures, and the claimable ones with their figures of the range. */
export async function websiteData(core: Core, publisher: string, range: Range, now = new Date()) {
  const sites = await core.sequelize.query<{
    id: string; name: string; url: string; industry: string | null; description: string | null; visitors_origin: string[] | null; monthly_visitors: number | null;
    monthly_uniques: number | null; monthly_pageviews: number | null; avg_visit_duration: number | null; active: boolean | null;
  }>(
    `SELECT id, name, url, industry, description, visitors_origin, monthly_visitors, monthly_uniques, monthly_pageviews, avg_visit_duration, active
     FROM websites WHERE publisher_id = $1 AND archived_at IS NULL ORDER BY name, id`,
    { bind: [publisher], type: QueryTypes.SELECT },
  );
  const inRange = await traffic(core, publisher, range.start, range.end);
  const earned = await earnings(core, publisher, range);
  const recent = await traffic(core, publisher, claimSince(now), now.toISOString().slice(0, 10));
  const registered = new Set(sites.map((site) => hostOfUrl(site.url)).filter((host): host is string => host !== null));
  // A website's figures of the range with its own earnings (euros).
  const figuresOf = (host: string | null) => ({ ...((host && inRange.get(host)) || zero), earnings: euros((host && earned.get(host)) || 0) });
  return {
    range: { start: range.start, end: range.end },
    websites: sites.map((site) => {
      const host = hostOfUrl(site.url);
      return {
        id: site.id, name: site.name, url: site.url, host, active: site.active !== false,
        details: {
          industry: site.industry, description: site.description, visitorsOrigin: site.visitors_origin ?? [], monthlyVisitors: site.monthly_visitors ?? 0,
          monthlyUniques: site.monthly_uniques ?? 0, monthlyPageviews: site.monthly_pageviews ?? 0, avgVisitDuration: site.avg_visit_duration ?? 0,
        },
        figures: figuresOf(host),
      };
    }),
    unclaimed: [...recent.keys()].filter((host) => !registered.has(host)).sort()
      .map((host) => ({ website: host, figures: figuresOf(host), recent: recent.get(host)! })),
  };
}

/**
 * Registers a host that sent the publisher traffic in the last CLAIM_DAYS days as its website (201 with the
 * record). 400 for a value that is no domain, 404 (naming `website`) for one without its traffic, 409 when it is
 * registered already.
 */
export async function claimWebsite(core: Core, ctx: RequestContext, publisher: string, body: unknown, now = new Date()): Promise<Row> {
  const value = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).website : undefined;
  const refuse = (key: string) => new Invalid(text(key), [{ field: 'website', message: text(key) }]);
  if (typeof value !== 'string' || !isDomain(value.trim())) throw refuse('publishers.websites.bad_host');
  const host = normalHost(value);
  const recent = await traffic(core, publisher, claimSince(now), now.toISOString().slice(0, 10));
  if (!recent.has(host)) throw new HttpError(404, text('publishers.websites.no_traffic', { host }), [{ field: 'website', message: text('publishers.websites.no_traffic', { host }) }]);
  const registered = new HttpError(409, text('publishers.websites.registered', { host }), [{ field: 'website', message: text('publishers.websites.registered', { host }) }]);
  const sitesWithHost = async (transaction?: Transaction) => (await core.sequelize.query<{ url: string }>(
    'SELECT url FROM websites WHERE publisher_id = $1 AND archived_at IS NULL', { bind: [publisher], type: QueryTypes.SELECT, transaction },
  )).filter((site) => hostOfUrl(site.url) === host).length;
  if (await sitesWithHost()) throw registered;
  return createRecord(core, ctx, core.resource('website'), { name: host, url: `https://${host}`, publisher, active: true }, {
    // Two claims at once: the second sees the first once it holds the lock, and registers nothing.
    async afterWrite(_row, transaction) {
      await core.sequelize.query(`SELECT pg_advisory_xact_lock(hashtext('websites:' || $1))`, { bind: [publisher], transaction });
      if ((await sitesWithHost(transaction)) > 1) throw registered;
    },
  });
}
