/**
 * Delivery of the external networks (Facebook, Google Ads, Outbrain, DV360, ...), which this environment cannot
 * reach: each network's sandbox reports an hour of a line item's delivery the way a real reporting API would be
 * polled: impressions, clicks and cost within the line item's daily budget, plausible for its bid. The recurring
 * job `tracking.sandbox` pulls every live external line item's completed hours and writes them through the
 * pipeline (kind `delivery`, source `sandbox`), once per line item and hour (the row's client id).
 * The same figures drive the demo history (history.ts) and `npm run simulate` picks its rates from them.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { HOUSE_CHANNELS } from '../../booking/server/kit.ts';
import { costMilli, type DeliveryLineItem } from './delivery.ts';
import { writeEvents, type TrackedEvent } from './pipeline.ts';
import { channelByKey } from '@adsuite/config';

const HOUR_MS = 3_600_000;
export const SANDBOX_EVERY_MS = 5 * 60_000;

/** A stable pseudo-random number in [0, 1) for a key (the same hour reports the same figures). */
export function chance(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** Share of a day's delivery in each hour (UTC): quiet at night, busiest in the evening. */
const HOUR_SHAPE = [0.2, 0.15, 0.1, 0.1, 0.1, 0.2, 0.5, 0.8, 1, 1.1, 1.1, 1.2, 1.3, 1.2, 1.1, 1.1, 1.2, 1.4, 1.6, 1.8, 1.9, 1.7, 1.2, 0.6];
const SHAPE_SUM = HOUR_SHAPE.reduce((a, b) => a + b, 0);

export interface HourFigures {
  impressions: number;
  clicks: number;
  costMilli: number;
}

/**
 * An hour of delivery for a line item spending `dailyBudget` cents a day: cost near its share of the day,
 * clicks and views as its bid buys them, a click-through rate between 0.3 and 1.5 percent.
 */
export function hourFigures(lineitem: Pick<DeliveryLineItem, 'id' | 'bidType' | 'bidPrice' | 'fee'>, dailyBudget: number, hour: Date): HourFigures {
  const key = `${lineitem.id}|${hour.toISOString()}`;
  const share = (dailyBudget * 1000 * HOUR_SHAPE[hour.getUTCHours()]) / SHAPE_SUM;
  const budget = share * (0.75 + 0.35 * chance(`${key}|budget`));
  const ctr = 0.003 + 0.012 * chance(`${lineitem.id}|ctr`) * (0.8 + 0.4 * chance(`${key}|ctr`));
  const perClick = costMilli(lineitem, 'click');
  const perView = costMilli(lineitem, 'view');
  // Whole clicks and views: the rest of the budget buys one more with that chance (a small budget still gets clicks).
  const whole = (x: number, salt: string) => Math.floor(x) + (chance(`${key}|${salt}`) < x - Math.floor(x) ? 1 : 0);
  if (perClick > 0) {
    const clicks = whole(budget / perClick, 'clicks');
    return { clicks, impressions: Math.round(clicks / ctr + 40 * chance(`${key}|views`)), costMilli: clicks * perClick };
  }
  if (perView > 0) {
    const impressions = whole(budget / perView, 'views');
    return { impressions, clicks: Math.round(impressions * ctr), costMilli: impressions * perView };
  }
  // Paid per order: views and clicks cost nothing.
  const impressions = Math.round((dailyBudget / 24) * (2 + chance(`${key}|views`)));
  return { impressions, clicks: Math.round(impressions * ctr), costMilli: 0 };
}

interface LiveLineItem {
  id: string; advertiser_id: string; campaign_id: string; channel: string; bid_type: string | null; bid_price: string | null;
  daily_budget: string | null; creative_ids: string[] | null; last_hour: string | null;
}

/** Pulls the completed hours of every live external line item from its network's sandbox (at most the last 24). */
export async function pullSandboxDelivery(core: Core, now = new Date()): Promise<number> {
  const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const lineitems = await core.sequelize.query<LiveLineItem>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.channel, l.bid_type, l.bid_price, l.daily_budget, l.creatives_ids AS creative_ids,
       (SELECT max(e.created) FROM events e WHERE e.advertiser_id = l.advertiser_id AND e.lineitem_id = l.id AND e.kind = 'delivery'
          AND e.day >= $2::date) AS last_hour
     FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id
     WHERE l.archived_at IS NULL AND l.active = true AND l.autopaused IS NOT TRUE AND l.userpaused IS NOT TRUE AND c.status = 'active'
       AND NOT (l.channel = ANY($1::text[]))`,
    { bind: [[...HOUSE_CHANNELS], new Date(current - 26 * HOUR_MS).toISOString().slice(0, 10)], type: QueryTypes.SELECT },
  );
  const events: TrackedEvent[] = [];
  for (const row of lineitems) {
    const last = row.last_hour ? Math.floor(Date.parse(row.last_hour) / HOUR_MS) * HOUR_MS : current - 24 * HOUR_MS - HOUR_MS;
    const lineitem = { id: row.id, bidType: row.bid_type ?? 'CPC', bidPrice: Number(row.bid_price ?? 0), fee: channelByKey[row.channel]?.programmaticFee ?? 0 };
    for (let hour = Math.max(last + HOUR_MS, current - 24 * HOUR_MS); hour < current; hour += HOUR_MS) {
      events.push(deliveryEvent(row.advertiser_id, row.campaign_id, row.channel, lineitem, Number(row.daily_budget ?? 0), new Date(hour), 'sandbox', row.creative_ids?.[0] ?? null));
    }
  }
  if (events.length) await writeEvents(core, events);
  return events.length;
}

/** An hour of a line item's delivery as one raw event (written at the hour's last minute). */
export function deliveryEvent(
  advertiser: string, campaign: string, channel: string, lineitem: Pick<DeliveryLineItem, 'id' | 'bidType' | 'bidPrice' | 'fee'>,
  dailyBudget: number, hour: Date, source: 'house' | 'sandbox', banner: string | null, website: string | null = null, publisher: string | null = null,
): TrackedEvent {
  const figures = hourFigures(lineitem, dailyBudget, hour);
  return {
    kind: 'delivery', source, advertiser, campaign, lineitem: lineitem.id, channel, banner, website, publisher,
    impressions: figures.impressions, clicks: figures.clicks, costMilli: figures.costMilli,
    created: new Date(hour.getTime() + HOUR_MS - 60_000), clientId: `delivery:${lineitem.id}:${hour.toISOString()}${website ? `:${website}` : ''}`,
    data: { network: channelByKey[channel]?.name ?? channel, hour: hour.toISOString() },
  };
}
