/**
 * The validation window (issue 33 "Authorize, then capture"): a conversion or click of an approval campaign that is
 * still reserved after its campaign's `validationDays` is approved by the platform, with the proposed provision, so
 * nothing stays reserved for ever. Run hourly by the job queue; each campaign's events go in decisions of at most
 * EVENT_BULK_MAX, each one transaction.
 */
import { QueryTypes } from 'sequelize';
import { DEFAULT_VALIDATION_DAYS, EVENT_BULK_MAX, type EventApprovalKind } from '@adsuite/config/approvals';
import type { Core } from '@adsuite/backend/kit';
import { decideEvents } from './eventDecisions.ts';

export const VALIDATION_JOB = 'approvals.validationWindow';
export const VALIDATION_INTERVAL_MS = 3_600_000;
const PLATFORM = '00000000-0000-0000-0000-000000000000';

/** Approves what waited longer than its window (`now` for tests); answers how many events it approved. */
export async function approveOverdue(core: Core, now = new Date()): Promise<number> {
  const due = await core.sequelize.query<{ advertiser_id: string; campaign_id: string; name: string; kind: EventApprovalKind; ids: string[] }>(
    `SELECT r.advertiser_id, r.campaign_id, c.name, r.kind, array_agg(r.event_id ORDER BY r.created) AS ids
     FROM reservations r JOIN campaigns c ON c.id = r.campaign_id
     WHERE r.created < $1::timestamptz - make_interval(days => COALESCE(c.validation_days, ${DEFAULT_VALIDATION_DAYS}))
     GROUP BY 1, 2, 3, 4`,
    { bind: [now.toISOString()], type: QueryTypes.SELECT },
  );
  let approved = 0;
  for (const group of due) {
    const campaign = { id: group.campaign_id, name: group.name, advertiser: group.advertiser_id };
    for (let at = 0; at < group.ids.length; at += EVENT_BULK_MAX) {
      const ids = group.ids.slice(at, at + EVENT_BULK_MAX);
      const rows = await decideEvents(core, { ctx: null, refunds: false, id: PLATFORM }, campaign, group.kind, ids.map((id) => ({ id, approved: true })));
      approved += rows.length;
    }
  }
  return approved;
}
