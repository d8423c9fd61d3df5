/**
 * The money of one tracked click or conversion after it was tracked (issue 33 "Approvals move money exactly"):
 *
 * - capture: a campaign with click or conversion approval reserves an event's cost when it is tracked (the pipeline
 *   writes a `reservations` row; budgets and the available balance count it). Approval captures it: the cost enters
 *   the raw event, the rollups and the line item's day, and the campaign hour is settled;
 * - release: rejection removes the reservation; nothing was charged;
 * - refund: staff take back the cost of an event that was charged when tracked (invalid traffic): it leaves the raw
 *   event (billable false), the rollups and the line item's day, and the campaign hour is settled;
 * - provision: a publisher is credited at most the event's charge less the platform's fee, debited from the platform.
 *
 * Settling a campaign hour keeps its ledger equal to its rollups the way the pipeline books them: the hour costs
 * round(its cost in thousandths of a cent / 1000) cents; its `spend:` entry less its `refund:` entry is what it has
 * been charged; a shortfall is charged (a prepaid balance less the reservations covers what it can), an excess is
 * refunded on the hour's `refund:` entry. So what the ledger booked is what every report of the rollups shows, a
 * refund never gives back more than the hour was charged, and the next event of the hour is billed from there.
 * The caller holds the advertiser's lock (lockAdvertiser), the order the pipeline's billing takes too.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, inWords, type Message, text } from '@adsuite/backend/kit';
import { mediaPartOf } from '@adsuite/config/pricing';
import { growRunningEntry, lockAdvertiser, reservedCents } from './ledger.ts';
import { bookPlatform } from './platform.ts';

const NIL = '00000000-0000-0000-0000-000000000000';

/** A tracked event as its money needs it. */
export interface MoneyEvent {
  id: string;
  advertiser: string;
  campaign: string;
  campaignName: string;
  /** YYYY-MM-DD: the raw event's partition. */
  day: string;
  created: Date;
  lineitem: string | null;
  channel: string | null;
  banner: string | null;
  publisher: string | null;
  website: string | null;
  /** What the raw event holds as its cost, in thousandths of a cent (0 while reserved). */
  costMilli: number;
}

const hourOf = (created: Date) => `${new Date(created).toISOString().slice(0, 13)}:00:00.000Z`;

/** The event's reservation in thousandths of a cent, removed; 0 when it has none. */
export async function takeReservation(core: Core, transaction: Transaction, event: Pick<MoneyEvent, 'advertiser' | 'id'>): Promise<number> {
  const rows = await core.sequelize.query<{ amount_milli: string }>(
    'DELETE FROM reservations WHERE advertiser_id = $1 AND event_id = $2 RETURNING amount_milli',
    { bind: [event.advertiser, event.id], type: QueryTypes.SELECT, transaction },
  );
  return rows.length ? Number(rows[0].amount_milli) : 0;
}

/** Adds `milli` (signed) to the event's cost in the raw event, its hourly rollup (the daily ones follow by trigger) and its line item's day. */
async function moveCost(core: Core, transaction: Transaction, event: MoneyEvent, milli: number, refunded: boolean): Promise<void> {
  await core.sequelize.query(
    `UPDATE events SET cost_milli = GREATEST(COALESCE(cost_milli, 0) + $4, 0), billable = CASE WHEN $5 THEN false ELSE billable END, updated = now()
     WHERE advertiser_id = $1 AND day = $2::date AND id = $3`,
    { bind: [event.advertiser, event.day, event.id, milli, refunded], transaction },
  );
  await core.sequelize.query(
    `INSERT INTO stat_hourly (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website, cost_milli)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (advertiser_id, hour, campaign_id, lineitem_id, channel, banner_id, publisher_id, website)
     DO UPDATE SET cost_milli = stat_hourly.cost_milli + EXCLUDED.cost_milli`,
    {
      bind: [event.advertiser, hourOf(event.created), event.campaign, event.lineitem ?? NIL, event.channel ?? '', event.banner ?? NIL,
        event.publisher ?? NIL, event.website ?? '', milli],
      transaction,
    },
  );
  if (event.lineitem) {
    await core.sequelize.query(
      `INSERT INTO stat_lineitem_days (advertiser_id, lineitem_id, day, cost_milli) VALUES ($1, $2, $3::date, $4)
       ON CONFLICT (advertiser_id, lineitem_id, day) DO UPDATE SET cost_milli = stat_lineitem_days.cost_milli + EXCLUDED.cost_milli`,
      { bind: [event.advertiser, event.lineitem, event.day, milli], transaction },
    );
  }
}

/**
 * Books the campaign hour of the event as its rollup now says (see the top of this file); answers the cents charged
 * (positive) or refunded (negative) now. `atMost` caps a refund (an event's own charge, rounded up).
 */
async function settleHour(core: Core, transaction: Transaction, event: MoneyEvent, atMost = Infinity): Promise<number> {
  const hour = hourOf(event.created);
  const [row] = await core.sequelize.query<{ milli: string; spent: string; refunded: string }>(
    `SELECT
       (SELECT COALESCE(SUM(cost_milli), 0) FROM stat_hourly WHERE advertiser_id = $1 AND hour = $2 AND campaign_id = $3) AS milli,
       (SELECT COALESCE(-SUM(amount), 0) FROM transactions WHERE advertiser_id = $1 AND lower(idempotency_key) = lower($4)) AS spent,
       (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE advertiser_id = $1 AND lower(idempotency_key) = lower($5)) AS refunded`,
    { bind: [event.advertiser, hour, event.campaign, `spend:${event.campaign}:${hour}`, `refund:${event.campaign}:${hour}`], type: QueryTypes.SELECT, transaction },
  );
  const target = Math.round(Number(row.milli) / 1000);
  const charged = Number(row.spent) - Number(row.refunded);
  const period = { campaign: event.campaignName, day: { day: hour.slice(0, 10) }, time: hour.slice(11, 16) };
  const common = { campaign: event.campaign, reference: `${hour.slice(0, 10)} ${hour.slice(11, 16)}`, created: new Date(Math.min(Date.parse(hour) + 3_599_000, Date.now())) };
  let change = 0;
  if (target > charged) {
    const funds = await lockAdvertiser(core, transaction, event.advertiser);
    const owed = target - charged;
    const available = Math.max(0, funds.balance - (await reservedCents(core, transaction, event.advertiser)));
    const billed = funds.billingType === 'postpaid' ? owed : Math.min(owed, available);
    await growRunningEntry(core, transaction, event.advertiser, {
      type: 'spend', key: `spend:${event.campaign}:${hour}`, description: text('finances.ledger.campaign_spend_hour', period), ...common,
    }, -billed);
    change = billed;
  } else if (target < charged) {
    const refunded = Math.min(charged - target, atMost);
    await growRunningEntry(core, transaction, event.advertiser, {
      type: 'refund', key: `refund:${event.campaign}:${hour}`, description: text('finances.ledger.campaign_refund_hour', period), ...common,
    }, refunded);
    change = -refunded;
  }
  if (change !== 0) {
    await core.sequelize.query(
      `UPDATE campaigns SET cost = GREATEST(COALESCE(cost, 0) + $2, 0),
         budget_left = CASE WHEN budget IS NULL THEN NULL ELSE GREATEST(budget - GREATEST(COALESCE(cost, 0) + $2, 0), 0) END, updated = now()
       WHERE id = $1`,
      { bind: [event.campaign, change], transaction },
    );
  }
  return change;
}

/** Approval of a reserved event: its reservation becomes its cost and is charged; answers the cents charged. */
export async function captureEvent(core: Core, transaction: Transaction, event: MoneyEvent): Promise<number> {
  const milli = await takeReservation(core, transaction, event);
  if (milli <= 0) return 0;
  await moveCost(core, transaction, event, milli, false);
  return Math.max(0, await settleHour(core, transaction, event));
}

/** Rejection of a reserved event: the reservation is released; answers what it held, in thousandths of a cent. */
export async function releaseEvent(core: Core, transaction: Transaction, event: Pick<MoneyEvent, 'advertiser' | 'id'>): Promise<number> {
  return takeReservation(core, transaction, event);
}

/** Staff's refund of an event charged when tracked: its cost leaves the books; answers the cents refunded. */
export async function refundEvent(core: Core, transaction: Transaction, event: MoneyEvent): Promise<number> {
  if (event.costMilli <= 0) return 0;
  await moveCost(core, transaction, event, -event.costMilli, true);
  return Math.max(0, -(await settleHour(core, transaction, event, Math.ceil(event.costMilli / 1000))));
}

/** The most a publisher may be credited for an event charged `chargedCents` on a channel: the charge less the platform's fee. */
export const provisionCap = (chargedCents: number, channel: string | null) => mediaPartOf(chargedCents, channel);

export interface Provision {
  publisher: string;
  campaign: string;
  event: string;
  /** Positive cents, at most provisionCap of the event's charge (the caller checks). */
  cents: number;
  description: Message;
  reference: string | null;
}

/** Credits a provision to the publisher's earnings and debits it from the platform's account. */
export async function creditProvision(core: Core, transaction: Transaction, provision: Provision): Promise<void> {
  if (!Number.isInteger(provision.cents) || provision.cents <= 0) return;
  await core.model('earning').create({
    publisher: provision.publisher, type: 'earning', amount: provision.cents, campaign: provision.campaign,
    description: inWords(provision.description, 'de').slice(0, 500),
    descriptionText: typeof provision.description === 'string' ? null : provision.description,
    reference: provision.reference?.slice(0, 200) ?? null,
  }, { transaction });
  await bookPlatform(core, transaction, [{
    type: 'provision', amount: -provision.cents, publisher: provision.publisher, campaign: provision.campaign, event: provision.event,
    key: `provision:${provision.event}`,
  }]);
}
