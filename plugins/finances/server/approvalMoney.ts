/**
 * The money of conversion and click decisions (issue 14, plugins/approvals): the tracking pipeline bills a CPO
 * conversion and a CPC click when it is tracked (the event's cost joins its campaign hour's `spend:` entry), so a
 * decision moves money only where that changes:
 * - rejected: the event's cost is refunded to the advertiser (a `refund` entry per event, key `approval:<event>`),
 *   never more than the campaign's booked spend less the refunds before (an hour a prepaid balance did not cover
 *   was not billed in full); the campaign's cost follows, its rollups stay the raw events';
 * - approved: the advertiser keeps the charge; the publisher's earnings ledger gets the provision.
 * The caller holds the advertiser's lock (`lockAdvertiser`) for the whole decision, the order the pipeline's
 * billing takes too, so balance = sum of the ledger at every commit.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, inWords, type Message } from '@adsuite/backend/kit';
import { entryByKey, post } from './ledger.ts';

export interface RejectedCharge {
  eventId: string;
  /** What the pipeline charged for the event, in thousandths of a cent. */
  costMilli: number;
  description: Message;
  reference: string | null;
}

/** Refunds rejected events' charges on one campaign; answers the cents refunded per event. */
export async function refundRejected(core: Core, transaction: Transaction, advertiserId: string, campaignId: string, charges: RejectedCharge[]): Promise<Map<string, number>> {
  const refunded = new Map<string, number>();
  const wanted = charges.filter((charge) => charge.costMilli > 0);
  if (!wanted.length) return refunded;
  const [room] = await core.sequelize.query<{ booked: string; given: string }>(
    `SELECT COALESCE(-SUM(amount) FILTER (WHERE type = 'spend'), 0) AS booked,
            COALESCE(SUM(amount) FILTER (WHERE type = 'refund' AND idempotency_key LIKE 'approval:%'), 0) AS given
     FROM transactions WHERE advertiser_id = $1 AND campaign_id = $2`,
    { bind: [advertiserId, campaignId], type: QueryTypes.SELECT, transaction },
  );
  let left = Math.max(0, Number(room.booked) - Number(room.given));
  const entries = [];
  for (const charge of wanted) {
    const key = `approval:${charge.eventId}`;
    if (await entryByKey(core, transaction, advertiserId, key)) continue;
    const cents = Math.min(Math.round(charge.costMilli / 1000), left);
    if (cents <= 0) continue;
    left -= cents;
    refunded.set(charge.eventId, cents);
    entries.push({ type: 'refund' as const, amount: cents, description: charge.description, campaign: campaignId, reference: charge.reference, idempotencyKey: key });
  }
  if (!entries.length) return refunded;
  await post(core, transaction, advertiserId, entries);
  const total = entries.reduce((sum, entry) => sum + entry.amount, 0);
  await core.sequelize.query(
    `UPDATE campaigns SET cost = GREATEST(COALESCE(cost, 0) - $2, 0),
       budget_left = CASE WHEN budget IS NULL THEN NULL ELSE GREATEST(budget - GREATEST(COALESCE(cost, 0) - $2, 0), 0) END, updated = now()
     WHERE id = $1`,
    { bind: [campaignId, total], transaction },
  );
  return refunded;
}

export interface Provision {
  publisherId: string;
  campaignId: string;
  /** Positive cents. */
  cents: number;
  description: Message;
  reference: string | null;
}

/** Credits approved provisions to the publishers' earnings ledgers (the `earning` resource; its sum is their balance). */
export async function creditProvisions(core: Core, transaction: Transaction, provisions: Provision[]): Promise<void> {
  const credited = provisions.filter((provision) => Number.isInteger(provision.cents) && provision.cents > 0);
  if (!credited.length) return;
  await core.model('earning').bulkCreate(credited.map((provision) => ({
    publisher: provision.publisherId, type: 'earning', amount: provision.cents, campaign: provision.campaignId,
    description: inWords(provision.description, 'de').slice(0, 500),
    descriptionText: typeof provision.description === 'string' ? null : provision.description,
    reference: provision.reference?.slice(0, 200) ?? null,
  })), { transaction });
}
