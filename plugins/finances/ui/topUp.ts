/** The card top-up form's values and checks, before anything is sent (the server checks again). */
import { MAX_TOP_UP } from '@adsuite/config';
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

/** The smallest and the largest top-up the server takes (plugins/finances/server/input.ts), in cents. */
export const MIN_TOP_UP_CENTS = 100;
export const MAX_TOP_UP_CENTS = MAX_TOP_UP * 100;

/** The typed amount in cents when it is one the server takes, else null (nothing to show a charge for). */
export function topUpCents(amount: string): number | null {
  const cents = parseEuroInput(amount);
  return cents !== null && cents >= MIN_TOP_UP_CENTS && cents <= MAX_TOP_UP_CENTS ? cents : null;
}

/** Field -> message key (under app.finances) of what is wrong; the amount's take `min` and `max` (topUpLimits). */
export function checkTopUp(values: TopUpValues, today = new Date()): Partial<Record<keyof TopUpValues, string>> {
  const problems: Partial<Record<keyof TopUpValues, string>> = {};
  const cents = parseEuroInput(values.amount);
  if (cents === null) problems.amount = 'topup.amount_invalid';
  else if (cents < MIN_TOP_UP_CENTS) problems.amount = 'topup.min_amount';
  else if (cents > MAX_TOP_UP_CENTS) problems.amount = 'topup.max_amount';
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
