/**
 * Payouts of a publisher's approved earnings (issue 35 "Payouts", config/payouts.ts). Money leaves to the outside
 * world (platform.ts: payouts have no platform entry), so a payout is only ever the publisher's own balance:
 *
 * - request: the publisher asks for its available balance (the sum of its `earning` ledger less its open requests),
 *   or a part of it, when that reaches the minimum (the `payout.minimum` setting, default 50 EUR);
 * - paid: accounting marks an open request paid, which writes the negative `payout` entry and the credit note
 *   (Gutschrift, numbered GS-<year>-<n> without gaps) with the publisher's billing data as they are then;
 * - canceled: the publisher or accounting withdraws an open request.
 *
 * Every step locks the publisher's row (SELECT ... FOR UPDATE) before it reads the balance, so concurrent requests
 * and payments serialize: the open requests never exceed the balance, and a payout never takes it below zero.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, HttpError, inWords, Invalid, languageOf, NotFound, recordActivity, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { PAYOUT_MAX_CENTS, PAYOUT_MINIMUM_DEFAULT_CENTS, PAYOUT_MINIMUM_SETTING, PAYOUT_SERIES } from '@adsuite/config/payouts';
import { parseEuros } from './money.ts';

export interface PublisherFunds {
  id: string;
  name: string;
  url: string | null;
  /** The ledger's sum, in cents. */
  balance: number;
  /** What open requests ask for. */
  requested: number;
  /** What may still be requested: balance less open requests. */
  available: number;
  owner: { email: string; name: string | null; surname: string | null; language: string | null } | null;
}

/** The minimum a request must reach, in cents: the setting's `cents`, else 50 EUR. */
export async function payoutMinimum(core: Core, transaction?: Transaction): Promise<number> {
  const row = (await core.model('setting').findOne({ where: { key: PAYOUT_MINIMUM_SETTING }, raw: true, transaction })) as { value?: unknown } | null;
  const cents = row?.value && typeof row.value === 'object' ? Number((row.value as Record<string, unknown>).cents) : NaN;
  return Number.isInteger(cents) && cents > 0 ? cents : PAYOUT_MINIMUM_DEFAULT_CENTS;
}

/** Reads the publisher's funds; with `lock`, holds its row until the transaction ends (the payouts' one lock). */
export async function publisherFunds(core: Core, publisherId: string, transaction?: Transaction, lock = false): Promise<PublisherFunds> {
  const [row] = await core.sequelize.query<{
    id: string; name: string; url: string | null; email: string | null; owner_name: string | null; owner_surname: string | null; language: string | null;
  }>(
    `SELECT p.id, p.name, p.url, l.email, l.name AS owner_name, l.surname AS owner_surname, l.language
     FROM publishers p LEFT JOIN logins l ON l.id = p.owner_id WHERE p.id = $1 AND p.archived_at IS NULL ${lock ? 'FOR UPDATE OF p' : ''}`,
    { bind: [publisherId], type: QueryTypes.SELECT, transaction },
  );
  if (!row) throw new NotFound(text('errors.record_not_found', { what: { de: 'Publisher', en: 'Publisher' } }));
  const [sums] = await core.sequelize.query<{ balance: string; requested: string }>(
    `SELECT (SELECT COALESCE(SUM(amount), 0) FROM earnings WHERE publisher_id = $1) AS balance,
       (SELECT COALESCE(SUM(amount), 0) FROM payouts WHERE publisher_id = $1 AND status = 'open') AS requested`,
    { bind: [publisherId], type: QueryTypes.SELECT, transaction },
  );
  const balance = Number(sums.balance);
  const requested = Number(sums.requested);
  return {
    id: row.id, name: row.name, url: row.url, balance, requested, available: Math.max(0, balance - requested),
    owner: row.email ? { email: row.email, name: row.owner_name, surname: row.owner_surname, language: row.language } : null,
  };
}

const amountError = (message: ReturnType<typeof text>) => new Invalid(message, [{ field: 'amount', message }]);

/**
 * A request of `amountInput` euros (absent: all that is available). 409 when the available balance is below the
 * minimum; 400 at `amount` for an amount below the minimum or above the available balance.
 */
export async function requestPayout(core: Core, ctx: RequestContext, publisherId: string, amountInput: unknown): Promise<{ payout: Row; funds: PublisherFunds; minimum: number }> {
  const asked = amountInput === undefined || amountInput === null || amountInput === '' ? null : parseEuros(amountInput, 0.01, PAYOUT_MAX_CENTS / 100);
  if (asked !== null && typeof asked !== 'number') throw amountError(asked);
  return core.sequelize.transaction(async (transaction) => {
    const funds = await publisherFunds(core, publisherId, transaction, true);
    const minimum = await payoutMinimum(core, transaction);
    const money = (cents: number) => ({ money: cents });
    if (funds.available < minimum) {
      const message = text('payouts.below_minimum', { available: money(funds.available), minimum: money(minimum) });
      throw new HttpError(409, message, [{ field: 'amount', message }]);
    }
    const amount = asked ?? funds.available;
    if (amount < minimum) throw amountError(text('payouts.amount_below_minimum', { minimum: money(minimum) }));
    if (amount > funds.available) throw amountError(text('payouts.amount_above_available', { available: money(funds.available) }));
    const payout = (await core.model('payout').create({ publisher: publisherId, amount, status: 'open', requestedBy: ctx.user.id }, { transaction })).get({ plain: true }) as Row;
    await recordActivity(core, ctx, core.resource('payout'), 'create', payout, transaction);
    return { payout, funds: { ...funds, requested: funds.requested + amount, available: funds.available - amount }, minimum };
  });
}

/** The payout, locked; 404 when there is none. */
async function lockedPayout(core: Core, id: string, transaction: Transaction): Promise<Row> {
  const [row] = await core.sequelize.query<{ id: string }>('SELECT id FROM payouts WHERE id = $1 FOR UPDATE', { bind: [id], type: QueryTypes.SELECT, transaction });
  if (!row) throw new NotFound(text('errors.record_not_found', { what: { de: 'Auszahlung', en: 'Payout' } }));
  return (await core.model('payout').findByPk(id, { raw: true, transaction })) as Row;
}

const notOpen = (payout: Row) => {
  const message = text('payouts.not_open', { status: { key: `payouts.status.${String(payout.status)}` } });
  return new HttpError(409, message, [{ field: 'status', message }]);
};

/** The next credit note number of the payouts' series (finance_document_numbers: gap-free, per year). */
async function nextCreditNoteNumber(core: Core, transaction: Transaction, year: number): Promise<string> {
  const [row] = await core.sequelize.query<{ last: number }>(
    `INSERT INTO finance_document_numbers (series, year, last) VALUES ($1, $2, 1)
     ON CONFLICT (series, year) DO UPDATE SET last = finance_document_numbers.last + 1 RETURNING last`,
    { bind: [PAYOUT_SERIES, year], type: QueryTypes.SELECT, transaction },
  );
  return `${PAYOUT_SERIES}-${year}-${String(row.last).padStart(6, '0')}`;
}

/**
 * Accounting pays an open request: the `payout` ledger entry (negative, named by the credit note's number), the
 * credit note's number and billing snapshot, in one transaction under the publisher's lock. 409 when the request
 * is not open, or the balance would not cover it.
 */
export async function payPayout(core: Core, ctx: RequestContext, id: string): Promise<{ payout: Row; funds: PublisherFunds }> {
  return core.sequelize.transaction(async (transaction) => {
    const payout = await lockedPayout(core, id, transaction);
    if (payout.status !== 'open') throw notOpen(payout);
    const amount = Number(payout.amount);
    const funds = await publisherFunds(core, String(payout.publisher), transaction, true);
    if (funds.balance < amount) {
      const message = text('payouts.balance_short', { balance: { money: funds.balance }, amount: { money: amount } });
      throw new HttpError(409, message, [{ field: 'amount', message }]);
    }
    const now = new Date();
    const number = await nextCreditNoteNumber(core, transaction, now.getUTCFullYear());
    const description = text('payouts.ledger_entry', { number });
    const earning = (await core.model('earning').create({
      publisher: funds.id, type: 'payout', amount: -amount, description: inWords(description, languageOf(funds.owner?.language)).slice(0, 500),
      descriptionText: description, reference: number,
    }, { transaction })).get({ plain: true }) as Row;
    await core.model('payout').update({ status: 'paid', paidAt: now, paidBy: ctx.user.id, number, earning: earning.id }, { where: { id }, transaction });
    const contact = [funds.owner?.name, funds.owner?.surname].filter(Boolean).join(' ');
    await core.sequelize.query('INSERT INTO finance_billing (document_id, billing) VALUES ($1, $2)', {
      bind: [id, JSON.stringify({ name: funds.name, url: funds.url, contact: contact || null, email: funds.owner?.email ?? null, language: languageOf(funds.owner?.language) })],
      transaction,
    });
    const paid = (await core.model('payout').findByPk(id, { raw: true, transaction })) as Row;
    await recordActivity(core, ctx, core.resource('payout'), 'update', paid, transaction);
    return { payout: paid, funds: { ...funds, balance: funds.balance - amount, requested: funds.requested - amount } };
  });
}

/** Withdraws an open request (the publisher's own, or accounting); 409 when it is not open. */
export async function cancelPayout(core: Core, ctx: RequestContext, id: string, mayCancel: (payout: Row) => boolean): Promise<Row> {
  return core.sequelize.transaction(async (transaction) => {
    const payout = await lockedPayout(core, id, transaction);
    if (!mayCancel(payout)) throw new NotFound(text('errors.record_not_found', { what: { de: 'Auszahlung', en: 'Payout' } }));
    if (payout.status !== 'open') throw notOpen(payout);
    await publisherFunds(core, String(payout.publisher), transaction, true);
    await core.model('payout').update({ status: 'canceled' }, { where: { id }, transaction });
    const canceled = (await core.model('payout').findByPk(id, { raw: true, transaction })) as Row;
    await recordActivity(core, ctx, core.resource('payout'), 'update', canceled, transaction);
    return canceled;
  });
}
