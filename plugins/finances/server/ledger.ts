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
import { bookPlatform, platformTypeOf } from './platform.ts';

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
  await bookCounterparts(core, transaction, advertiserId, entries);
  const after = { ...advertiser, balance };
  await noteBalanceChange(core, transaction, after);
  return { entries: created.map((row) => row.get({ plain: true }) as Row), balance, advertiser: after };
}

/**
 * The platform's side of an advertiser's entries (platform.ts): what a spend takes, the platform earns; what a coupon,
 * a manual credit or an event refund gives, the platform pays. Top-ups, their VAT and card refunds are the outside
 * world's and have none.
 */
async function bookCounterparts(core: Core, transaction: Transaction, advertiserId: string, entries: LedgerEntry[]): Promise<void> {
  const counterparts = entries.flatMap((entry) => {
    const type = platformTypeOf(entry);
    if (!type) return [];
    // A campaign hour's running entries (`spend:` and `refund:<campaign>:<hour>`) share the platform's entry of their
    // key with the pipeline's accrual; other keys are unique per advertiser only.
    const key = !entry.idempotencyKey ? null : /^(spend|refund):/i.test(entry.idempotencyKey) ? entry.idempotencyKey : `${advertiserId}:${entry.idempotencyKey}`;
    return [{ type, amount: -entry.amount, advertiser: advertiserId, campaign: entry.campaign ?? null, key }];
  });
  await bookPlatform(core, transaction, counterparts);
}

/** An entry booked earlier under this idempotency key (the advertiser must be locked by the caller). */
export async function entryByKey(core: Core, transaction: Transaction, advertiserId: string, idempotencyKey: string): Promise<Row | null> {
  const [row] = (await core.model('transaction').findAll({
    where: { advertiser: advertiserId, idempotencyKey }, raw: true, limit: 1, transaction,
  })) as Row[];
  return row ?? null;
}

/** A running entry of a campaign hour: its spend (`spend:<campaign>:<hour>`) or its refunds (`refund:<campaign>:<hour>`). */
export interface RunningEntry {
  type: 'spend' | 'refund';
  key: string;
  campaign: string;
  description: Message;
  reference: string | null;
  created: Date;
}

/**
 * Adds signed cents to a running entry (made when missing) and moves the balance and the platform's side by them;
 * the caller holds the advertiser's lock and has checked that a prepaid balance covers a debit.
 */
export async function growRunningEntry(core: Core, transaction: Transaction, advertiserId: string, entry: RunningEntry, cents: number): Promise<void> {
  if (!Number.isInteger(cents) || cents === 0) return;
  const earlier = await entryByKey(core, transaction, advertiserId, entry.key);
  if (!earlier) {
    await post(core, transaction, advertiserId, [{
      type: entry.type, amount: cents, description: entry.description, campaign: entry.campaign, reference: entry.reference, idempotencyKey: entry.key,
    }]);
    await core.sequelize.query('UPDATE transactions SET created = $1 WHERE advertiser_id = $2 AND lower(idempotency_key) = lower($3)', {
      bind: [entry.created.toISOString(), advertiserId, entry.key], transaction,
    });
    return;
  }
  const funds = await lockAdvertiser(core, transaction, advertiserId);
  await core.sequelize.query('UPDATE transactions SET amount = amount + $1, updated = now() WHERE id = $2', { bind: [cents, earlier.id], transaction });
  const balance = funds.balance + cents;
  await core.sequelize.query('UPDATE advertisers SET balance = $1, updated = now() WHERE id = $2', { bind: [balance, advertiserId], transaction });
  await bookCounterparts(core, transaction, advertiserId, [{ type: entry.type, amount: cents, description: entry.description, campaign: entry.campaign, idempotencyKey: entry.key }]);
  await noteBalanceChange(core, transaction, { ...funds, balance });
}

/** What the advertiser's reservations hold (authorized, not yet charged), in whole cents rounded up. */
export async function reservedCents(core: Core, transaction: Transaction | undefined, advertiserId: string): Promise<number> {
  const [row] = await core.sequelize.query<{ milli: string }>(
    'SELECT COALESCE(SUM(amount_milli), 0) AS milli FROM reservations WHERE advertiser_id = $1',
    { bind: [advertiserId], type: QueryTypes.SELECT, transaction },
  );
  return Math.ceil(Number(row?.milli ?? 0) / 1000);
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

/**
 * The accrual as common table expressions of a statement that defines `wanted` before them (per running spend
 * entry: `n` its order, `advertiser_id`, `campaign_id`, `key` its idempotency key, `description` in the owner's language,
 * `description_text`, `reference`, `created`, the locked advertiser's `balance` and `prepaid`, and `total_cents`, what
 * the period has cost so far), so that a caller can book its spend in the
 * statement that computes it (the event pipeline). `billed` holds every wanted row with what it booked now.
 * owed = the period's cost less what its entry holds, plus what the period's refund entry (`refund:<campaign>:<hour>`,
 * events staff refunded) gave back; a prepaid balance (the caller's `balance`: less what reservations hold) covers the
 * owed amounts in order: each gets at most what the balance less the amounts owed before it leaves (so none once it
 * is used up). The platform's revenue entry of the same key grows by what is billed (platform.ts).
 */
export const ACCRUAL_SQL = `due AS (
       SELECT w.*, e.id AS entry_id, COALESCE(-e.amount, 0) AS booked,
         GREATEST(0, w.total_cents - COALESCE(-e.amount, 0) + COALESCE(f.amount, 0)) AS owed
       FROM wanted w LEFT JOIN transactions e ON e.advertiser_id = w.advertiser_id AND lower(e.idempotency_key) = lower(w.key)
       LEFT JOIN transactions f ON f.advertiser_id = w.advertiser_id AND lower(f.idempotency_key) = lower('refund' || substr(w.key, 6))
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
     ), earned AS (
       INSERT INTO platform_entries (type, amount, advertiser_id, campaign_id, key, created)
       SELECT 'revenue', billed, advertiser_id, campaign_id, lower(key), created FROM billed WHERE billed > 0 ORDER BY lower(key)
       ON CONFLICT (key) DO UPDATE SET amount = platform_entries.amount + EXCLUDED.amount, updated = now() RETURNING 1
     ), moved AS (
       UPDATE advertisers a SET balance = a.balance - s.billed, updated = now()
       FROM (SELECT advertiser_id, SUM(billed) AS billed FROM billed GROUP BY advertiser_id HAVING SUM(billed) > 0) s WHERE a.id = s.advertiser_id RETURNING 1
     )`;

/**
 * What becomes of the balances of `billed`, as a JSON array in `n` order: what each entry booked now and what
 * noteBalanceChange would read (alerts.ts), so that a batch needs no further statement while the balance's
 * alert level stays.
 */
export const ACCRUAL_ANSWER_SQL = `(SELECT json_agg(json_build_object('key', key, 'advertiser', advertiser_id, 'billed', billed,
       'used', (SELECT COALESCE(SUM(daily_budget), 0) FROM campaigns c WHERE c.advertiser_id = b.advertiser_id AND c.status = 'active' AND c.archived_at IS NULL),
       'remembered', (SELECT level FROM finance_balance_alerts f WHERE f.advertiser_id = b.advertiser_id)) ORDER BY n) FROM billed b)`;

export interface AccrualAnswer { key: string; advertiser: string; billed: number | string; used: number | string; remembered: AlertLevel | null }

/**
 * The advertisers whose balance's alert level the accruals changed: `before` is each one's balance (cents) before
 * them and whether it is prepaid, `answers` what ACCRUAL_ANSWER_SQL read.
 */
export function levelsChanged(before: Record<string, { balance: number | string; prepaid: boolean }>, answers: AccrualAnswer[]): string[] {
  const moved = new Map<string, { amount: number; used: number; remembered: AlertLevel }>();
  for (const row of answers) {
    const amount = (moved.get(row.advertiser)?.amount ?? 0) + Number(row.billed);
    moved.set(row.advertiser, { amount, used: Number(row.used), remembered: row.remembered ?? 'ok' });
  }
  return [...moved].filter(([advertiserId, { amount, used, remembered }]) => {
    const funds = before[advertiserId];
    if (!funds || amount <= 0) return false;
    // A level equal to the one remembered changes nothing there (and mails nobody).
    return classifyBalance({ balance: Number(funds.balance) - amount, usedDailyBudget: used, prepaid: funds.prepaid }) !== remembered;
  }).map(([advertiserId]) => advertiserId);
}

/**
 * Notes the alert level of each advertiser's balance as it is now (alerts.ts: remembers it, mails the owner), each
 * in a transaction of its own that locks the advertiser: for writers that booked spend in a statement of their own.
 */
export async function noteBalanceLevels(core: Core, advertiserIds: string[]): Promise<void> {
  for (const advertiserId of advertiserIds) {
    await core.sequelize.transaction(async (transaction) => {
      const funds = await lockAdvertiser(core, transaction, advertiserId);
      await noteBalanceChange(core, transaction, funds);
    });
  }
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
