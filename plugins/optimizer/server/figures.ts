/**
 * What the optimization dashboards know about each optimizer's campaign over a period, read from the rollups and
 * the ledger, never from raw events: `stat_daily_publishers` (delivery, conversions, rollup cost per day),
 * `stat_daily_channels` (the channel split of cost), `stat_visitors` (unique users), `accesslogs` (referring
 * hosts), `optimizer_onsite_days` (the shop's onsite and product pixel events per day, onsite.ts), `crrs` (the
 * CRR days), the ledger (money.ts) and the records (line items, top products, blacklists, catalogs).
 *
 * A campaign's "network" is its revenue source (the optimizer's affiliate network): network figures are the
 * sums over every optimizer campaign of the same revenue source, and the market share is the campaign's part of
 * its network's sales.
 */
import { Op, QueryTypes } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';
import { bookedRevenue, channelCosts, mediaCost } from './money.ts';
import { ONSITE_TABLE } from './onsite.ts';
import { opr, percent, type JudgedFigures, type Targets } from './health.ts';

const DAY_MS = 86_400_000;
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
export const todayIso = () => isoDay(Date.now());
export const addDays = (day: string, days: number) => isoDay(Date.parse(day) + days * DAY_MS);
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface DayFigures {
  impressions: number;
  clicks: number;
  pc: number;
  pv: number;
  pcValue: number;
  pvValue: number;
  revenue: number;
  cost: number;
}

const EMPTY: DayFigures = { impressions: 0, clicks: 0, pc: 0, pv: 0, pcValue: 0, pvValue: 0, revenue: 0, cost: 0 };
const plus = (a: DayFigures, b: DayFigures): DayFigures => ({
  impressions: a.impressions + b.impressions, clicks: a.clicks + b.clicks, pc: a.pc + b.pc, pv: a.pv + b.pv,
  pcValue: a.pcValue + b.pcValue, pvValue: a.pvValue + b.pvValue, revenue: a.revenue + b.revenue, cost: a.cost + b.cost,
});
export const sumOf = (days: DayFigures[]) => days.reduce(plus, EMPTY);

/** One optimizer with its campaign and everything the dashboards show or judge about it. */
export interface OptimizerFigures {
  optimizer: Row;
  campaign: Row;
  targets: Targets;
  /** Figures per day of [previous start, end]. */
  days: Map<string, DayFigures>;
  range: DayFigures;
  uniqueUsers: number;
  judged: JudgedFigures;
  network: { impressions: number; clicks: number; sales: number; revenue: number; share: number };
  crr: { revenue: number; cost: number; days: number };
}

const num = (value: unknown) => (value === null || value === undefined || value === '' ? 0 : Number(value));
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function targetsOf(optimizer: Row): Targets {
  return {
    ctr: numOrNull(optimizer.ctr), crp: numOrNull(optimizer.crp), ms: numOrNull(optimizer.ms), rp: numOrNull(optimizer.rp),
    nth: numOrNull(optimizer.nth), blockerTime: numOrNull(optimizer.blockerTime), promote: Boolean(optimizer.promote), sticky: Boolean(optimizer.sticky),
    octrkey: (optimizer.octrkey as string | null) ?? null, uaNin: (optimizer.uaNin as string[] | null) ?? [],
    totalDailyBudget: numOrNull(optimizer.totalDailyBudget), totalRangeBudget: numOrNull(optimizer.totalRangeBudget),
    usesCatalogs: ((optimizer.catalogs as string[] | null) ?? []).length > 0,
  };
}

type Counted = Map<string, number>;
const countBy = (rows: { key: string; n: string | number }[]): Counted => new Map(rows.map((row) => [row.key, Number(row.n)]));

/** The figures of every optimizer (not archived) over [start, end]; `end` may be today (its hours so far). */
export async function optimizerFigures(core: Core, start: string, end: string): Promise<OptimizerFigures[]> {
  const optimizers = (await core.model('optimizer').findAll({ where: { archivedAt: null }, raw: true })) as Row[];
  const campaignIds = [...new Set(optimizers.map((o) => String(o.campaign)))];
  const campaigns = new Map(((await core.model('campaign').findAll({ where: { id: { [Op.in]: campaignIds } }, raw: true })) as Row[]).map((c) => [String(c.id), c]));
  const present = optimizers.filter((o) => campaigns.has(String(o.campaign)));
  if (!present.length) return [];
  const keys = present.map((o) => ({ advertiser: String(campaigns.get(String(o.campaign))!.advertiser), campaign: String(o.campaign) }));
  const advertisers = [...new Set(keys.map((k) => k.advertiser))];
  const ids = keys.map((k) => k.campaign);
  const length = daysOf(start, end).length;
  const from = addDays(start, -length);
  const sql = <T extends object>(query: string, bind: unknown[]) => core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });

  const [delivery, revenue, channels, visitors, referers, onsite, crrs] = await Promise.all([
    sql<{ campaign_id: string; day: string; impressions: string; clicks: string; pc: string; pv: string; pc_value: string; pv_value: string }>(
      `SELECT campaign_id, to_char(day, 'YYYY-MM-DD') AS day, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc,
         SUM(pv_conversions) AS pv, SUM(pc_value) AS pc_value, SUM(pv_value) AS pv_value
       FROM stat_daily_publishers WHERE advertiser_id = ANY($1::uuid[]) AND campaign_id = ANY($2::uuid[]) AND day >= $3::date AND day <= $4::date
       GROUP BY 1, 2`, [advertisers, ids, from, end]),
    bookedRevenue(core, keys, from, end),
    channelCosts(core, keys, from, end),
    sql<{ key: string; n: string }>(
      `SELECT campaign_id AS key, count(DISTINCT visitor) AS n FROM stat_visitors
       WHERE advertiser_id = ANY($1::uuid[]) AND campaign_id = ANY($2::uuid[]) AND day >= $3::date AND day <= $4::date GROUP BY 1`, [advertisers, ids, start, end]),
    core.models.has('accesslog')
      ? sql<{ key: string; n: string }>(`SELECT campaign_id AS key, count(DISTINCT host) AS n FROM accesslogs WHERE campaign_id = ANY($1::uuid[]) AND day >= $2::date AND day <= $3::date GROUP BY 1`, [ids, start, end])
      : Promise.resolve([]),
    sql<{ advertiser_id: string; day: string; events: string; product_events: string; with_id: string; in_catalog: string }>(
      `SELECT advertiser_id, to_char(day, 'YYYY-MM-DD') AS day, events, product_events, with_id, in_catalog FROM ${ONSITE_TABLE}
       WHERE advertiser_id = ANY($1::uuid[]) AND day >= $2::date AND day <= $3::date`, [advertisers, start, end]),
    core.models.has('crr')
      ? (core.model('crr').findAll({ where: { campaign: { [Op.in]: ids }, day: { [Op.gte]: start, [Op.lte]: end } }, raw: true }) as Promise<Row[]>)
      : Promise.resolve([] as Row[]),
  ]);
  const [lineItems, topProducts, blacklists, catalogs] = await Promise.all([
    sql<{ key: string; n: string }>(`SELECT campaign_id AS key, count(*) AS n FROM ${core.resource('lineitem').table} WHERE campaign_id = ANY($1::uuid[]) AND active AND "archived_at" IS NULL GROUP BY 1`, [ids]),
    core.models.has('topproduct')
      ? sql<{ key: string; n: string }>(`SELECT campaign_id AS key, count(*) AS n FROM ${core.resource('topproduct').table} WHERE campaign_id = ANY($1::uuid[]) AND "archived_at" IS NULL GROUP BY 1`, [ids])
      : Promise.resolve([]),
    core.models.has('domainlist')
      ? sql<{ key: string; n: string }>(`SELECT campaign_id AS key, count(*) AS n FROM ${core.resource('domainlist').table} WHERE campaign_id = ANY($1::uuid[]) AND type = 'blacklist' AND "archived_at" IS NULL GROUP BY 1`, [ids])
      : Promise.resolve([]),
    core.models.has('catalog')
      ? sql<{ key: string; n: string }>(`SELECT advertiser_id AS key, count(*) AS n FROM ${core.resource('catalog').table} WHERE advertiser_id = ANY($1::uuid[]) AND "archived_at" IS NULL GROUP BY 1`, [advertisers])
      : Promise.resolve([]),
  ]);
  const counts = { visitors: countBy(visitors), referers: countBy(referers), lineItems: countBy(lineItems), topProducts: countBy(topProducts), blacklists: countBy(blacklists), catalogs: countBy(catalogs) };

  const perCampaign = new Map<string, Map<string, DayFigures>>();
  const dayOf = (campaign: string, day: string) => {
    if (!perCampaign.has(campaign)) perCampaign.set(campaign, new Map());
    const days = perCampaign.get(campaign)!;
    if (!days.has(day)) days.set(day, { ...EMPTY });
    return days.get(day)!;
  };
  for (const row of delivery) {
    Object.assign(dayOf(row.campaign_id, row.day), {
      impressions: num(row.impressions), clicks: num(row.clicks), pc: num(row.pc), pv: num(row.pv), pcValue: num(row.pc_value), pvValue: num(row.pv_value),
    });
  }
  for (const [campaign, days] of revenue) {
    for (const [day, cents] of days) {
      const figures = dayOf(campaign, day);
      figures.revenue = cents;
      figures.cost = mediaCost(cents, channels.get(campaign)?.get(day) ?? {});
    }
  }
  const onsiteByAdvertiser = new Map<string, Map<string, { events: number; products: number; withId: number; inCatalog: number }>>();
  for (const row of onsite) {
    if (!onsiteByAdvertiser.has(row.advertiser_id)) onsiteByAdvertiser.set(row.advertiser_id, new Map());
    onsiteByAdvertiser.get(row.advertiser_id)!.set(row.day, { events: num(row.events), products: num(row.product_events), withId: num(row.with_id), inCatalog: num(row.in_catalog) });
  }
  const crrByCampaign = new Map<string, Row[]>();
  for (const row of crrs) crrByCampaign.set(String(row.campaign), [...(crrByCampaign.get(String(row.campaign)) ?? []), row]);

  const today = todayIso();
  const rangeDays = daysOf(start, end);
  const previousDays = daysOf(from, addDays(start, -1));
  const figures = present.map((optimizer): Omit<OptimizerFigures, 'network' | 'judged'> & { judged: Omit<JudgedFigures, 'marketShare' | 'networkClicks' | 'networkSales'> } => {
    const campaign = campaigns.get(String(optimizer.campaign))!;
    const id = String(campaign.id);
    const advertiser = String(campaign.advertiser);
    const days = perCampaign.get(id) ?? new Map<string, DayFigures>();
    const at = (day: string) => days.get(day) ?? EMPTY;
    const runStart = campaign.start ? String(campaign.start).slice(0, 10) : start;
    const runEnd = campaign.end ? String(campaign.end).slice(0, 10) : end;
    // The complete days the campaign ran: up to yesterday, within its run.
    const complete = rangeDays.filter((day) => day < today && day >= runStart && day <= runEnd);
    const judgedSum = sumOf(complete.map(at));
    const onsiteDays = complete.map((day) => onsiteByAdvertiser.get(advertiser)?.get(day)).filter((x) => x !== undefined);
    const crrRows = crrByCampaign.get(id) ?? [];
    const crrDays = new Set(crrRows.map((row) => String(row.day).slice(0, 10)));
    const deliveryDays = complete.filter((day) => at(day).impressions + at(day).clicks + at(day).revenue > 0);
    return {
      optimizer, campaign, targets: targetsOf(optimizer), days,
      range: sumOf(rangeDays.map(at)),
      uniqueUsers: counts.visitors.get(id) ?? 0,
      crr: { revenue: crrRows.reduce((s, r) => s + num(r.totalRevenue), 0), cost: crrRows.reduce((s, r) => s + num(r.totalCost), 0), days: crrDays.size },
      judged: {
        active: campaign.status === 'active',
        days: complete.length,
        activeLineItems: counts.lineItems.get(id) ?? 0,
        dailyBudget: num(campaign.dailyBudget),
        budget: num(campaign.budget),
        impressions: judgedSum.impressions,
        clicks: judgedSum.clicks,
        sales: judgedSum.pc + judgedSum.pv,
        costCents: judgedSum.revenue,
        previousSales: sumOf(previousDays.map(at)).pc + sumOf(previousDays.map(at)).pv,
        daysWithClicksNoSales: complete.filter((day) => at(day).clicks > 0 && at(day).pc + at(day).pv === 0).length,
        deliveryDays: deliveryDays.length,
        crrDays: deliveryDays.filter((day) => crrDays.has(day)).length,
        topProducts: counts.topProducts.get(id) ?? 0,
        topReferers: counts.referers.get(id) ?? 0,
        onsiteEvents: onsiteDays.reduce((s, d) => s + d!.events, 0),
        productEvents: onsiteDays.reduce((s, d) => s + d!.products, 0),
        productsWithId: onsiteDays.reduce((s, d) => s + d!.withId, 0),
        productsInCatalog: onsiteDays.reduce((s, d) => s + d!.inCatalog, 0),
        hasCatalog: (counts.catalogs.get(advertiser) ?? 0) > 0,
        blacklisted: (counts.blacklists.get(id) ?? 0) > 0,
      },
    };
  });

  // Networks: every optimizer campaign of the same revenue source, over the period (and over the judged days).
  const networkOf = (row: { optimizer: Row }) => String(row.optimizer.revenueSource ?? '');
  const totals = new Map<string, { impressions: number; clicks: number; sales: number; revenue: number; judgedClicks: number; judgedSales: number }>();
  for (const row of figures) {
    const key = networkOf(row);
    const total = totals.get(key) ?? { impressions: 0, clicks: 0, sales: 0, revenue: 0, judgedClicks: 0, judgedSales: 0 };
    total.impressions += row.range.impressions;
    total.clicks += row.range.clicks;
    total.sales += row.range.pc + row.range.pv;
    total.revenue += row.range.revenue;
    total.judgedClicks += row.judged.clicks;
    total.judgedSales += row.judged.sales;
    totals.set(key, total);
  }
  const allSales = [...totals.values()].reduce((s, t) => s + t.sales, 0);
  return figures.map((row) => {
    const total = totals.get(networkOf(row))!;
    return {
      ...row,
      network: { impressions: total.impressions, clicks: total.clicks, sales: total.sales, revenue: total.revenue, share: percent(total.sales, allSales) },
      judged: { ...row.judged, marketShare: percent(row.judged.sales, total.judgedSales), networkClicks: total.judgedClicks, networkSales: total.judgedSales },
    };
  });
}

export { opr };
