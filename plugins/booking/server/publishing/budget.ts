/**
 * A booking's money per channel as publishing needs it, in cents, from the costs the wizard shows
 * (config/booking: the budget split by the allocation weights, a total budget spread over the runtime days).
 * The first day of every channel is what the prepaid balance must cover to publish.
 */
import { bookingCosts, DEFAULT_RUNTIME_DAYS } from '@adsuite/config/booking/index';
import type { Row } from '@adsuite/backend/kit';

export { today } from '@adsuite/config/booking/index';

export interface ChannelBudget {
  channel: string;
  /** Cents per day. */
  daily: number;
  /** Cents over the runtime (one day's for a booking that never ends). */
  total: number;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (stored: unknown) => (stored === null || stored === undefined ? null : Number(stored) / 100);

/** Per channel of `channels` (default: the booking's, a stored row with money in cents): daily and total budget. */
export function channelBudgets(booking: Row, channels: string[] = (booking.channels as string[]) ?? []): ChannelBudget[] {
  const costs = bookingCosts({
    start: booking.start as string, end: booking.end as string | null, continously: booking.continously === true, channels,
    allocation: (booking.allocation as never) ?? [], splitBudget: booking.splitBudget === true,
    dailyBudget: euros(booking.dailyBudget), budget: euros(booking.budget),
  });
  // A total budget without an end is spread over the default runtime.
  return costs.channels.map((cost) => ({
    channel: cost.channel, daily: cents(cost.dailyBudget ?? cost.budget / DEFAULT_RUNTIME_DAYS), total: cents(cost.budget),
  }));
}

/** What the whole booking may spend, in cents (one day's budget for a booking that never ends): what a goal value is aimed at. */
export const wholeBudget = (budgets: ChannelBudget[]) => budgets.reduce((sum, budget) => sum + budget.total, 0);

/** What the first day of the given channels costs, in cents. */
export const firstDayCost = (budgets: ChannelBudget[]) => budgets.reduce((sum, budget) => sum + budget.daily, 0);
