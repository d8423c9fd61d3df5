/**
 * A booking rule's error (config/booking/rules.ts) in the language's words: amounts as money ('200,00 €' in
 * both languages), counts the locale's way ('2.000 Domains'), days DD-MM-YYYY (SPEC section 9). The server answers it
 * as a text of its catalogue, `booking.<key>` (bookingRuleText); the wizard, checking before it asks the server,
 * says the same words itself (bookingRuleWords), without loading the server's catalogue.
 */
import type { BookingMessageKey, MessageValues } from '../booking/messages.ts';
import { BOOKING_AMOUNTS, bookingRuleMessages } from './server/bookingRules.ts';
import { formatParam, type FormatParam, type Language } from './format.ts';
import type { ServerText } from './serverText.ts';

/** Rule values that are days ('2026-05-21'). */
const DAYS = new Set(['date']);

/** The rule's values as params of its text: amounts as money, numbers as counts, days as days. */
export function bookingRuleParams(key: string, values: MessageValues = {}): Record<string, FormatParam> {
  const params: Record<string, FormatParam> = {};
  for (const [name, value] of Object.entries(values)) {
    const euros = Number(value);
    params[name] = BOOKING_AMOUNTS[key]?.includes(name) && Number.isFinite(euros) ? { money: Math.round(euros * 100) }
      : DAYS.has(name) ? { day: value }
        : typeof value === 'number' ? { count: value } : value;
  }
  return params;
}

export function bookingRuleText(key: string, values: MessageValues = {}): ServerText {
  return { key: `booking.${key}`, params: bookingRuleParams(key, values) };
}

/** The rule's text in `language`, as the server would write it. */
export function bookingRuleWords(key: BookingMessageKey, values: MessageValues = {}, language: Language = 'de'): string {
  const params = bookingRuleParams(key, values);
  return bookingRuleMessages[language][key].replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? String(formatParam(params[name], language)) : whole));
}
