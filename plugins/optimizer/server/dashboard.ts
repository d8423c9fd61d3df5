/**
 * The optimization dashboards' answers (SPEC sections 2, 3 and 6): the dashboard row of each optimizer, cut to
 * what the role may see, and the first variant's charts. Money leaves in euros (two decimals), computed from cents.
 *
 * Role rules (SPEC section 6 "Optimization dashboards"): OPR, health, the revenue and cost columns, the icons and
 * the links are the systemoperator's and the affiliatemanager's; the wizard sees the figures, the hints, the
 * revenue-by-network chart and the access logs.
 */
import { QueryTypes } from 'sequelize';
import type { Core, Language, RequestContext, Row } from '@adsuite/backend/kit';
import { say } from '@adsuite/backend/kit';
import { daysOf, optimizerFigures, sumOf, type OptimizerFigures } from './figures.ts';
import { healthOf, hintsOf, iconOf, opr, percent, problemsOf } from './health.ts';

/** Who sees OPR, health, revenue, icons and links. */
export const FULL_VIEW = ['systemoperator', 'affiliatemanager'] as const;
export const seesEverything = (ctx: Pick<RequestContext, 'role'>) => (FULL_VIEW as readonly string[]).includes(ctx.role);

/** Row fields only FULL_VIEW sees (SPEC section 6). */
export const RESTRICTED_FIELDS = ['opr', 'health', 'ordervalue', 'realCosts', 'mct_conversionValue', 'networkRevenue', 'crrRevenue', 'crrCost', 'revenueRangeChart', 'costRangeChart', 'icons', 'links'] as const;

/** Links of a row per type, at most 3 each (SPEC section 2). */
export const MAX_LINKS = 3;
const LINKED: [string, string][] = [['trackingCodes', 'trackingcode'], ['contracts', 'contract'], ['mediaPlans', 'mediaplan'], ['hosts', 'host'], ['lineItems', 'lineitem'], ['catalogs', 'catalog']];

const euros = (cents: number) => Math.round(cents) / 100;
const idsOf = (value: unknown) => ((value as string[] | null) ?? []).filter((id) => typeof id === 'string');

export function linksOf(row: OptimizerFigures): { type: string; to: string }[] {
  const campaign = String(row.campaign.id);
  const links = [
    { type: 'campaign', to: `/campaign/${campaign}` },
    { type: 'optimizer', to: `/optimizer/edit/${row.optimizer.id}` },
    { type: 'campaignlog', to: `/campaignlogs?campaign=${campaign}` },
  ];
  for (const [field, type] of LINKED) for (const id of idsOf(row.optimizer[field]).slice(0, MAX_LINKS)) links.push({ type, to: `/${type}/edit/${id}` });
  return links;
}

/** One dashboard row (SPEC section 3 "Optimizer dashboard row") in `language`, for `ctx`'s role. */
export function dashboardRow(row: OptimizerFigures, labels: string[], ctx: Pick<RequestContext, 'role'>, language: Language): Record<string, unknown> {
  const { optimizer, campaign, range, judged, targets } = row;
  const hints = hintsOf(targets, judged);
  const sales = range.pc + range.pv;
  const product = (part: number, whole: number) => (whole > 0 ? Math.min(100, percent(part, whole)) : null);
  const full: Record<string, unknown> = {
    id: optimizer.id,
    campaign: { _id: campaign.id, name: campaign.name, status: campaign.status, assets: { mediaplans: idsOf(optimizer.mediaPlans), costrevenueratios: row.crr.days } },
    optimizer: {
      id: optimizer.id, qty: optimizer.qty ?? null, ctr: optimizer.ctr ?? null, crp: optimizer.crp ?? null, ms: optimizer.ms ?? null, mct: optimizer.mct ?? null,
      promote: Boolean(optimizer.promote), sticky: Boolean(optimizer.sticky), octrkey: optimizer.octrkey ?? null, rp: optimizer.rp ?? null, nth: optimizer.nth ?? null,
      uaNin: optimizer.uaNin ?? [], blockerTime: optimizer.blockerTime ?? null, topProductCount: optimizer.topProductCount ?? null, topRefererCount: optimizer.topRefererCount ?? null,
      totalDailyBudget: optimizer.totalDailyBudget === null || optimizer.totalDailyBudget === undefined ? null : euros(Number(optimizer.totalDailyBudget)),
      totalRangeBudget: optimizer.totalRangeBudget === null || optimizer.totalRangeBudget === undefined ? null : euros(Number(optimizer.totalRangeBudget)),
      lineItemsCount: judged.activeLineItems, detailedLogs: Boolean(optimizer.detailedLogs),
      trackingCodes: idsOf(optimizer.trackingCodes), contracts: idsOf(optimizer.contracts), mediaPlans: idsOf(optimizer.mediaPlans), hosts: idsOf(optimizer.hosts),
      lineItems: idsOf(optimizer.lineItems), catalogs: idsOf(optimizer.catalogs),
    },
    revenueSource: optimizer.revenueSource ?? null,
    revenueSourceId: optimizer.revenueSourceId ?? null,
    sales,
    uniqueUsers: row.uniqueUsers,
    ordervalue: euros(range.pcValue + range.pvValue),
    impressions: range.impressions,
    clicks: range.clicks,
    opr: opr(sales, range.impressions),
    mct_pcConversions: range.pc,
    clickThroughRate: percent(range.clicks, range.impressions),
    mct_pcConversionRate: percent(range.pc, range.clicks),
    mct_marketShare: percent(sales, row.network.sales),
    networkImpressions: row.network.impressions,
    networkClicks: row.network.clicks,
    networkConversions: row.network.sales,
    networkMarketshare: row.network.share,
    realCosts: euros(range.cost),
    revenue: euros(range.revenue),
    mct_conversionValue: euros(range.pcValue),
    networkRevenue: euros(row.network.revenue),
    productEvents: judged.clicks > 0 && judged.onsiteEvents > 0 ? product(judged.productEvents, judged.clicks) : null,
    productsHaveIds: product(judged.productsWithId, judged.productEvents),
    productsSuited: judged.hasCatalog ? product(judged.productsInCatalog, judged.productsWithId) : null,
    crrRevenue: euros(row.crr.revenue),
    crrCost: euros(row.crr.cost),
    health: healthOf(hints),
    instructions: hints.map((hint) => ({ level: hint.level, code: hint.code, message: say(language, hint.message) })),
    problems: problemsOf(targets, judged).map((problem) => ({ code: problem.code, message: say(language, problem.message) })),
    icons: { optimizer: iconOf(targets) },
    revenueRangeChart: { labels, data: labels.map((day) => euros(row.days.get(day)?.revenue ?? 0)) },
    costRangeChart: { labels, data: labels.map((day) => euros(row.days.get(day)?.cost ?? 0)) },
    links: linksOf(row),
  };
  if (seesEverything(ctx)) return full;
  for (const field of [...RESTRICTED_FIELDS, 'revenue']) delete full[field];
  return full;
}

export interface DashboardFilter {
  campaigns: string[];
  revenueSource: string | null;
  /** Sticky entries count as any other (the filter bar's "ignore sticky"). */
  ignoreSticky: boolean;
}

/** The second variant (getDashboard2): the rows of the chosen campaigns (none chosen: all) and revenue source. */
export async function dashboardRows(core: Core, ctx: RequestContext, start: string, end: string, filter: DashboardFilter) {
  const labels = daysOf(start, end);
  const all = await optimizerFigures(core, start, end);
  const rows = all.filter((row) => (!filter.campaigns.length || filter.campaigns.includes(String(row.campaign.id)))
    && (!filter.revenueSource || row.optimizer.revenueSource === filter.revenueSource));
  return rows
    .map((row) => {
      const out = dashboardRow(row, labels, ctx, ctx.language);
      if (filter.ignoreSticky) (out.optimizer as Record<string, unknown>).sticky = false;
      return out;
    })
    .sort((a, b) => String((a.campaign as Row).name).localeCompare(String((b.campaign as Row).name)));
}

/** Access logs: the hosts with the most requests in the period (SPEC section 9: limit 250). */
export const ACCESS_LOG_LIMIT = 250;

export async function topHosts(core: Core, start: string, end: string, limit = ACCESS_LOG_LIMIT): Promise<{ host: string; count: number }[]> {
  if (!core.models.has('accesslog')) return [];
  const rows = await core.sequelize.query<{ host: string; count: string }>(
    `SELECT host, SUM(count)::bigint AS count FROM accesslogs WHERE day >= $1::date AND day <= $2::date GROUP BY host ORDER BY 2 DESC, host LIMIT $3`,
    { bind: [start, end, limit], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ host: row.host, count: Number(row.count) }));
}

/**
 * The first variant (getDashboard): revenue by network, the Commission & Costs chart per day (a period over one
 * day only), the optimizer table and the access logs of the period's last 3 days at most (SPEC section 5).
 */
export async function firstDashboard(core: Core, ctx: RequestContext, start: string, end: string) {
  const labels = daysOf(start, end);
  const all = await optimizerFigures(core, start, end);
  const byNetwork = new Map<string, number>();
  for (const row of all) {
    const network = String(row.optimizer.revenueSource ?? '');
    byNetwork.set(network, (byNetwork.get(network) ?? 0) + row.range.revenue);
  }
  const daily = labels.map((day) => sumOf(all.map((row) => row.days.get(day) ?? { impressions: 0, clicks: 0, pc: 0, pv: 0, pcValue: 0, pvValue: 0, revenue: 0, cost: 0 })));
  const logsFrom = labels[Math.max(0, labels.length - 3)];
  return {
    start, end,
    revenueByNetwork: [...byNetwork.entries()].map(([network, cents]) => ({ network: network || null, revenue: euros(cents) })).sort((a, b) => b.revenue - a.revenue),
    chart: labels.length > 1 ? { labels, commission: daily.map((d) => euros(d.revenue - d.cost)), costs: daily.map((d) => euros(d.cost)) } : null,
    rows: all.map((row) => dashboardRow(row, labels, ctx, ctx.language)).sort((a, b) => String((a.campaign as Row).name).localeCompare(String((b.campaign as Row).name))),
    accessLogs: { start: logsFrom, end, hosts: await topHosts(core, logsFrom, end) },
  };
}
