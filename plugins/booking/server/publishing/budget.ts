/**
 * A booking's money per channel as publishing needs it, in cents: the daily budget split by the allocation
 * weights (equal weights without a split, SPEC section 9), or the total budget split alike and spread over the
 * runtime days. The first day of every channel is what the prepaid balance must cover to publish.
 */
import type { Row } from '@adsuite/backend/resources/values';

/** Runtime of a booking that never ends, for spreading a total budget (the default end is 30 days ahead). */
const OPEN_RUNTIME_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ChannelBudget {
  channel: string;
  /** Cents per day. */
  daily: number;
  /** Cents over the runtime (the daily budget times the days of a booking with an end). */
  total: number;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** Days from start to end (the end day excluded, as the wizard counts), at least 1; null when open-ended. */
export function runtimeDays(booking: Row): number | null {
  const { start, end } = booking;
  if (booking.continously === true || typeof start !== 'string' || typeof end !== 'string') return null;
  return Math.max(1, Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS));
}

/** `amount` in parts proportional to `weights` that add up to it (left-over cents go to the first parts). */
function shares(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((weight) => Math.floor((amount * weight) / sum));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]++;
  return parts;
}

function weightsOf(booking: Row, channels: string[]): number[] {
  const allocation = Array.isArray(booking.allocation) ? (booking.allocation as { channel?: unknown; weight?: unknown }[]) : [];
  if (booking.splitBudget !== true || channels.length < 2) return channels.map(() => 1);
  const weights = channels.map((channel) => {
    const weight = Number(allocation.find((entry) => entry?.channel === channel)?.weight);
    return Number.isFinite(weight) && weight > 0 ? weight : 0;
  });
  return weights.some((weight) => weight > 0) ? weights : channels.map(() => 1);
}

/** Per channel of `channels` (default: the booking's): daily and total budget in cents. */
export function channelBudgets(booking: Row, channels: string[] = (booking.channels as string[]) ?? []): ChannelBudget[] {
  if (!channels.length) return [];
  const days = runtimeDays(booking);
  const weights = weightsOf(booking, channels);
  const daily = Number(booking.dailyBudget ?? 0);
  if (daily > 0) {
    return shares(daily, weights).map((part, i) => ({ channel: channels[i], daily: part, total: part * (days ?? OPEN_RUNTIME_DAYS) }));
  }
  const totals = shares(Math.max(0, Number(booking.budget ?? 0)), weights);
  return totals.map((total, i) => ({ channel: channels[i], daily: Math.floor(total / (days ?? OPEN_RUNTIME_DAYS)), total }));
}

/** What the first day of the given channels costs, in cents. */
export const firstDayCost = (budgets: ChannelBudget[]) => budgets.reduce((sum, budget) => sum + budget.daily, 0);
