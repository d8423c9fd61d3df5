/** Checks the bodies of the finance endpoints into plain values; every problem is a field error (400). */
import { type FieldError, invalidFields, isUuid, type ServerText, text } from '@adsuite/backend/kit';
import { MAX_TOP_UP } from '@adsuite/config';
import { parseEuros, VAT_HANDLES, type VatHandle } from './money.ts';
import type { Card } from './payments/index.ts';

/** The largest single top-up, refund or manual spend, in euros (the finance screens check the same). */
export const MAX_AMOUNT = MAX_TOP_UP;

/**
 * A field error with a key and values for an amount out of range (`amount_min`, `amount_max`, bounds in euros),
 * so that a client can say it itself; `message` is written in the request's language.
 */
export interface FinanceFieldError extends FieldError {
  key?: string;
  values?: Record<string, string | number>;
}

type Body = Record<string, unknown>;

function bodyOf(raw: unknown): Body {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {};
}

class Checker {
  readonly errors: FinanceFieldError[] = [];
  constructor(readonly body: Body) {}

  fail(field: string, message: ServerText, keyed?: Pick<FinanceFieldError, 'key' | 'values'>) {
    this.errors.push({ field, message, ...keyed });
  }

  /** Euros from `min` to MAX_AMOUNT, as cents. */
  euros(field: string, min: number): number {
    const cents = parseEuros(this.body[field], min, MAX_AMOUNT);
    if (typeof cents === 'number') return cents;
    const raw = this.body[field];
    const number = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    const bound: Pick<FinanceFieldError, 'key' | 'values'> | undefined = typeof number !== 'number' || !Number.isFinite(number) ? undefined
      : number > MAX_AMOUNT ? { key: 'amount_max', values: { max: MAX_AMOUNT } }
      : number < min ? { key: 'amount_min', values: { min } } : undefined;
    this.fail(field, cents, bound);
    return 0;
  }

  /** A free text; `name` names the field's texts in the catalogue (finances.input.<name>_required, _too_long). */
  text(field: string, name: string, { required = false, max = 500 } = {}): string | null {
    const value = this.body[field];
    if (value === undefined || value === null || value === '') {
      if (required) this.fail(field, text(`finances.input.${name}_required`));
      return null;
    }
    if (typeof value !== 'string' || value.trim().length > max) {
      this.fail(field, text(`finances.input.${name}_too_long`, { max }));
      return null;
    }
    return value.trim();
  }

  id(field: string, notFound: ServerText): string | null {
    const value = this.body[field];
    if (value === undefined || value === null || value === '') return null;
    if (!isUuid(value)) this.fail(field, notFound);
    return isUuid(value) ? value : null;
  }

  done() {
    if (this.errors.length) throw invalidFields(this.errors);
  }
}

/** Luhn check digit: catches mistyped card numbers before they reach the provider. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface PaymentInput {
  amount: number;
  vatHandle: VatHandle;
  card: Card;
}

export function parsePayment(raw: unknown): PaymentInput {
  const check = new Checker(bodyOf(raw));
  const { body } = check;
  const amount = check.euros('amount', 1);
  const vatHandle = body.vatHandle as VatHandle;
  if (!VAT_HANDLES.includes(vatHandle)) check.fail('vatHandle', text('finances.input.vat_handle'));

  const number = typeof body.cardNumber === 'string' ? body.cardNumber.replace(/[\s-]/g, '') : '';
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) check.fail('cardNumber', text('finances.input.card_number'));
  const expiry = typeof body.expiry === 'string' ? /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(body.expiry.trim()) : null;
  const expiryMonth = expiry ? Number(expiry[1]) : 0;
  if (!expiry || expiryMonth < 1 || expiryMonth > 12) check.fail('expiry', text('finances.input.expiry'));
  const expiryYear = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  const cvc = typeof body.cvc === 'string' || typeof body.cvc === 'number' ? String(body.cvc) : '';
  if (!/^\d{3,4}$/.test(cvc)) check.fail('cvc', text('finances.input.cvc'));
  check.done();
  return { amount, vatHandle, card: { number, expiryMonth, expiryYear, cvc } };
}

/** An idempotency key as clients send it (a UUID or similar), 1 to 200 visible characters. */
export function parseIdempotencyKey(raw: string | undefined): string {
  const key = raw?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    const message = text('finances.input.idempotency_key');
    throw invalidFields([{ field: 'Idempotency-Key', message }]);
  }
  return key;
}

export function parseRefund(raw: unknown): { amount: number; reason: string | null; invoiceId: string | null } {
  const check = new Checker(bodyOf(raw));
  const amount = check.euros('amount', 0.01);
  const reason = check.text('reason', 'reason', { max: 2000 });
  const invoiceId = check.id('invoice', text('finances.invoice_not_found'));
  check.done();
  return { amount, reason, invoiceId };
}

export function parseSpend(raw: unknown): { amount: number; description: string; campaign: string | null; reference: string | null } {
  const check = new Checker(bodyOf(raw));
  if ((check.body.type ?? 'spend') !== 'spend') {
    check.fail('type', text('finances.input.spends_only'));
  }
  const amount = check.euros('amount', 0.01);
  const description = check.text('description', 'description', { required: true }) ?? '';
  const campaign = check.id('campaign', text('finances.campaign_not_found'));
  const reference = check.text('reference', 'reference', { max: 200 });
  check.done();
  return { amount, description, campaign, reference };
}
