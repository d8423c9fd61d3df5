/** The payment provider named by PAYMENT_PROVIDER (default `sandbox`); an unknown name stops the start. */
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

const PROVIDERS: Record<string, PaymentProvider> = { sandbox: sandboxProvider };

export function paymentProvider(name = process.env.PAYMENT_PROVIDER || 'sandbox'): PaymentProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`PAYMENT_PROVIDER must be one of ${Object.keys(PROVIDERS).join(', ')}, got "${name}"`);
  return provider;
}

export type { Card, ChargeRequest, ChargeResult, PaymentProvider } from './provider.ts';
export { SANDBOX_CARDS } from './sandbox.ts';
