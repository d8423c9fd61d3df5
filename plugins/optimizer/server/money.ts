/**
 * A campaign day's money as the optimizer reads it: revenue is what the advertiser's ledger booked for the
 * campaign's hours of the day (its `spend:<campaign>:<hour>` entries less their `refund:` entries, the same
 * entries the reports read); cost is the media part of it, the revenue less each channel's programmatic fee
 * (config/pricing.ts), the day's cents shared over its channels by their rollup cost (largest remainder).
 * Commission is revenue less cost: what the platform keeps.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { mediaPartOf } from '@adsuite/config/pricing';

export interface CampaignKey { advertiser: string; campaign: string }

/** `cents` shared over `weights` in proportion, by the largest-remainder method (ties in key order). */
export function shareOut(cents: number, weights: Record<string, number>): Record<string, number> {
  const keys = Object.keys(weights).sort();
  const total = keys.reduce((sum, key) => sum + Math.max(0, weights[key]), 0);
  const shares: Record<string, number> = {};
  if (total <= 0 || cents === 0) {
    for (const key of keys) shares[key] = 0;
    return shares;
  }
  const big = BigInt(cents);
  const whole = BigInt(Math.round(total));
  const rests: { key: string; rest: bigint }[] = [];
  let given = 0n;
  for (const key of keys) {
    const part = big * BigInt(Math.round(Math.max(0, weights[key])));
    shares[key] = Number(part / whole);
    given += part / whole;
    rests.push({ key, rest: part % whole });
  }
  rests.sort((a, b) => (a.rest === b.rest ? a.key.localeCompare(b.key) : a.rest > b.rest ? -1 : 1));
  for (let i = 0; i < Number(big - given); i++) shares[rests[i].key] += 1;
  return shares;
}

/** The media part of a day's revenue: its cents shared over the channels by cost, each less its channel's fee. */
export function mediaCost(revenueCents: number, channelMilli: Record<string, number>): number {
  if (revenueCents <= 0) return 0;
  const shares = shareOut(revenueCents, channelMilli);
  return Object.entries(shares).reduce((sum, [channel, cents]) => sum + mediaPartOf(cents, channel), 0);
}

const dayAfter = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

/** Revenue in cents per campaign and UTC day of [start, end], from the ledger (see the top of this file). */
export async function bookedRevenue(core: Core, campaigns: CampaignKey[], start: string, end: string): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  if (!campaigns.length) return result;
  const table = core.resource('transaction').table;
  const entries = (type: 'spend' | 'refund') => `SELECT t.idempotency_key, t.amount FROM ${table} t
      WHERE t.advertiser_id = k.advertiser_id AND t.type = '${type}'
        AND lower(t.idempotency_key) >= '${type}:' || k.campaign_id || ':' || $3::text
        AND lower(t.idempotency_key) < '${type}:' || k.campaign_id || ':' || $4::text`;
  const rows = await core.sequelize.query<{ campaign_id: string; day: string; cents: string }>(
    `SELECT k.campaign_id, left(split_part(t.idempotency_key, ':', 3), 10) AS day, -SUM(t.amount)::bigint AS cents
     FROM unnest($1::uuid[], $2::uuid[]) AS k(advertiser_id, campaign_id)
     CROSS JOIN LATERAL (${entries('spend')} UNION ALL ${entries('refund')}) t
     GROUP BY 1, 2`,
    { bind: [campaigns.map((c) => c.advertiser), campaigns.map((c) => c.campaign), start, dayAfter(end)], type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    if (!result.has(row.campaign_id)) result.set(row.campaign_id, new Map());
    result.get(row.campaign_id)!.set(row.day, Number(row.cents));
  }
  return result;
}

/** The rollup cost (thousandths of a cent) per campaign, day and channel of [start, end] (stat_daily_channels). */
export async function channelCosts(core: Core, campaigns: CampaignKey[], start: string, end: string): Promise<Map<string, Map<string, Record<string, number>>>> {
  const result = new Map<string, Map<string, Record<string, number>>>();
  if (!campaigns.length) return result;
  const rows = await core.sequelize.query<{ campaign_id: string; day: string; channel: string; milli: string }>(
    `SELECT campaign_id, to_char(day, 'YYYY-MM-DD') AS day, channel, SUM(cost_milli)::bigint AS milli
     FROM stat_daily_channels WHERE advertiser_id = ANY($1::uuid[]) AND campaign_id = ANY($2::uuid[]) AND day >= $3::date AND day <= $4::date
     GROUP BY 1, 2, 3`,
    { bind: [[...new Set(campaigns.map((c) => c.advertiser))], campaigns.map((c) => c.campaign), start, end], type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    if (!result.has(row.campaign_id)) result.set(row.campaign_id, new Map());
    const days = result.get(row.campaign_id)!;
    days.set(row.day, { ...days.get(row.day), [row.channel]: Number(row.milli) });
  }
  return result;
}
