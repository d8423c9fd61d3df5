/**
 * Expert Analytics of a campaign (SPEC sections 2, 3 "Expert stats" and 7 "GET /campaign/{id}/stats"): the cards
 * (unique users, impressions and clicks with the expected values, site CR with the average basket, onsite events
 * per class), the charts over days and per hour of the day, the creative performance per line item and channel,
 * and the campaign's assets.
 *
 * Delivery figures come from the daily rollup `stat_daily_creatives` (rollups.ts; one scan with GROUPING SETS of its
 * rows with their booked cents, cents.ts: the cost is what the ledger booked), the hours of the day from the hourly
 * rollup `stat_hourly`, unique users from `stat_visitors`; the onsite events (the container script's, each stored
 * with the campaign of the click or view it goes back to, plugins/tracking/server/attribution.ts) are counted per
 * class and day from the campaign's raw events of the range's day partitions.
 *
 * Definitions:
 * - uniqueCount: distinct visitors of the campaign's ads and of the shop visits they led to over the range (a
 *   visitor without the ad server's cookie is a daily IP hash, so one person may count once per day);
 * - clickCountExpected: the budget of the range / 2.50 euro (SPEC section 9 "Estimated clicks = budget / 2.5");
 *   impressionCountExpected: the impressions the budget of the range buys at the range's price per impression
 *   (null before the first paid impression). The budget of the range is the daily budget times the campaign's
 *   days in it, else the total budget spread evenly over its runtime;
 * - siteCr: conversions (post-click + post-view) * 100 / uniqueCount, 2 decimals; basketavg: conversion value /
 *   conversions in euros;
 * - pixelCount: the onsite events of the range that go back to the campaign's ads; `<class>`: those of one class,
 *   `<class>Perc` their share of pixelCount in percent (2 decimals); the shop's events no ad of the campaign led to
 *   count for no campaign;
 * - OPR (orders per reach): conversions (post-click + post-view) per 1,000 impressions, 2 decimals, per day and per
 *   hour of the day (unique users, the other measure of reach, exist per day only, not per hour);
 * - dwell time: a visitor's time on the advertiser's shop on a day, from its first to its last onsite event that
 *   goes back to the campaign, in seconds; per hour of the day (of the first event) the average over the visitors'
 *   days (visitors with a single event count with 0 s; events without a visitor, opted out, count nowhere);
 * - invalid: the invalid views, clicks and conversions (config/invalidTraffic.ts), in none of the figures above, their
 *   share of every event (figures.ts invalidShare) from the rollups, and per reason from the campaign's invalid raw
 *   events, read through their partial index (`events_invalid_idx`, which holds the invalid events alone).
 */
import { QueryTypes } from 'sequelize';
import { channelByKey, EVENT_CLASSES } from '@adsuite/config';
import type { Core } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { bookedRows, currentCents } from './cents.ts';
import { centsToEuros, cmp, invalidShare, keyOrNull, NIL, SUMS } from './figures.ts';
import { DAY_MS, parseDay, type DayRange } from './input.ts';

/** SPEC section 9: estimated clicks = budget / 2.5 euro. */
export const EURO_PER_EXPECTED_CLICK = 2.5;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10_000) / whole) / 100 : 0);
const chart = (labels: string[], data: number[]) => ({ labels, data });

interface Grouped {
  day: string | null; hod: number | null; lineitem_id: string | null; channel: string | null; banner_id: string | null; set: 'day' | 'hour' | 'creative' | 'total';
  impressions: string; clicks: string; pc: string; pv: string; cost: string; pc_value: string; pv_value: string; invalid: string;
  /** Booked cents (cents.ts); null per hour of the day. */
  cents: string | null;
}

/**
 * Per day, per line item x channel x creative and in total from the daily rollup with the booked cents (cents.ts);
 * per hour of the day from the hourly one.
 */
async function delivery(core: Core, campaign: ReportCampaign, range: DayRange): Promise<Grouped[]> {
  await currentCents(core, campaign.advertiser, [campaign.id], range);
  const daily = core.sequelize.query<Grouped>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, NULL AS hod, lineitem_id, channel, banner_id,
       CASE WHEN GROUPING(day) = 0 THEN 'day' WHEN GROUPING(banner_id) = 0 THEN 'creative' ELSE 'total' END AS set,
       ${SUMS}, SUM(pc_value) AS pc_value, SUM(pv_value) AS pv_value, SUM(cents) AS cents
     FROM ${bookedRows({ table: 'stat_daily_creatives', advertiser: '$1', campaigns: 'campaign_id = $2', start: '$3::date', end: '$4::date' })} r
     GROUP BY GROUPING SETS ((day), (lineitem_id, channel, banner_id), ())`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end], type: QueryTypes.SELECT },
  );
  const hourly = core.sequelize.query<Grouped>(
    `SELECT NULL AS day, EXTRACT(HOUR FROM hour AT TIME ZONE 'UTC')::int AS hod, NULL AS lineitem_id, NULL AS channel, NULL AS banner_id, 'hour' AS set,
       ${SUMS}, SUM(pc_value) AS pc_value, SUM(pv_value) AS pv_value, NULL AS cents
     FROM stat_hourly WHERE advertiser_id = $1 AND campaign_id = $2 AND hour >= $3 AND hour < $4 GROUP BY 2`,
    { bind: [campaign.advertiser, campaign.id, range.from.toISOString(), range.to.toISOString()], type: QueryTypes.SELECT },
  );
  return [...(await daily), ...(await hourly)];
}

async function uniqueUsers(core: Core, campaign: ReportCampaign, range: DayRange): Promise<number> {
  const [row] = await core.sequelize.query<{ n: string }>(
    `SELECT COUNT(DISTINCT visitor) AS n FROM stat_visitors WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end], type: QueryTypes.SELECT },
  );
  return Number(row?.n ?? 0);
}

/** The campaign's invalid views, clicks and conversions per reason, most first. */
async function invalidReasons(core: Core, campaign: ReportCampaign, range: DayRange) {
  const rows = await core.sequelize.query<{ reason: string; impressions: string; clicks: string; conversions: string }>(
    `SELECT invalid AS reason, SUM(impressions) AS impressions, SUM(clicks) AS clicks, COUNT(*) FILTER (WHERE kind = 'conversion') AS conversions FROM events
     WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date AND invalid IS NOT NULL AND kind <> 'event' GROUP BY invalid`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end], type: QueryTypes.SELECT },
  );
  return rows
    .map((row) => ({ reason: row.reason, impressions: Number(row.impressions), clicks: Number(row.clicks), conversions: Number(row.conversions) }))
    .map((row) => ({ ...row, count: row.impressions + row.clicks + row.conversions }))
    .sort((a, b) => b.count - a.count || cmp(a.reason, b.reason));
}

/** The campaign's onsite events per day and class. */
async function onsite(core: Core, campaign: ReportCampaign, range: DayRange) {
  return core.sequelize.query<{ day: string; cls: string | null; n: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, cls, COUNT(*) AS n FROM events
     WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date AND kind = 'event' AND bot = false GROUP BY day, cls`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end], type: QueryTypes.SELECT },
  );
}

/** Per hour of the day (UTC) of a visitor's first onsite event of the campaign on a day: visitor-days and their seconds on the shop. */
async function dwell(core: Core, campaign: ReportCampaign, range: DayRange) {
  return core.sequelize.query<{ hod: number; visits: string; seconds: string }>(
    `SELECT EXTRACT(HOUR FROM first AT TIME ZONE 'UTC')::int AS hod, COUNT(*) AS visits, SUM(EXTRACT(EPOCH FROM last - first)) AS seconds
     FROM (SELECT MIN(created) AS first, MAX(created) AS last FROM events
       WHERE advertiser_id = $1 AND campaign_id = $2 AND day >= $3::date AND day <= $4::date AND kind = 'event' AND bot = false AND visitor IS NOT NULL
       GROUP BY day, visitor) visits
     GROUP BY 1`,
    { bind: [campaign.advertiser, campaign.id, range.start, range.end], type: QueryTypes.SELECT },
  );
}

/** Conversions per 1,000 impressions, 2 decimals (OPR, see the top of this file). */
export const opr = (conversions: number, impressions: number) => (impressions > 0 ? Math.round((conversions * 100_000) / impressions) / 100 : 0);
const oprOf = (row: Grouped) => opr(Number(row.pc) + Number(row.pv), Number(row.impressions));

/** The campaign's budget over the range in euros (see the top of this file); null without a budget. */
export function budgetOfRange(campaign: { start?: unknown; end?: unknown; budget?: unknown; dailyBudget?: unknown }, range: DayRange): number | null {
  const first = typeof campaign.start === 'string' ? parseDay(campaign.start) : null;
  const last = typeof campaign.end === 'string' ? parseDay(campaign.end) : null;
  const from = Math.max(range.from.getTime(), first ?? -Infinity);
  const to = Math.min(range.to.getTime() - DAY_MS, last ?? Infinity);
  const days = to >= from ? Math.round((to - from) / DAY_MS) + 1 : 0;
  const daily = Number(campaign.dailyBudget ?? 0);
  if (daily > 0) return Math.round(daily * days * 100) / 100;
  const total = Number(campaign.budget ?? 0);
  if (total > 0 && first !== null && last !== null && last >= first) return Math.round((total * days * 100) / (Math.round((last - first) / DAY_MS) + 1)) / 100;
  return null;
}

async function assets(core: Core, campaign: ReportCampaign) {
  const table = (name: string) => core.resource(name).table;
  const [lineitems, banners, bookings, contracts] = await Promise.all([
    core.sequelize.query<{ id: string; name: string; channel: string | null; external_id: string | null }>(
      `SELECT id, name, channel, external_id FROM ${table('lineitem')} WHERE campaign_id = $1 AND archived_at IS NULL ORDER BY name, id`,
      { bind: [campaign.id], type: QueryTypes.SELECT }),
    core.sequelize.query<{ id: string; name: string; width: number | null; height: number | null }>(
      `SELECT id, name, width, height FROM ${table('banner')} WHERE advertiser_id = $1 AND campaign_id = $2 AND archived_at IS NULL ORDER BY name, id`,
      { bind: [campaign.advertiser, campaign.id], type: QueryTypes.SELECT }),
    core.sequelize.query<{ id: string; name: string }>(
      `SELECT id, name FROM ${table('booking')} WHERE campaign_id = $1 AND archived_at IS NULL ORDER BY name, id`,
      { bind: [campaign.id], type: QueryTypes.SELECT }),
    core.sequelize.query<{ id: string; name: string; channel: string | null; external_id: string | null }>(
      `SELECT id, name, channel, external_id FROM ${table('contract')} WHERE campaign_id = $1 AND archived_at IS NULL ORDER BY name, id`,
      { bind: [campaign.id], type: QueryTypes.SELECT }),
  ]);
  const externalIds = (row: { channel: string | null; external_id: string | null }) => (row.external_id ? { [row.channel ?? 'external']: row.external_id } : {});
  return {
    lineitem: lineitems.map((row) => ({ _id: row.id, name: row.name, channel: row.channel, externalIds: externalIds(row) })),
    banner: banners.map((row) => ({ _id: row.id, name: row.name, width: row.width, height: row.height, externalIds: {} })),
    booking: bookings.map((row) => ({ _id: row.id, name: row.name, externalIds: {} })),
    contract: contracts.map((row) => ({ _id: row.id, name: row.name, channel: row.channel, externalIds: externalIds(row) })),
  };
}

interface CreativeData {
  impression: number; click: number; pcConversions: number; pcConversionsValue: number; pvConversions: number; pvConversionsValue: number;
}

const creativeData = (row: Grouped): CreativeData => ({
  impression: Number(row.impressions), click: Number(row.clicks), pcConversions: Number(row.pc), pcConversionsValue: centsToEuros(Number(row.pc_value)),
  pvConversions: Number(row.pv), pvConversionsValue: centsToEuros(Number(row.pv_value)),
});

function sumData(list: CreativeData[]): CreativeData {
  const total = { impression: 0, click: 0, pcConversions: 0, pcConversionsValue: 0, pvConversions: 0, pvConversionsValue: 0 };
  for (const data of list) {
    total.impression += data.impression;
    total.click += data.click;
    total.pcConversions += data.pcConversions;
    total.pcConversionsValue += Math.round(data.pcConversionsValue * 100);
    total.pvConversions += data.pvConversions;
    total.pvConversionsValue += Math.round(data.pvConversionsValue * 100);
  }
  return { ...total, pcConversionsValue: centsToEuros(total.pcConversionsValue), pvConversionsValue: centsToEuros(total.pvConversionsValue) };
}

/** The creative performance tables: per line item, per channel, the creatives with a total row. */
async function creativeArray(core: Core, campaign: ReportCampaign, rows: Grouped[]) {
  const lineitemIds = [...new Set(rows.map((row) => row.lineitem_id).filter((id): id is string => Boolean(id) && id !== NIL))];
  const bannerIds = [...new Set(rows.map((row) => row.banner_id).filter((id): id is string => Boolean(id) && id !== NIL))];
  const [lineitems, banners] = await Promise.all([
    core.sequelize.query<{ id: string; name: string }>(`SELECT id, name FROM ${core.resource('lineitem').table} WHERE id = ANY($1::uuid[])`,
      { bind: [lineitemIds], type: QueryTypes.SELECT }),
    core.sequelize.query<{ id: string; name: string; width: number | null; height: number | null }>(
      `SELECT id, name, width, height FROM ${core.resource('banner').table} WHERE id = ANY($1::uuid[])`, { bind: [bannerIds], type: QueryTypes.SELECT }),
  ]);
  const lineitemName = new Map(lineitems.map((row) => [row.id, row.name]));
  const bannerOf = new Map(banners.map((row) => [row.id, row]));
  const byLineitem = new Map<string, Map<string, Grouped[]>>();
  for (const row of rows) {
    const lineitem = row.lineitem_id ?? NIL;
    const channels = byLineitem.get(lineitem) ?? new Map<string, Grouped[]>();
    const list = channels.get(row.channel ?? '') ?? [];
    list.push(row);
    channels.set(row.channel ?? '', list);
    byLineitem.set(lineitem, channels);
  }
  return [...byLineitem.entries()]
    .map(([lineitem, channels]) => ({
      entity: keyOrNull(lineitem) ? { _id: lineitem, name: lineitemName.get(lineitem) ?? null } : null,
      lineItem: keyOrNull(lineitem),
      channels: [...channels.entries()].sort(([a], [b]) => cmp(a, b)).map(([channel, list]) => {
        const creatives = list
          .map((row) => {
            const banner = keyOrNull(row.banner_id) ? bannerOf.get(row.banner_id!) : undefined;
            return {
              entity: keyOrNull(row.banner_id) ? { _id: row.banner_id, name: banner?.name ?? null, width: banner?.width ?? null, height: banner?.height ?? null } : null,
              data: creativeData(row),
            };
          })
          .sort((a, b) => b.data.click - a.data.click || b.data.impression - a.data.impression || cmp(a.entity?._id, b.entity?._id));
        return { channel: channel || null, name: channelByKey[channel]?.name ?? (channel || null), creatives, total: sumData(creatives.map((c) => c.data)) };
      }),
    }))
    .sort((a, b) => cmp(a.entity?.name ?? '\uffff', b.entity?.name ?? '\uffff') || cmp(a.lineItem, b.lineItem));
}

/** The Expert Analytics answer (see the top of this file). */
export async function expertStats(core: Core, campaign: ReportCampaign, range: DayRange) {
  const started = performance.now();
  const [rows, uniqueCount, events, campaignAssets, visits, reasons] = await Promise.all([
    delivery(core, campaign, range), uniqueUsers(core, campaign, range), onsite(core, campaign, range), assets(core, campaign), dwell(core, campaign, range),
    invalidReasons(core, campaign, range),
  ]);
  const total = rows.find((row) => row.set === 'total');
  const counts = {
    impressions: Number(total?.impressions ?? 0), clicks: Number(total?.clicks ?? 0), pcConversions: Number(total?.pc ?? 0), pvConversions: Number(total?.pv ?? 0),
    // The delivered cost prices an impression; the cost shown is what the ledger booked (cents.ts).
    costMilli: Number(total?.cost ?? 0), cents: Number(total?.cents ?? 0), invalid: Number(total?.invalid ?? 0),
  };
  const value = Number(total?.pc_value ?? 0) + Number(total?.pv_value ?? 0);
  const conversions = counts.pcConversions + counts.pvConversions;

  const budget = budgetOfRange(campaign.row, range);
  const clickCountExpected = budget === null ? null : Math.round(budget / EURO_PER_EXPECTED_CLICK);
  const impressionCountExpected = budget === null || counts.impressions === 0 || counts.costMilli === 0
    ? null : Math.round((budget * 100_000 * counts.impressions) / counts.costMilli);

  const byClass = Object.fromEntries(EVENT_CLASSES.map((cls) => [cls, 0])) as Record<string, number>;
  const perDay = (cls: string) => new Map(events.filter((row) => row.cls === cls).map((row) => [row.day, Number(row.n)]));
  let pixelCount = 0;
  for (const row of events) {
    pixelCount += Number(row.n);
    if (row.cls && row.cls in byClass) byClass[row.cls] += Number(row.n);
  }
  const classFigures: Record<string, number> = {};
  for (const cls of EVENT_CLASSES) {
    classFigures[cls] = byClass[cls];
    classFigures[`${cls}Perc`] = percent(byClass[cls], pixelCount);
  }

  const days = new Map(rows.filter((row) => row.set === 'day').map((row) => [row.day!, row]));
  const daily = (pick: (row: Grouped) => number) => chart(range.days, range.days.map((day) => (days.has(day) ? pick(days.get(day)!) : 0)));
  const hours = new Map(rows.filter((row) => row.set === 'hour').map((row) => [Number(row.hod), row]));
  const hourLabels = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const hourly = (pick: (row: Grouped) => number) => chart(hourLabels, hourLabels.map((_, hour) => (hours.has(hour) ? pick(hours.get(hour)!) : 0)));
  const dwellOf = new Map(visits.map((row) => [Number(row.hod), Math.round(Number(row.seconds) / Number(row.visits))]));
  const orders = perDay('order');
  const products = perDay('product');

  const creatives = await creativeArray(core, campaign, rows.filter((row) => row.set === 'creative'));
  return {
    name: campaign.name,
    range: { start: range.start, end: range.end },
    uniqueCount,
    impressionCount: counts.impressions,
    impressionCountExpected,
    clickCount: counts.clicks,
    clickCountExpected,
    pcConversions: counts.pcConversions,
    pvConversions: counts.pvConversions,
    cost: centsToEuros(counts.cents),
    siteCr: percent(conversions, uniqueCount),
    basketavg: conversions > 0 ? Math.round(value / conversions) / 100 : 0,
    pixelCount,
    ...classFigures,
    creativeArray: creatives,
    assets: campaignAssets,
    /** Invalid traffic (never billed): how much, its share of every event in percent, and per reason. */
    invalid: { count: counts.invalid, share: invalidShare(counts), reasons },
    /** Over the days of the range (SPEC section 7: charts of GET /campaign/{id}/stats, each labels and data). */
    charts: {
      impressions: daily((row) => Number(row.impressions)),
      clicks: daily((row) => Number(row.clicks)),
      opr: daily(oprOf),
      conversion: daily((row) => Number(row.pc) + Number(row.pv)),
      revenue: daily((row) => centsToEuros(Number(row.pc_value) + Number(row.pv_value))),
      order: chart(range.days, range.days.map((day) => orders.get(day) ?? 0)),
      products: chart(range.days, range.days.map((day) => products.get(day) ?? 0)),
    },
    /** Per hour of the day (UTC), summed over the range. */
    hourly: {
      impressions: hourly((row) => Number(row.impressions)),
      clicks: hourly((row) => Number(row.clicks)),
      opr: hourly(oprOf),
      dwell: chart(hourLabels, hourLabels.map((_, hour) => dwellOf.get(hour) ?? 0)),
    },
    queryTime: Math.round(performance.now() - started) / 1000,
  };
}
