/**
 * Deciding conversions and clicks (SPEC section 4 "Approval of conversions/clicks", section 5's modal rules, issue 33
 * "Approvals move money exactly"): pending -> approved or rejected, once. A decision of several events is one
 * transaction under the advertiser's lock (the lock the pipeline's billing takes): all of them or none.
 *
 * - An event of a campaign with click or conversion approval was only reserved when tracked. Approval captures the
 *   reservation (the advertiser is charged) and credits the publisher its provision; rejection releases it.
 * - An event of any other campaign was charged when tracked, and that is final: approval credits the provision;
 *   rejecting it is a refund (invalid traffic), for staff only, with a reason, at most what the event was charged.
 * - Bounds: the provision follows the commission terms (percent of the adjusted cart value, or fixed; the cart value
 *   may be lowered, never raised) and never exceeds the event's charge less the platform's fee: a value sent over
 *   them answers 400 naming its field; a proposed one is held to them.
 * - A provision goes only to a publisher that exists. Each decision is in the activity log (who and when).
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { EVENT_DECIDERS, EVENT_REFUNDERS, type EventApprovalKind } from '@adsuite/config/approvals';
import { mediaPartOf } from '@adsuite/config/pricing';
import { type Core, Forbidden, HttpError, Invalid, NotFound, recordActivity, type RequestContext, type ServerText, text } from '@adsuite/backend/kit';
import { lockAdvertiser } from '../../finances/server/kit.ts';
import { captureEvent, creditProvision, type MoneyEvent, refundEvent, releaseEvent } from '../../finances/server/kit.ts';
import type { EventChange } from './eventInput.ts';
import {
  type ApprovalCampaign, chargeOf, clickRow, type Commission, commissionOf, conversionRow, type EventRow, proposedProvision, readEvents,
} from './eventList.ts';

type Status = 'approved' | 'rejected';

interface Decision {
  event: EventRow;
  status: Status;
  cartCents: number | null;
  percent: number | null;
  provisionCents: number;
  /** Cents charged by this decision (a capture) or before it (charged when tracked). */
  charged: number;
  refunded: number;
  reason: string | null;
}

/** Who decides: a function of the decider, so the validation window's job decides as the platform. */
export interface Decider {
  ctx: RequestContext | null;
  /** Staff may refund events charged when tracked. */
  refunds: boolean;
  id: string;
}

export function deciderOf(ctx: RequestContext): Decider {
  if (!(EVENT_DECIDERS as readonly string[]).includes(ctx.role)) throw new Forbidden(text('approvals.decide_forbidden'));
  return { ctx, refunds: (EVENT_REFUNDERS as readonly string[]).includes(ctx.role), id: ctx.user.id };
}

const refuse = (field: string, message: ServerText): never => {
  throw new Invalid(message, [{ field, message }]);
};

/** The provision an approval credits, checked against the terms and the cap; 400 naming the field sent over them. */
function approvedProvision(kind: EventApprovalKind, change: EventChange, event: EventRow, commission: Commission, cap: number) {
  const money = (cents: number) => ({ money: cents });
  if (kind === 'click') {
    if (change.provisionCents === undefined) return { cartCents: null, percent: null, provisionCents: proposedProvision(kind, event, commission) };
    if (change.provisionCents > cap) refuse('provision', text('approvals.provision_over_charge', { max: money(cap) }));
    return { cartCents: null, percent: null, provisionCents: change.provisionCents };
  }
  const value = Number(event.value ?? 0);
  if (change.cartCents !== undefined && change.cartCents > value) refuse('adjustedCartValue', text('approvals.cart_raised', { max: money(value) }));
  const cartCents = change.cartCents ?? value;
  const termsPercent = commission.percent;
  const percent = change.percent !== undefined ? change.percent : termsPercent;
  if (percent !== null && termsPercent !== null && percent > termsPercent) refuse('commissionPercent', text('approvals.percent_over_terms', { max: termsPercent }));
  if (percent !== null) {
    const computed = Math.round((cartCents * percent) / 100);
    if (computed > cap && (change.percent !== undefined || change.cartCents !== undefined)) {
      refuse(change.percent !== undefined ? 'commissionPercent' : 'adjustedCartValue', text('approvals.provision_over_charge', { max: money(cap) }));
    }
    return { cartCents, percent, provisionCents: Math.min(computed, cap) };
  }
  if (change.provisionCents === undefined) return { cartCents, percent: null, provisionCents: proposedProvision(kind, event, commission) };
  if (commission.fixedCents !== null && change.provisionCents > commission.fixedCents) refuse('provision', text('approvals.provision_over_terms', { max: money(commission.fixedCents) }));
  if (change.provisionCents > cap) refuse('provision', text('approvals.provision_over_charge', { max: money(cap) }));
  return { cartCents, percent: null, provisionCents: change.provisionCents };
}

function moneyEvent(campaign: ApprovalCampaign, event: EventRow): MoneyEvent {
  return {
    id: event.id, advertiser: campaign.advertiser, campaign: campaign.id, campaignName: campaign.name, day: event.day, created: new Date(event.created),
    lineitem: event.lineitem_id, channel: event.channel, banner: event.banner_id, publisher: event.publisher_id, website: event.website,
    costMilli: Number(event.cost_milli ?? 0),
  };
}

export async function decideEvents(core: Core, decider: Decider, campaign: ApprovalCampaign, kind: EventApprovalKind, changes: EventChange[]) {
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
    // Every refusal before any money moves.
    const plans = changes.map((change) => {
      const event = byId.get(change.id)!;
      const reserved = Number(event.reserved_milli ?? 0) > 0;
      const chargedWhenTracked = !reserved && Number(event.cost_milli ?? 0) > 0;
      if (!change.approved && chargedWhenTracked) {
        if (!decider.refunds) throw new Forbidden(text('approvals.refund_forbidden'));
        if (!change.reason) refuse('reason', text('approvals.refund_reason_required', { max: 500 }));
      }
      const cap = mediaPartOf(chargeOf(event), event.channel);
      const provision = change.approved ? approvedProvision(kind, change, event, commission, cap) : null;
      return { change, event, reserved, chargedWhenTracked, provision };
    });
    const decisions: Decision[] = [];
    for (const { change, event, reserved, chargedWhenTracked, provision } of plans) {
      const money = moneyEvent(campaign, event);
      if (!provision) {
        const refunded = chargedWhenTracked ? await refundEvent(core, transaction, money) : 0;
        if (reserved) await releaseEvent(core, transaction, money);
        decisions.push({
          event, status: 'rejected', cartCents: kind === 'conversion' ? Number(event.value ?? 0) : null, percent: null, provisionCents: 0,
          charged: chargedWhenTracked ? chargeOf(event) : 0, refunded, reason: change.reason ?? null,
        });
        continue;
      }
      const charged = reserved ? await captureEvent(core, transaction, money) : chargeOf(event);
      // The balance may have covered less than the reservation: the provision follows what was charged.
      const provisionCents = event.publisher_name !== null ? Math.min(provision.provisionCents, mediaPartOf(charged, event.channel)) : 0;
      decisions.push({ event, status: 'approved', ...provision, provisionCents, charged, refunded: 0, reason: change.reason ?? null });
    }
    await storeDecisions(core, transaction, decider, campaign, kind, decisions);
  });
  const { rows } = await readEvents(core, campaign, kind, { ids });
  const order = new Map(ids.map((id, n) => [id, n]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((row) => (kind === 'conversion' ? conversionRow(row, commission) : clickRow(row)));
}

/** The decisions' rows, the provisions and the activity log, in the decision's transaction. */
async function storeDecisions(core: Core, transaction: Transaction, decider: Decider, campaign: ApprovalCampaign, kind: EventApprovalKind, decisions: Decision[]) {
  const inserted = await core.sequelize.query<{ event_id: string }>(
    `INSERT INTO event_approvals (advertiser_id, event_id, day, campaign_id, kind, status, cart_value, commission_percent, provision, charged, fee, refunded, reason, decided_by, decided_at)
     SELECT $1, d.event_id, d.day, $2, $3, d.status, d.cart_value, d.commission_percent, d.provision, d.charged, d.fee, d.refunded, d.reason, $4, now()
     FROM jsonb_to_recordset($5::jsonb) AS d(event_id uuid, day date, status text, cart_value bigint, commission_percent numeric, provision bigint,
       charged bigint, fee bigint, refunded bigint, reason text)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    {
      bind: [campaign.advertiser, campaign.id, kind, decider.id, JSON.stringify(decisions.map((d) => ({
        event_id: d.event.id, day: d.event.day, status: d.status, cart_value: d.cartCents, commission_percent: d.percent, provision: d.provisionCents,
        charged: d.charged, fee: d.charged - mediaPartOf(d.charged, d.event.channel), refunded: d.refunded, reason: d.reason,
      })))],
      type: QueryTypes.SELECT, transaction,
    },
  );
  if (inserted.length !== decisions.length) {
    const taken = decisions.find((d) => !inserted.some((row) => row.event_id === d.event.id))!;
    throw new HttpError(409, text(`approvals.${kind}_decided`, { id: taken.event.id }));
  }
  for (const d of decisions) {
    if (d.status !== 'approved' || d.provisionCents <= 0 || !d.event.publisher_id) continue;
    const day = { day: d.event.day };
    await creditProvision(core, transaction, {
      publisher: d.event.publisher_id, campaign: campaign.id, event: d.event.id, cents: d.provisionCents, reference: d.event.order_id ?? d.event.id,
      description: kind === 'conversion'
        ? text('approvals.earning_conversion', { order: d.event.order_id ?? d.event.id, campaign: campaign.name })
        : text('approvals.earning_click', { day, campaign: campaign.name }),
    });
  }
  if (!decider.ctx) return;
  const resource = core.resource('event');
  for (const d of decisions) {
    await recordActivity(core, decider.ctx, resource, 'update', {
      id: d.event.id, kind, campaign: campaign.id, advertiser: campaign.advertiser, lineitem: d.event.lineitem_id, banner: d.event.banner_id,
      publisher: d.event.publisher_id, orderId: d.event.order_id, value: Number(d.event.value ?? 0), costMilli: Number(d.event.cost_milli ?? 0),
      data: {
        approval: {
          status: d.status, cartValue: d.cartCents === null ? null : d.cartCents / 100, commissionPercent: d.percent, provision: d.provisionCents / 100,
          charged: d.charged / 100, refunded: d.refunded / 100, reason: d.reason,
        },
      },
    }, transaction);
  }
}
