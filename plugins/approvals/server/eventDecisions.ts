/**
 * Deciding conversions and clicks (SPEC section 4 "Approval of conversions/clicks", section 5's modal rules,
 * issue 14): pending -> approved or rejected, once. A decision of several events is one transaction under the
 * advertiser's lock (the lock the pipeline's billing takes): all of them or none.
 * - approved: the provision is the publisher's earning; a conversion's is the adjusted cart value / 100 x percent
 *   with a percentage commission, else the amount given (else the proposed one); the event's charge stays billed;
 * - rejected: provision 0 and the event's charge refunded (plugins/finances/server/approvalMoney.ts).
 * Each decision is in the activity log (who and when) with the event and its decision as the version.
 */
import { QueryTypes } from 'sequelize';
import { centsOf, type EventApprovalKind } from '@adsuite/config/approvals';
import { type Core, HttpError, NotFound, recordActivity, type RequestContext, text } from '@adsuite/backend/kit';
import { lockAdvertiser } from '../../finances/server/ledger.ts';
import { creditProvisions, refundRejected } from '../../finances/server/approvalMoney.ts';
import type { EventChange } from './eventInput.ts';
import { type ApprovalCampaign, clickRow, commissionOf, conversionRow, type EventRow, proposedProvision, readEvents } from './eventList.ts';

interface Decision {
  event: EventRow;
  status: 'approved' | 'rejected';
  cartCents: number | null;
  percent: number | null;
  provisionCents: number;
}

export async function decideEvents(core: Core, ctx: RequestContext, campaign: ApprovalCampaign, kind: EventApprovalKind, changes: EventChange[]) {
  const commission = kind === 'conversion' ? await commissionOf(core, campaign.advertiser) : { percent: null, fixedCents: null };
  const ids = changes.map((change) => change.id);
  await core.sequelize.transaction(async (transaction) => {
    await lockAdvertiser(core, transaction, campaign.advertiser);
    // Read under the lock: a decision taken meanwhile is seen.
    const { rows } = await readEvents(core, campaign, kind, { ids }, transaction);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      if (!byId.has(id)) throw new NotFound(text(`approvals.${kind}_not_found`, { id }));
      if (byId.get(id)!.status) throw new HttpError(409, text(`approvals.${kind}_decided`, { id }));
    }
    const decisions: Decision[] = changes.map((change) => {
      const event = byId.get(change.id)!;
      const cartCents = kind === 'conversion' ? change.cartCents ?? Number(event.value ?? 0) : null;
      if (!change.approved) return { event, status: 'rejected', cartCents, percent: null, provisionCents: 0 };
      const percent = kind === 'conversion' ? (change.percent !== undefined ? change.percent : commission.percent) : null;
      const provisionCents = percent !== null
        ? centsOf(((cartCents ?? 0) / 100 / 100) * percent)
        : change.provisionCents ?? proposedProvision(kind, event, commission);
      return { event, status: 'approved', cartCents, percent, provisionCents };
    });
    const inserted = await core.sequelize.query<{ event_id: string }>(
      `INSERT INTO event_approvals (advertiser_id, event_id, day, campaign_id, kind, status, cart_value, commission_percent, provision, decided_by, decided_at)
       SELECT $1, d.event_id, d.day, $2, $3, d.status, d.cart_value, d.commission_percent, d.provision, $4, now()
       FROM jsonb_to_recordset($5::jsonb) AS d(event_id uuid, day date, status text, cart_value bigint, commission_percent numeric, provision bigint)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      {
        bind: [campaign.advertiser, campaign.id, kind, ctx.user.id, JSON.stringify(decisions.map((d) => ({
          event_id: d.event.id, day: d.event.day, status: d.status, cart_value: d.cartCents, commission_percent: d.percent, provision: d.provisionCents,
        })))],
        type: QueryTypes.SELECT, transaction,
      },
    );
    if (inserted.length !== decisions.length) {
      const taken = decisions.find((d) => !inserted.some((row) => row.event_id === d.event.id))!;
      throw new HttpError(409, text(`approvals.${kind}_decided`, { id: taken.event.id }));
    }
    const day = (event: EventRow) => ({ day: event.day });
    const refunded = await refundRejected(core, transaction, campaign.advertiser, campaign.id, decisions.filter((d) => d.status === 'rejected').map((d) => ({
      eventId: d.event.id, costMilli: Number(d.event.cost_milli ?? 0), reference: d.event.order_id ?? d.event.id,
      description: kind === 'conversion'
        ? text('approvals.refund_conversion', { order: d.event.order_id ?? d.event.id, campaign: campaign.name })
        : text('approvals.refund_click', { day: day(d.event), campaign: campaign.name }),
    })));
    if (refunded.size) {
      await core.sequelize.query(
        `UPDATE event_approvals a SET refunded = r.cents FROM jsonb_to_recordset($2::jsonb) AS r(event_id uuid, cents bigint)
         WHERE a.advertiser_id = $1 AND a.event_id = r.event_id`,
        { bind: [campaign.advertiser, JSON.stringify([...refunded].map(([eventId, cents]) => ({ event_id: eventId, cents })))], transaction },
      );
    }
    await creditProvisions(core, transaction, decisions.filter((d) => d.status === 'approved' && d.event.publisher_id).map((d) => ({
      publisherId: d.event.publisher_id!, campaignId: campaign.id, cents: d.provisionCents, reference: d.event.order_id ?? d.event.id,
      description: kind === 'conversion'
        ? text('approvals.earning_conversion', { order: d.event.order_id ?? d.event.id, campaign: campaign.name })
        : text('approvals.earning_click', { day: day(d.event), campaign: campaign.name }),
    })));
    const resource = core.resource('event');
    for (const d of decisions) {
      await recordActivity(core, ctx, resource, 'update', {
        id: d.event.id, kind, campaign: campaign.id, advertiser: campaign.advertiser, lineitem: d.event.lineitem_id, banner: d.event.banner_id,
        publisher: d.event.publisher_id, orderId: d.event.order_id, value: Number(d.event.value ?? 0), costMilli: Number(d.event.cost_milli ?? 0),
        data: {
          approval: {
            status: d.status, cartValue: d.cartCents === null ? null : d.cartCents / 100, commissionPercent: d.percent, provision: d.provisionCents / 100,
            refunded: (refunded.get(d.event.id) ?? 0) / 100,
          },
        },
      }, transaction);
    }
  });
  const { rows } = await readEvents(core, campaign, kind, { ids });
  const order = new Map(ids.map((id, n) => [id, n]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((row) => (kind === 'conversion' ? conversionRow(row, commission) : clickRow(row)));
}
