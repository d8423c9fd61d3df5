/**
 * CRR days (SPEC section 3 "CRR day"): per campaign and UTC day its impressions, clicks, conversions, revenue
 * and cost, from the daily rollup and the ledger (money.ts). The job `optimizer.crr` computes yesterday every
 * hour (late network reports and refunds of yesterday's hours still arrive) and rolls the day's onsite events up
 * (onsite.ts); staff re-run it from the affiliate dashboard. Idempotent: a campaign day's row is found by
 * (campaign, day) and set to what the rollups say now, so running it twice changes nothing.
 */
import { QueryTypes } from 'sequelize';
import type { Core, Row } from '@adsuite/backend/kit';
import { bookedRevenue, channelCosts, mediaCost } from './money.ts';
import { rollUpOnsiteDay } from './onsite.ts';
import { addDays, todayIso } from './figures.ts';

export const CRR_JOB = 'optimizer.crr';
export const CRR_EVERY_MS = 3_600_000;
export const yesterday = () => addDays(todayIso(), -1);

/** Computes the CRR days of `day` and rolls its onsite events up; answers how many campaigns it wrote. */
export async function computeCrrDay(core: Core, day: string): Promise<number> {
  await rollUpOnsiteDay(core, day);
  if (!core.models.has('crr')) return 0;
  const delivered = await core.sequelize.query<{ advertiser_id: string; campaign_id: string; impressions: string; clicks: string; conversions: string }>(
    `SELECT advertiser_id, campaign_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
     FROM stat_daily_publishers WHERE day = $1::date AND campaign_id <> '00000000-0000-0000-0000-000000000000' GROUP BY 1, 2`,
    { bind: [day], type: QueryTypes.SELECT },
  );
  const keys = delivered.map((row) => ({ advertiser: row.advertiser_id, campaign: row.campaign_id }));
  const [revenue, channels] = await Promise.all([bookedRevenue(core, keys, day, day), channelCosts(core, keys, day, day)]);
  const known = new Set(((await core.model('campaign').findAll({ attributes: ['id'], where: { id: keys.map((k) => k.campaign) }, raw: true })) as Row[]).map((c) => String(c.id)));
  const model = core.model('crr');
  let written = 0;
  for (const row of delivered) {
    if (!known.has(row.campaign_id)) continue;
    const cents = revenue.get(row.campaign_id)?.get(day) ?? 0;
    const values = {
      day, campaign: row.campaign_id, advertiser: row.advertiser_id,
      impressions: Number(row.impressions), clicks: Number(row.clicks), conversions: Number(row.conversions),
      totalRevenue: cents, totalCost: mediaCost(cents, channels.get(row.campaign_id)?.get(day) ?? {}),
    };
    await core.sequelize.transaction(async (transaction) => {
      // One writer per campaign day at a time (the hourly job and a staff re-run may meet).
      await core.sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', { bind: [`crr:${row.campaign_id}:${day}`], transaction });
      const existing = await model.findOne({ where: { campaign: row.campaign_id, day }, transaction });
      if (existing) await existing.update(values, { transaction });
      else await model.create(values, { transaction });
    });
    written++;
  }
  return written;
}
