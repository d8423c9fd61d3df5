/** The card top-up form's values and checks, before anything is sent (the server checks again). */
import { isCardNumber, isFutureExpiry, parseEuroInput, type VatHandle } from './money.ts';
import type { CardPayment } from './financesApi.ts';

export interface TopUpValues {
  amount: string;
  vatHandle: VatHandle;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_TOP_UP: TopUpValues = { amount: '50', vatHandle: 'add', cardNumber: '', expiry: '', cvc: '' };

/** The largest top-up the server takes, in cents. */
const MAX_CENTS = 100_000 * 100;

/** Field -> message key (under app.finances.topup) of what is wrong. */
export function checkTopUp(values: TopUpValues, today = new Date()): Partial<Record<keyof TopUpValues, string>> {
  const problems: Partial<Record<keyof TopUpValues, string>> = {};
  const cents = parseEuroInput(values.amount);
  if (cents === null || cents < 100 || cents > MAX_CENTS) problems.amount = 'topup.min_amount';
  if (!isCardNumber(values.cardNumber)) problems.cardNumber = 'topup.card_invalid';
  if (!isFutureExpiry(values.expiry, today)) problems.expiry = 'topup.expiry_invalid';
  if (!/^\d{3,4}$/.test(values.cvc)) problems.cvc = 'topup.cvc_invalid';
  return problems;
}

/** The request body: euros as a number, the card number without spaces. */
export function paymentOf(values: TopUpValues): CardPayment {
  return {
    amount: (parseEuroInput(values.amount) ?? 0) / 100,
    vatHandle: values.vatHandle,
    cardNumber: values.cardNumber.replace(/\D/g, ''),
    expiry: values.expiry,
    cvc: values.cvc,
  };
}

/** A fresh Idempotency-Key; `crypto.randomUUID` exists only in secure contexts (https, localhost), random bytes everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
