/**
 * The booking rules' errors (config/booking/rules.ts) as field errors in the reader's language: the wizard's
 * catalogue (config/booking/messages.ts) is the server's too, under `booking.<key>`, with amounts as money and
 * counts the locale's way (config/i18n/bookingRuleText.ts). Key and values stay in the answer, so a client may
 * still say it itself.
 */
import type { BookingError, MessageValues } from '@adsuite/config/booking/index';
import { bookingRuleText } from '@adsuite/config/i18n/bookingRuleText';
import type { FieldError } from '@adsuite/backend/kit';

export type RuleFieldError = FieldError & { key?: string; values?: MessageValues };

export function ruleError({ field, key, values }: BookingError): RuleFieldError {
  return { field, message: bookingRuleText(key, values), key, ...(values ? { values } : {}) };
}

/** Booking rule errors and field errors alike, each with a message of the catalogue. */
export function asFieldErrors(errors: (BookingError | FieldError)[]): RuleFieldError[] {
  return errors.map((error) => ('key' in error && typeof error.key === 'string' ? ruleError(error as BookingError) : (error as FieldError)));
}
