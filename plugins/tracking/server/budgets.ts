/**
 * Line items the pipeline auto-paused deliver again when the reason is gone: a daily budget on the next day
 * (UTC), a used-up prepaid balance after a top-up. A total budget used up stays paused for good. The recurring
 * job `tracking.resume` runs this every RESUME_EVERY_MS.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { forgetLineItems } from './delivery.ts';

export const RESUME_EVERY_MS = 15_000;

export async function resumeLineItems(core: Core, now = new Date()): Promise<string[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await core.sequelize.query<{ id: string }>(
    `UPDATE lineitems l SET autopaused = false, autopause_reason = NULL, updated = now()
     WHERE l.autopaused = true AND l.archived_at IS NULL AND (
       (l.autopause_reason = 'balance' AND EXISTS (
          SELECT 1 FROM advertisers a WHERE a.id = l.advertiser_id AND (a.balance > 0 OR a.billing_type = 'postpaid')))
       OR (l.autopause_reason = 'daily_budget' AND COALESCE((
          SELECT d.cost_milli FROM stat_lineitem_days d WHERE d.advertiser_id = l.advertiser_id AND d.lineitem_id = l.id AND d.day = $1::date), 0)
          < COALESCE(l.daily_budget, 0) * 1000))
     RETURNING l.id`,
    { bind: [today], type: QueryTypes.SELECT },
  );
  const ids = rows.map((row) => row.id);
  forgetLineItems(ids);
  return ids;
}
