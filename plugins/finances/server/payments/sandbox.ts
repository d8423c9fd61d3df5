/**
 * The sandbox provider: no network, the outcome is chosen by the card number, like a provider's test mode.
 *
 * | card number         | outcome                                                        |
 * |---------------------|----------------------------------------------------------------|
 * | 4242 4242 4242 4242 | succeeds                                                       |
 * | 4000 0000 0000 0002 | declined                                                       |
 * | 4000 0027 6000 3184 | requires confirmation (3-D Secure); confirming it succeeds     |
 * | any other number    | declined, as is an expired card                                |
 */
import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider.ts';

export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresConfirmation: '4000002760003184',
} as const;

const CONFIRMATION_PREFIX = 'sandbox_3ds_';

function expired(month: number, year: number, now = new Date()): boolean {
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  async charge({ card }: ChargeRequest): Promise<ChargeResult> {
    if (expired(card.expiryMonth, card.expiryYear)) return { status: 'declined', reason: 'expired_card' };
    if (card.number === SANDBOX_CARDS.succeeds) return { status: 'succeeded', providerRef: `sandbox_${randomUUID()}` };
    if (card.number === SANDBOX_CARDS.requiresConfirmation) return { status: 'requires_confirmation', providerRef: `${CONFIRMATION_PREFIX}${randomUUID()}` };
    return { status: 'declined', reason: 'card_declined' };
  },
  // Stateless, so any server process can confirm: AdSuite's payment row holds the state.
  async confirm(providerRef: string): Promise<ChargeResult> {
    return providerRef.startsWith(CONFIRMATION_PREFIX) ? { status: 'succeeded', providerRef } : { status: 'declined', reason: 'unknown_payment' };
  },
};
