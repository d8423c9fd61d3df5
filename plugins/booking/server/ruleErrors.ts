/**
 * The booking rules' errors (config/booking/rules.ts) as field errors in the reader's language: the wizard's
 * catalogue (config/booking/messages.ts) is the server's too, under `booking.<key>`. Key and values stay in
 * the answer, so a client may still say it itself.
 */
import type { BookingError, MessageValues } from '@adsuite/config/booking/index';
import { type FieldError, text } from '@adsuite/backend/kit';

export type RuleFieldError = FieldError & { key?: string; values?: MessageValues };

export function ruleError({ field, key, values }: BookingError): RuleFieldError {
  // Counts in the locale's way ('2.000 Domains' / '2,000 domains'); amounts come as texts already.
  const params = Object.fromEntries(Object.entries(values ?? {}).map(([name, value]) => [name, typeof value === 'number' ? { count: value } : value]));
  return { field, message: text(`booking.${key}`, params), key, ...(values ? { values } : {}) };
}

/** Booking rule errors and field errors alike, each with a message of the catalogue. */
export function asFieldErrors(errors: (BookingError | FieldError)[]): RuleFieldError[] {
  return errors.map((error) => ('key' in error && typeof error.key === 'string' ? ruleError(error as BookingError) : (error as FieldError)));
}
