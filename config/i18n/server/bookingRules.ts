/**
 * The booking rules' texts (config/booking/messages.ts, the wizard's catalogue) as the server writes them. The
 * rules name amounts as euro strings in texts that add ' EUR' ('200.00 EUR'); the server writes them as money of
 * ('200,00 €' in both languages, SPEC section 9): ../bookingRuleText.ts passes those values as
 * money.
 */
import { bookingMessages, type BookingMessages } from '../../booking/messages.ts';

const AMOUNT = /%\{(\w+)\} EUR/g;

/** Per rule, the values that are amounts in euros (those the English text follows with ' EUR'). */
export const BOOKING_AMOUNTS: Record<string, string[]> = Object.fromEntries(
  Object.entries(bookingMessages.en).map(([key, template]) => [key, [...template.matchAll(AMOUNT)].map((match) => match[1])]),
);

const withoutCurrency = (texts: BookingMessages): BookingMessages =>
  Object.fromEntries(Object.entries(texts).map(([key, template]) => [
    key,
    template.replace(AMOUNT, (whole, name: string) => (BOOKING_AMOUNTS[key]?.includes(name) ? `%{${name}}` : whole)),
  ])) as BookingMessages;

export const bookingRuleMessages = { de: withoutCurrency(bookingMessages.de), en: withoutCurrency(bookingMessages.en) };
