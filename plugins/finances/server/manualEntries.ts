/**
 * Manual ledger entries (SPEC section 6: /transaction/new is the administrator's and above, /advertiser/transaction
 * the systemoperator's; both show this booking): a credit or a debit staff book by hand on an advertiser's
 * balance, with a reason that becomes the entry's name.
 *
 * - Who: whoever the route table lets open /transaction/new (administrator, affiliatemanager, systemoperator).
 *   Accounting reaches the finances (/advertiser/finances, /accounting) to read and keeps what plugins/finances
 *   already lets it do (spends and refunds, which each have their own endpoint), but creating money by hand is
 *   not among them.
 * - Amount: euros from 0.01 to MAX_TOP_UP (config/constants.ts) per entry, at most two decimals.
 * - Written through the ledger (`post`): the entry and the balance change in one database transaction, so the
 *   balance stays the ledger's sum; an activity-log entry in the same transaction.
 * - Once per client key: the `Idempotency-Key` header is stored with the entry (`manual:<key>`, unique per
 *   advertiser). The same key again answers the entry booked first (a double click books once); the key for
 *   another entry answers 422.
 * - A debit that would take a prepaid balance below zero is refused whole (409, at the amount field), never
 *   capped. Only a postpaid advertiser's balance may go negative: the ledger's own rule, with no exception
 *   by hand, so a correction of credit already spent is booked as far as the balance reaches.
 */
import { col, fn, Op, type Transaction, where } from 'sequelize';
import { MAX_TOP_UP, mayOpen, type Role } from '@adsuite/config';
import {
  type Core, type FieldError, HttpError, invalidFields, recordActivity, type RequestContext, type Row, text,
} from '@adsuite/backend/kit';
import { lockAdvertiser, post } from './ledger.ts';

/** Who books manual entries: the roles the route table lets open /transaction/new. */
export const mayBookByHand = (role: Role) => mayOpen('/transaction/new', { role });

export const MANUAL_DIRECTIONS = ['credit', 'debit'] as const;
export type ManualDirection = (typeof MANUAL_DIRECTIONS)[number];

/** The longest reason: it is the ledger entry's name, shown in a table cell and the CSV. */
export const MAX_REASON = 200;
/** The longest client key (stored as `manual:<key>` in a 200-character column). */
export const MAX_KEY = 100;

export interface ManualEntryInput {
  direction: ManualDirection;
  /** Positive cents. */
  amount: number;
  reason: string;
}

export interface ManualEntryRequest extends ManualEntryInput {
  advertiserId: string;
  /** The client's key, as sent. */
  key: string;
}

export interface ManualEntryResult {
  entry: Row;
  /** The balance after the entry (for a repeat: now), in cents. */
  balance: number;
  /** True when the key had booked this entry before. */
  repeated: boolean;
}

type Body = Record<string, unknown>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function amountOf(raw: unknown, errors: FieldError[]): number {
  const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : raw;
  const fail = (message: FieldError['message']) => (errors.push({ field: 'amount', message }), 0);
  if (typeof number !== 'number' || !Number.isFinite(number)) return fail(text('finances.manual.amount_invalid'));
  if (number > MAX_TOP_UP) return fail(text('finances.manual.amount_max', { max: { money: MAX_TOP_UP * 100 } }));
  if (number < 0.01) return fail(text('finances.manual.amount_min', { min: { money: 1 } }));
  const cents = Math.round(number * 100);
  if (Math.abs(number * 100 - cents) > 1e-6) return fail(text('finances.manual.amount_decimals'));
  return cents;
}

/** The body `{ direction, amount, reason }` (amount in euros) as plain values; every problem is a field error (400). */
export function parseManualEntry(raw: unknown): ManualEntryInput {
  const body: Body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {};
  const errors: FieldError[] = [];
  const direction = body.direction as ManualDirection;
  if (!MANUAL_DIRECTIONS.includes(direction)) errors.push({ field: 'direction', message: text('finances.manual.direction') });
  const amount = amountOf(body.amount, errors);
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) errors.push({ field: 'reason', message: text('finances.manual.reason_required') });
  else if (reason.length > MAX_REASON) errors.push({ field: 'reason', message: text('finances.manual.reason_too_long', { max: MAX_REASON }) });
  else if (CONTROL.test(reason)) errors.push({ field: 'reason', message: text('finances.manual.reason_invalid') });
  if (errors.length) throw invalidFields(errors);
  return { direction, amount, reason };
}

/** The `Idempotency-Key` header: 1 to MAX_KEY visible ASCII characters. */
export function parseEntryKey(raw: string | undefined): string {
  const key = raw?.trim() ?? '';
  if (!new RegExp(`^[\\x21-\\x7e]{1,${MAX_KEY}}$`).test(key)) {
    throw invalidFields([{ field: 'Idempotency-Key', message: text('finances.manual.key_required', { max: MAX_KEY }) }]);
  }
  return key;
}

/** Books the entry once per key; refuses a debit a prepaid balance does not cover. */
export async function bookManualEntry(core: Core, ctx: RequestContext, transaction: Transaction, request: ManualEntryRequest): Promise<ManualEntryResult> {
  const idempotencyKey = `manual:${request.key}`;
  const signed = request.direction === 'credit' ? request.amount : -request.amount;
  // The lock serializes every write on this advertiser, so a second request with the key waits and then sees the first.
  const funds = await lockAdvertiser(core, transaction, request.advertiserId);
  // Keys are unique per advertiser regardless of case (the declared unique index on lower(idempotency_key)).
  const earlier = (await core.model('transaction').findOne({
    where: { advertiser: request.advertiserId, [Op.and]: [where(fn('lower', col('idempotency_key')), idempotencyKey.toLowerCase())] },
    raw: true, transaction,
  })) as Row | null;
  if (earlier) {
    const same = earlier.type === 'manual' && Number(earlier.amount) === signed && earlier.description === request.reason;
    if (!same) throw new HttpError(422, text('finances.manual.key_reused'), [{ field: 'Idempotency-Key', message: text('finances.manual.key_reused') }]);
    return { entry: earlier, balance: funds.balance, repeated: true };
  }
  if (signed < 0 && funds.balance + signed < 0 && funds.billingType !== 'postpaid') {
    const message = text('finances.manual.not_covered', { balance: { money: funds.balance }, debit: { money: request.amount } });
    throw new HttpError(409, message, [{ field: 'amount', message }]);
  }
  const { entries, balance } = await post(core, transaction, request.advertiserId, [
    { type: 'manual', amount: signed, description: request.reason, idempotencyKey },
  ]);
  await recordActivity(core, ctx, core.resource('transaction'), 'create', entries[0], transaction);
  return { entry: entries[0], balance, repeated: false };
}
