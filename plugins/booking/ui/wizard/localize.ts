/**
 * The server answers the booking rules' English texts (config/booking/messages.ts); the wizard shows them in
 * the user's language by recognising the English text and filling the same message's other wording.
 */
import { bookingMessages, type BookingMessageKey } from '@adsuite/config/booking/index';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const patterns = (Object.entries(bookingMessages.en) as [BookingMessageKey, string][]).map(([key, template]) => {
  const names = [...template.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]);
  const source = escape(template).replace(/%\\\{\w+\\\}/g, '(.+?)');
  return { key, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** `text` in `language` when it is one of the booking rules' messages; else as it came. */
export function localizeBookingMessage(text: string, language: 'de' | 'en'): string {
  if (language === 'en') return text;
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
    return bookingMessages[language][key].replace(/%\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  }
  return text;
}
