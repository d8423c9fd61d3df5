/**
 * The ledger (the `transaction` resource): the only writer of ledger entries and advertiser balances.
 * Every write locks the advertiser row (SELECT ... FOR UPDATE), so concurrent writes on one advertiser
 * serialize, appends its entries and moves the balance by their sum in the same database transaction:
 * balance = sum of the ledger at every commit. A prepaid balance never goes below zero: a debit that would
 * make it negative is refused whole (InsufficientBalance), never capped.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, HttpError, inWords, languageOf, type Message, NotFound, type Row, text } from '@adsuite/backend/kit';
import { noteBalanceChange } from './alerts.ts';

export type LedgerType = 'topup' | 'coupon' | 'spend' | 'refund' | 'vat' | 'manual';

export interface LedgerEntry {
  type: LedgerType;
  /** Signed cents: credits positive, debits negative. */
  amount: number;
  /**
   * The entry's name: a text of the catalogue (`text('finances.ledger.card_topup')`), which every reader reads in
   * their language, or a free text as someone entered it (a manual spend).
   */
  description: Message;
  reference?: string | null;
  idempotencyKey?: string | null;
  coupon?: string | null;
  campaign?: string | null;
}

export interface Posted {
  entries: Row[];
  /** The balance after the entries, in cents. */
  balance: number;
  advertiser: AdvertiserFunds;
}

export class InsufficientBalance extends HttpError {
  constructor(balance: number, debit: number) {
    super(409, text('finances.insufficient_balance', { balance: { money: balance }, debit: { money: debit } }));
  }
}

/** An advertiser as money movements need it: balance in cents, and who its owner is (mails, invoices). */
export interface AdvertiserFunds {
  id: string;
  name: string;
  url: string | null;
  balance: number;
  billingType: string | null;
  owner: { email: string; name: string | null; surname: string | null; language: string | null } | null;
}

/** Locks the advertiser row (not its owner's) for the rest of the transaction and reads its funds. */
export async function lockAdvertiser(core: Core, transaction: Transaction, advertiserId: string): Promise<AdvertiserFunds> {
  const [row] = await core.sequelize.query<{
    id: string; name: string; url: string | null; balance: string | null; billing_type: string | null;
    email: string | null; owner_name: string | null; owner_surname: string | null; language: string | null;
  }>(
    `SELECT a.id, a.name, a.url, a.balance, a.billing_type, l.email, l.name AS owner_name, l.surname AS owner_surname, l.language
     FROM advertisers a LEFT JOIN logins l ON l.id = a.owner_id
     WHERE a.id = :advertiserId AND a.archived_at IS NULL FOR UPDATE OF a`,
    { replacements: { advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw new NotFound(text('finances.advertiser_not_found'));
  return {
    id: row.id, name: row.name, url: row.url, balance: Number(row.balance ?? 0), billingType: row.billing_type,
    owner: row.email ? { email: row.email, name: row.owner_name, surname: row.owner_surname, language: row.language } : null,
  };
}

/** Appends entries to an advertiser's ledger and moves its balance by their sum. */
export async function post(core: Core, transaction: Transaction, advertiserId: string, entries: LedgerEntry[]): Promise<Posted> {
  const advertiser = await lockAdvertiser(core, transaction, advertiserId);
  const change = entries.reduce((sum, entry) => sum + entry.amount, 0);
  const balance = advertiser.balance + change;
  if (change < 0 && balance < 0 && advertiser.billingType !== 'postpaid') throw new InsufficientBalance(advertiser.balance, -change);
  // A named entry is stored in the account's language too (search, readers without a language).
  const language = languageOf(advertiser.owner?.language);
  const created = await core.model('transaction').bulkCreate(
    entries.map((entry) => ({
      ...entry,
      description: inWords(entry.description, language).slice(0, 500),
      descriptionText: typeof entry.description === 'string' ? null : entry.description,
      advertiser: advertiserId,
    })),
    { transaction, returning: true },
  );
  await core.sequelize.query('UPDATE advertisers SET balance = :balance, updated = now() WHERE id = :advertiserId', {
    replacements: { balance, advertiserId }, transaction,
  });
  const after = { ...advertiser, balance };
  await noteBalanceChange(core, transaction, after);
  return { entries: created.map((row) => row.get({ plain: true }) as Row), balance, advertiser: after };
}

/** An entry booked earlier under this idempotency key (the advertiser must be locked by the caller). */
export async function entryByKey(core: Core, transaction: Transaction, advertiserId: string, idempotencyKey: string): Promise<Row | null> {
  const [row] = (await core.model('transaction').findAll({
    where: { advertiser: advertiserId, idempotencyKey }, raw: true, limit: 1, transaction,
  })) as Row[];
  return row ?? null;
}

export interface SpendRequest {
  advertiserId: string;
  /** Positive cents to take off the balance. */
  amount: number;
  description: Message;
  campaign?: string | null;
  reference?: string | null;
  /** The same key books the spend once (e.g. the ad server's `spend:<campaign>:<day>`). */
  idempotencyKey?: string | null;
}

/** Books a campaign spend; refused with InsufficientBalance when a prepaid balance does not cover it. */
export async function spend(core: Core, transaction: Transaction, request: SpendRequest): Promise<{ entry: Row; balance: number; repeated: boolean }> {
  if (!Number.isInteger(request.amount) || request.amount <= 0) throw new Error('A spend is a positive number of cents.');
  if (request.idempotencyKey) {
    const funds = await lockAdvertiser(core, transaction, request.advertiserId);
    const earlier = await entryByKey(core, transaction, request.advertiserId, request.idempotencyKey);
    if (earlier) return { entry: earlier, balance: funds.balance, repeated: true };
  }
  const { entries, balance } = await post(core, transaction, request.advertiserId, [{
    type: 'spend', amount: -request.amount, description: request.description, campaign: request.campaign ?? null,
    reference: request.reference ?? null, idempotencyKey: request.idempotencyKey ?? null,
  }]);
  return { entry: entries[0], balance, repeated: false };
}

export interface AccrualRequest {
  advertiserId: string;
  campaign: string;
  /** What the period has cost so far, in cents: the entry under the key is brought up to this. */
  totalCents: number;
  /** One entry per key: the ad server's `spend:<campaign>:<hour>`. */
  idempotencyKey: string;
  description: Message;
  reference?: string | null;
  /** When a new entry is dated (the end of its hour for delivery written later, such as the demo history). */
  at?: Date;
}

/**
 * Brings a running spend entry (the ad server's spend of a campaign in one hour) up to what the period has cost,
 * moving the balance by the difference. A prepaid balance is taken down to zero and no further: what it does not
 * cover is not booked, and `exhausted` says the balance is used up (the ad server then pauses the line items).
 */
export async function accrueSpend(core: Core, transaction: Transaction, request: AccrualRequest): Promise<{ billed: number; balance: number; exhausted: boolean }> {
  const advertiser = await lockAdvertiser(core, transaction, request.advertiserId);
  const prepaid = advertiser.billingType !== 'postpaid';
  const earlier = await entryByKey(core, transaction, request.advertiserId, request.idempotencyKey);
  const booked = earlier ? -Number(earlier.amount) : 0;
  let billed = Math.max(0, Math.round(request.totalCents) - booked);
  if (prepaid) billed = Math.min(billed, Math.max(0, advertiser.balance));
  const exhausted = prepaid && advertiser.balance - billed <= 0;
  if (billed === 0) return { billed, balance: advertiser.balance, exhausted };
  const language = languageOf(advertiser.owner?.language);
  if (earlier) {
    await core.model('transaction').update({ amount: -(booked + billed) }, { where: { id: earlier.id }, transaction });
  } else {
    await core.model('transaction').create({
      type: 'spend', amount: -billed, description: inWords(request.description, language).slice(0, 500),
      descriptionText: typeof request.description === 'string' ? null : request.description, advertiser: request.advertiserId,
      campaign: request.campaign, reference: request.reference ?? null, idempotencyKey: request.idempotencyKey,
      ...(request.at ? { created: request.at } : {}),
    }, { transaction });
  }
  const balance = advertiser.balance - billed;
  await core.sequelize.query('UPDATE advertisers SET balance = :balance, updated = now() WHERE id = :advertiserId', {
    replacements: { balance, advertiserId: request.advertiserId }, transaction,
  });
  await noteBalanceChange(core, transaction, { ...advertiser, balance });
  return { billed, balance, exhausted };
}

/** The balance as stored and the sum of the ledger, in cents (equal unless something bypassed this module). */
export async function auditBalance(core: Core, advertiserId: string): Promise<{ balance: number; ledger: number }> {
  const [row] = await core.sequelize.query<{ balance: string; ledger: string }>(
    `SELECT a.balance, COALESCE((SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id), 0) AS ledger
     FROM advertisers a WHERE a.id = :advertiserId`,
    { replacements: { advertiserId }, type: QueryTypes.SELECT },
  );
  if (!row) throw new NotFound(text('finances.advertiser_not_found'));
  return { balance: Number(row.balance), ledger: Number(row.ledger) };
}
