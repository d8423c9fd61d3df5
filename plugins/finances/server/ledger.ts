/**
 * The ledger (the `transaction` resource): the only writer of ledger entries and advertiser balances.
 * Every write locks the advertiser row (SELECT ... FOR UPDATE), so concurrent writes on one advertiser
 * serialize, appends its entries and moves the balance by their sum in the same database transaction:
 * balance = sum of the ledger at every commit. A prepaid balance never goes below zero: a debit that would
 * make it negative is refused whole (InsufficientBalance), never capped.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, HttpError, inWords, languageOf, type Message, NotFound, type Row, text } from '@adsuite/backend/kit';
import { type AlertLevel, classifyBalance, noteBalanceChange } from './alerts.ts';

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

/** Locks advertisers (not their owners) in id order, the order every writer of several takes, and reads their funds. */
export async function lockAdvertisers(core: Core, transaction: Transaction, advertiserIds: string[]): Promise<Map<string, AdvertiserFunds>> {
  const rows = await core.sequelize.query<{
    id: string; name: string; url: string | null; balance: string | null; billing_type: string | null;
    email: string | null; owner_name: string | null; owner_surname: string | null; language: string | null;
  }>(
    `SELECT a.id, a.name, a.url, a.balance, a.billing_type, l.email, l.name AS owner_name, l.surname AS owner_surname, l.language
     FROM advertisers a LEFT JOIN logins l ON l.id = a.owner_id
     WHERE a.id = ANY($1::uuid[]) AND a.archived_at IS NULL ORDER BY a.id FOR UPDATE OF a`,
    { bind: [[...new Set(advertiserIds)].sort()], type: QueryTypes.SELECT, transaction },
  );
  return new Map(rows.map((row) => [row.id, {
    id: row.id, name: row.name, url: row.url, balance: Number(row.balance ?? 0), billingType: row.billing_type,
    owner: row.email ? { email: row.email, name: row.owner_name, surname: row.owner_surname, language: row.language } : null,
  }]));
}

export interface Accrued {
  /** Cents booked now, by idempotency key. */
  billed: Map<string, number>;
  /** The balance after the accruals, by advertiser. */
  balances: Map<string, number>;
  /** Prepaid advertisers whose balance is used up (the ad server then pauses their line items). */
  exhausted: Set<string>;
}

/** A running spend entry as `ACCRUAL_SQL` reads it: a request without its cost, in the advertiser's language. */
export interface AccrualRow {
  n: number; advertiser_id: string; campaign_id: string; key: string; description: string; description_text: Message | null;
  reference: string | null; created: string; balance: number; prepaid: boolean;
}

/** The rows of `requests` whose advertiser is locked (`funds`), numbered in their order, without their cost. */
export function accrualRows(funds: Map<string, AdvertiserFunds>, requests: Omit<AccrualRequest, 'totalCents'>[]): AccrualRow[] {
  return requests.filter((request) => funds.has(request.advertiserId)).map((request, n) => {
    const advertiser = funds.get(request.advertiserId)!;
    return {
      n, advertiser_id: request.advertiserId, campaign_id: request.campaign, key: request.idempotencyKey,
      description: inWords(request.description, languageOf(advertiser.owner?.language)).slice(0, 500),
      description_text: typeof request.description === 'string' ? null : request.description, reference: request.reference ?? null,
      created: (request.at ?? new Date()).toISOString(), balance: advertiser.balance, prepaid: advertiser.billingType !== 'postpaid',
    };
  });
}

/**
 * The accrual as common table expressions of a statement that defines `wanted` before them (the columns of
 * `AccrualRow` and `total_cents`, what the period has cost so far), so that a caller can book its spend in the
 * statement that computes it (the event pipeline). `billed` holds every wanted row with what it booked now.
 * owed = the period's cost less what its entry holds; a prepaid balance covers the owed amounts in order:
 * each gets at most what the balance less the amounts owed before it leaves (so none once it is used up).
 */
export const ACCRUAL_SQL = `due AS (
       SELECT w.*, e.id AS entry_id, COALESCE(-e.amount, 0) AS booked, GREATEST(0, w.total_cents - COALESCE(-e.amount, 0)) AS owed
       FROM wanted w LEFT JOIN transactions e ON e.advertiser_id = w.advertiser_id AND lower(e.idempotency_key) = lower(w.key)
     ), billed AS (
       SELECT due.*, CASE WHEN NOT prepaid THEN owed ELSE LEAST(owed, GREATEST(0, balance - COALESCE(SUM(owed) OVER (
         PARTITION BY advertiser_id ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) END AS billed
       FROM due
     ), grown AS (
       UPDATE transactions t SET amount = -(b.booked + b.billed), updated = now() FROM billed b WHERE t.id = b.entry_id AND b.billed > 0 RETURNING 1
     ), opened AS (
       INSERT INTO transactions (type, amount, description, description_text, advertiser_id, campaign_id, reference, idempotency_key, created, updated)
       SELECT 'spend', -billed, description, description_text, advertiser_id, campaign_id, reference, key, created, now()
       FROM billed WHERE entry_id IS NULL AND billed > 0 ORDER BY n RETURNING 1
     ), moved AS (
       UPDATE advertisers a SET balance = a.balance - s.billed, updated = now()
       FROM (SELECT advertiser_id, SUM(billed) AS billed FROM billed GROUP BY advertiser_id HAVING SUM(billed) > 0) s WHERE a.id = s.advertiser_id RETURNING 1
     )`;

/**
 * What `settleAccruals` needs of `billed`, as a JSON array in `n` order: read in the statement (what noteBalanceChange
 * would read, alerts.ts), its round trip is saved when the balance's level stays.
 */
export const ACCRUAL_ANSWER_SQL = `(SELECT json_agg(json_build_object('key', key, 'advertiser', advertiser_id, 'billed', billed,
       'used', (SELECT COALESCE(SUM(daily_budget), 0) FROM campaigns c WHERE c.advertiser_id = b.advertiser_id AND c.status = 'active' AND c.archived_at IS NULL),
       'remembered', (SELECT level FROM finance_balance_alerts f WHERE f.advertiser_id = b.advertiser_id)) ORDER BY n) FROM billed b)`;

export interface AccrualAnswer { key: string; advertiser: string; billed: number | string; used: number | string; remembered: AlertLevel | null }

/** The accruals' outcome (see `ACCRUAL_ANSWER_SQL`); notes a balance whose alert level changed (alerts.ts). */
export async function settleAccruals(core: Core, transaction: Transaction, funds: Map<string, AdvertiserFunds>, answers: AccrualAnswer[]): Promise<Accrued> {
  const accrued: Accrued = { billed: new Map(), balances: new Map(), exhausted: new Set() };
  const moved = new Map<string, { amount: number; used: number; remembered: AlertLevel }>();
  for (const row of answers) {
    accrued.billed.set(row.key, Number(row.billed));
    const before = moved.get(row.advertiser)?.amount ?? 0;
    moved.set(row.advertiser, { amount: before + Number(row.billed), used: Number(row.used), remembered: row.remembered ?? 'ok' });
  }
  for (const [advertiserId, { amount, used, remembered }] of moved) {
    const advertiser = funds.get(advertiserId)!;
    const balance = advertiser.balance - amount;
    const prepaid = advertiser.billingType !== 'postpaid';
    accrued.balances.set(advertiserId, balance);
    if (prepaid && balance <= 0) accrued.exhausted.add(advertiserId);
    // A level equal to the one remembered changes nothing there (and mails nobody).
    if (amount > 0 && classifyBalance({ balance, usedDailyBudget: used, prepaid }) !== remembered) {
      await noteBalanceChange(core, transaction, { ...advertiser, balance });
    }
  }
  return accrued;
}

/**
 * Brings running spend entries (the ad server's spend of a campaign in one hour) up to what their periods have
 * cost, moving each balance by the difference, in one statement for all of them. The advertisers must be locked
 * by `lockAdvertisers` in an earlier statement of the transaction (so the entries read here are the latest).
 * A prepaid balance is taken down to zero and no further, in the order of `requests`: what it does not cover is
 * not booked, and the advertiser is `exhausted`.
 */
export async function accrueSpends(core: Core, transaction: Transaction, funds: Map<string, AdvertiserFunds>, requests: AccrualRequest[]): Promise<Accrued> {
  const wanted = requests.filter((request) => funds.has(request.advertiserId));
  if (wanted.length === 0) return { billed: new Map(), balances: new Map(), exhausted: new Set() };
  const rows = accrualRows(funds, wanted).map((row, n) => ({ ...row, total_cents: Math.round(wanted[n].totalCents) }));
  const [{ answers }] = await core.sequelize.query<{ answers: AccrualAnswer[] }>(
    `WITH wanted AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(n integer, advertiser_id uuid, campaign_id uuid, key text, total_cents bigint,
         description text, description_text jsonb, reference text, created timestamptz, balance bigint, prepaid boolean)
     ), ${ACCRUAL_SQL}
     SELECT ${ACCRUAL_ANSWER_SQL} AS answers`,
    { bind: [JSON.stringify(rows)], type: QueryTypes.SELECT, transaction },
  );
  return settleAccruals(core, transaction, funds, answers);
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
