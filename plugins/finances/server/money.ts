/** Money in integer cents and VAT on top-ups and refunds; money is written by the kit's `formatEur` (SPEC section 9). */

import { VAT_HANDLES, VAT_PERCENT } from '@adsuite/config';
import { type ServerText, text } from '@adsuite/backend/kit';

export { VAT_HANDLES, VAT_PERCENT };
export type VatHandle = (typeof VAT_HANDLES)[number];

export interface VatSplit {
  /** What the advertiser's balance is credited (or, for a refund, debited). */
  net: number;
  vat: number;
  /** What the card pays (or gets back). */
  gross: number;
}

/** The VAT on a net amount, rounded to the cent. */
export function vatOnNet(net: number): number {
  return Math.round((net * VAT_PERCENT) / 100);
}

/**
 * `add`: the amount is the credit; VAT comes on top and the card pays amount + VAT.
 * `deduct`: the amount is what the card pays; the VAT it contains is deducted and the rest is credited.
 */
export function splitVat(amount: number, handle: VatHandle): VatSplit {
  if (handle === 'add') {
    const vat = vatOnNet(amount);
    return { net: amount, vat, gross: amount + vat };
  }
  const net = Math.round((amount * 100) / (100 + VAT_PERCENT));
  return { net, vat: amount - net, gross: amount };
}

/** Cents as the API's euros (a number with at most two decimals). */
export function euros(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Euros from input (a number or a numeric string with at most two decimals) as cents, or why not (a text of the
 * server catalogue, bounds as money of the reader's language). Bounds are in euros.
 */
export function parseEuros(value: unknown, min: number, max: number): number | ServerText {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return text('finances.input.amount_euros');
  const cents = Math.round(number * 100);
  if (Math.abs(number * 100 - cents) > 1e-6) return text('finances.input.amount_decimals');
  if (number < min) return text('finances.input.amount_min', { min: { money: Math.round(min * 100) } });
  if (number > max) return text('finances.input.amount_max', { max: { money: Math.round(max * 100) } });
  return cents;
}
