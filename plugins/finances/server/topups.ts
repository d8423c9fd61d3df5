/**
 * Card top-ups with an idempotency key, and refunds.
 *
 * A top-up claims its key by inserting the payment row (unique per advertiser and key) before it charges.
 * A second request with the same key waits on that insert until the first commits, then answers the
 * stored response: one charge, one credit, the same answer. A declined charge rolls the whole transaction
 * back, so it changes nothing (and the key may be tried again). A charge that needs confirmation is kept
 * as `requires_confirmation` until `confirmTopUp` completes it.
 *
 * A completed top-up appends two ledger entries, `topup` +gross (what the card paid) and `vat` -VAT (what
 * goes to the tax office), so the balance grows by the net amount, and issues a paid invoice, all in the
 * same transaction. A refund mirrors it: `refund` -gross and `vat` +VAT, and a credit note.
 *
 * The charge runs inside the transaction that claimed the key, which holds the payment row (never the
 * advertiser row) while the provider answers. The sandbox cannot fail after charging; a network provider
 * that can should commit the claim before charging and reconcile claims left `processing`.
 */
import { createHash } from 'node:crypto';
import { QueryTypes, type Transaction } from 'sequelize';
import { type Core, formatEur, HttpError, Invalid, NotFound, type Row, text } from '@adsuite/backend/kit';
import { issueDocument } from './documents.ts';
import { lockAdvertiser, post } from './ledger.ts';
import { financeMail, recipientOf } from './mail.ts';
import { euros, splitVat, vatOnNet, VAT_PERCENT, type VatHandle } from './money.ts';
import type { Card, PaymentProvider } from './payments/index.ts';

export class PaymentFailed extends HttpError {
  constructor() {
    super(402, text('finances.payment_failed'));
  }
}

export interface TopUpRequest {
  advertiserId: string;
  /** Cents as entered: the credit for `add`, what the card pays for `deduct`. */
  amount: number;
  vatHandle: VatHandle;
  card: Card;
  idempotencyKey: string;
  userId: string | null;
}

/** The HTTP status and body a payment answered; replayed as stored for a repeated key. */
export interface PaymentAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface PaymentRow {
  id: string;
  advertiser_id: string;
  fingerprint: string;
  provider_ref: string | null;
  status: 'processing' | 'requires_confirmation' | 'succeeded';
  net: string;
  vat: string;
  gross: string;
  response_status: number | null;
  response: Record<string, unknown> | null;
}

const stored = (row: PaymentRow): PaymentAnswer => ({ status: row.response_status ?? 200, body: row.response ?? {} });

async function saveAnswer(core: Core, transaction: Transaction, paymentId: string, status: PaymentRow['status'], providerRef: string, answer: PaymentAnswer) {
  await core.sequelize.query(
    `UPDATE finance_payments SET status = :status, provider_ref = :providerRef, response_status = :code, response = :response, updated = now()
     WHERE id = :paymentId`,
    { replacements: { status, providerRef, code: answer.status, response: JSON.stringify(answer.body), paymentId }, transaction },
  );
  return answer;
}

export async function topUp(core: Core, provider: PaymentProvider, transaction: Transaction, request: TopUpRequest): Promise<PaymentAnswer> {
  const split = splitVat(request.amount, request.vatHandle);
  const last4 = request.card.number.slice(-4);
  const fingerprint = createHash('sha256').update(JSON.stringify([request.amount, request.vatHandle, last4])).digest('hex');
  const [claimed] = await core.sequelize.query<{ id: string }>(
    `INSERT INTO finance_payments (advertiser_id, idempotency_key, fingerprint, provider, status, vat_handle, net, vat, gross, card_last4, created_by)
     VALUES (:advertiserId, :key, :fingerprint, :provider, 'processing', :vatHandle, :net, :vat, :gross, :last4, :userId)
     ON CONFLICT (advertiser_id, idempotency_key) DO NOTHING RETURNING id`,
    {
      replacements: {
        advertiserId: request.advertiserId, key: request.idempotencyKey, fingerprint, provider: provider.name, vatHandle: request.vatHandle,
        ...split, last4, userId: request.userId,
      },
      type: QueryTypes.SELECT, transaction,
    },
  );
  if (!claimed) {
    const [earlier] = await core.sequelize.query<PaymentRow>(
      'SELECT * FROM finance_payments WHERE advertiser_id = :advertiserId AND idempotency_key = :key',
      { replacements: { advertiserId: request.advertiserId, key: request.idempotencyKey }, type: QueryTypes.SELECT, transaction },
    );
    if (earlier.fingerprint !== fingerprint) throw new HttpError(422, text('finances.key_reused'));
    return stored(earlier);
  }

  const result = await provider.charge({
    amount: split.gross, currency: 'EUR', card: request.card, reference: claimed.id, description: `AdSuite credit ${formatEur(split.net)}`,
  });
  if (result.status === 'declined') throw new PaymentFailed();
  if (result.status === 'requires_confirmation') {
    return saveAnswer(core, transaction, claimed.id, 'requires_confirmation', result.providerRef, {
      status: 202, body: { status: 'requires_confirmation', paymentId: claimed.id },
    });
  }
  return complete(core, transaction, claimed.id, request.advertiserId, split, result.providerRef);
}

/** Completes a payment that required confirmation; confirming a completed payment answers its result again. */
export async function confirmTopUp(core: Core, provider: PaymentProvider, transaction: Transaction, advertiserId: string, paymentId: string): Promise<PaymentAnswer> {
  const [payment] = await core.sequelize.query<PaymentRow>(
    'SELECT * FROM finance_payments WHERE id = :paymentId AND advertiser_id = :advertiserId FOR UPDATE',
    { replacements: { paymentId, advertiserId }, type: QueryTypes.SELECT, transaction },
  );
  if (!payment) throw new NotFound(text('finances.payment_not_found'));
  if (payment.status === 'succeeded') return stored(payment);
  const result = await provider.confirm(payment.provider_ref ?? '');
  if (result.status !== 'succeeded') throw new PaymentFailed();
  const split = { net: Number(payment.net), vat: Number(payment.vat), gross: Number(payment.gross) };
  return complete(core, transaction, payment.id, advertiserId, split, result.providerRef);
}

async function complete(core: Core, transaction: Transaction, paymentId: string, advertiserId: string, split: { net: number; vat: number; gross: number }, providerRef: string) {
  const { entries, balance, advertiser } = await post(core, transaction, advertiserId, [
    { type: 'topup', amount: split.gross, description: text('finances.ledger.card_topup'), reference: providerRef, idempotencyKey: `payment:${paymentId}` },
    ...(split.vat ? [{ type: 'vat' as const, amount: -split.vat, description: text('finances.ledger.vat', { percent: VAT_PERCENT }), reference: providerRef, idempotencyKey: `payment:${paymentId}:vat` }] : []),
  ]);
  const invoice = await issueDocument(core, transaction, 'invoice', advertiser, { ...split, status: 'paid', transaction: entries[0].id as string });
  const body = {
    status: 'succeeded', paymentId, amount: euros(split.net), vat: euros(split.vat), gross: euros(split.gross), balance: euros(balance),
    transaction: entries[0].id, invoice: { id: invoice.id, number: invoice.number },
  };
  const recipient = recipientOf(advertiser);
  if (recipient) {
    const data = { name: recipient.name, advertiser: advertiser.name, amountCents: split.gross, balanceCents: balance, reference: invoice.number as string };
    transaction.afterCommit(() => void financeMail.send(core, { to: recipient.to, language: recipient.language, template: 'paymentReceipt', data }));
  }
  return saveAnswer(core, transaction, paymentId, 'succeeded', providerRef, { status: 200, body });
}

export interface RefundRequest {
  advertiserId: string;
  /** Net cents taken off the balance; the VAT on it is refunded as well. */
  amount: number;
  reason: string | null;
  invoiceId: string | null;
}

/** Books a refund and issues its credit note; the payout itself (transfer, card refund) happens outside. */
export async function refund(core: Core, transaction: Transaction, request: RefundRequest): Promise<{ creditNote: Row; entry: Row; balance: number }> {
  const vat = vatOnNet(request.amount);
  const gross = request.amount + vat;
  await lockAdvertiser(core, transaction, request.advertiserId);
  if (request.invoiceId) {
    const invoice = await core.model('invoice').findOne({ where: { id: request.invoiceId, advertiser: request.advertiserId }, raw: true, transaction });
    if (!invoice) throw new Invalid(text('finances.invoice_not_found'), [{ field: 'invoice', message: text('finances.invoice_not_found') }]);
  }
  const { entries, balance, advertiser } = await post(core, transaction, request.advertiserId, [
    { type: 'refund', amount: -gross, description: request.reason ? text('finances.ledger.refund_reason', { reason: request.reason }) : text('finances.ledger.refund') },
    ...(vat ? [{ type: 'vat' as const, amount: vat, description: text('finances.ledger.vat_refunded', { percent: VAT_PERCENT }) }] : []),
  ]);
  const creditNote = await issueDocument(core, transaction, 'creditnote', advertiser, {
    net: request.amount, vat, gross, status: 'open', transaction: entries[0].id as string, invoice: request.invoiceId, reason: request.reason,
  });
  return { creditNote, entry: entries[0], balance };
}
