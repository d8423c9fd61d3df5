/**
 * The review's costs (SPEC section 9): config/booking's `bookingCosts` of the draft, or the server's answer
 * to the last validation where it has one (the same computation, made where the booking is decided).
 */
import { bookingCosts, type BookingCosts, type BookingDraft as SentDraft } from '@adsuite/config/booking/index';
import { requestBody, type BookingDraft } from './draft.ts';

export type { BookingCosts, ChannelCost } from '@adsuite/config/booking/index';

/** The server's costs when they belong to this draft's channels, else the draft's own. */
export function reviewCosts(draft: BookingDraft, server?: BookingCosts | null): BookingCosts {
  const own = bookingCosts(requestBody(draft) as SentDraft);
  const sameChannels = server && server.channels.length === own.channels.length
    && own.channels.every((line) => server.channels.some((other) => other.channel === line.channel));
  if (!server || !sameChannels) return own;
  // The contract names the lines' budget, fee and net; what it leaves out is taken from the draft's own.
  return { ...own, ...server, channels: own.channels.map((line) => ({ ...line, ...server.channels.find((other) => other.channel === line.channel) })) };
}

/** A fee share as a percentage: 0.15 -> `15 %`. */
export const formatFee = (share: number) => `${Math.round(share * 100)} %`;
