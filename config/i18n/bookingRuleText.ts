/**
 * A booking rule's error (config/booking/rules.ts) as a text of the server catalogue, `booking.<key>`: amounts as
 * money of the language ('200,00 €' / '€200.00'), counts the locale's way ('2.000 Domains').
 */
import type { MessageValues } from '../booking/messages.ts';
import { BOOKING_AMOUNTS } from './server/bookingRules.ts';
import { text, type ServerText, type TextParam } from './serverText.ts';

export function bookingRuleText(key: string, values: MessageValues = {}): ServerText {
  const params: Record<string, TextParam> = {};
  for (const [name, value] of Object.entries(values)) {
    const euros = Number(value);
    params[name] = BOOKING_AMOUNTS[key]?.includes(name) && Number.isFinite(euros) ? { money: Math.round(euros * 100) }
      : typeof value === 'number' ? { count: value } : value;
  }
  return text(`booking.${key}`, params);
}
