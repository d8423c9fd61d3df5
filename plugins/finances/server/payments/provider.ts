/**
 * What AdSuite needs from a card payment provider. The sandbox implements it without network; a real
 * provider (Stripe, Adyen, ...) plugs in behind the same interface and is chosen by PAYMENT_PROVIDER.
 */

export interface Card {
  /** Digits only. */
  number: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvc: string;
}

export interface ChargeRequest {
  /** Cents the card pays (the gross amount). */
  amount: number;
  currency: 'EUR';
  card: Card;
  /** AdSuite's payment id: the provider's idempotency key, so a retried charge never charges twice. */
  reference: string;
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  /** The card holder must confirm (3-D Secure); `confirm` completes the charge afterwards. */
  | { status: 'requires_confirmation'; providerRef: string }
  | { status: 'declined'; reason: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  confirm(providerRef: string): Promise<ChargeResult>;
}
