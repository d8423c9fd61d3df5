/**
 * What a booking costs per channel (SPEC section 9): the budget split by the allocation weights (equal without
 * a split), the programmatic fee in each channel's share (on top of the media part, as billed), the estimated clicks (budget / 2.5) and whether
 * every channel gets at least its minimum budget. Sums are made in cents, so the shares add up to the total.
 */
import { channelByKey, type ChannelDef } from '../channels.ts';
import { mediaPartOf } from '../pricing.ts';
import { ESTIMATED_COST_PER_CLICK } from './constants.ts';
import { daysBetween, toDay } from './dates.ts';
import { asList, asNumber, channelsOf, isText, type AllocationEntry, type BookingDraft } from './draft.ts';

export interface ChannelCost {
  channel: string;
  name: string;
  /** Share of the total budget, EUR. */
  budget: number;
  /** Share of the daily budget (or of the total per day), EUR; null when the runtime is open and only a total is given. */
  dailyBudget: number | null;
  weight: number;
  /** Programmatic fee in the share, EUR: the share less its media part (config/pricing.ts). */
  fee: number;
  /** What reaches the channel, EUR. */
  net: number;
  /** The channel's minimum for this booking: minimum daily budget, times the runtime days for a total budget. */
  minimum: number;
  covered: boolean;
}

export interface BookingCosts {
  channels: ChannelCost[];
  /** Total budget, EUR; for a booking that never ends, the budget of one day. */
  total: number;
  dailyBudget: number | null;
  /** Runtime in days; null for a booking that never ends. */
  days: number | null;
  estimatedClicks: number;
  minimumCovered: boolean;
}

const cents = (euros: number) => Math.round(euros * 100);
const euros = (amount: number) => amount / 100;

/** Runtime days from start to end (the end day excluded: the default 30 days ahead is 30 days), at least 1. */
export function runtimeDays(draft: BookingDraft): number | null {
  const start = toDay(draft.start);
  const end = toDay(draft.end);
  if (draft.continously === true || !start || !end) return null;
  return Math.max(1, daysBetween(start, end));
}

/** The weight of every booked channel: equal without a split; with a split, as allocated (missing = 0). */
export function allocationWeights(draft: BookingDraft): AllocationEntry[] {
  const channels = channelsOf(draft);
  const given = asList(draft.allocation).filter((a): a is AllocationEntry => !!a && typeof a === 'object' && isText((a as AllocationEntry).channel));
  const split = draft.splitBudget === true && given.length > 0;
  const weights = channels.map((channel) => {
    if (!split) return { channel, weight: 1 };
    const weight = asNumber(given.find((a) => a.channel === channel)?.weight);
    return { channel, weight: weight !== undefined && Number.isFinite(weight) && weight > 0 ? weight : 0 };
  });
  return weights.some((w) => w.weight > 0) ? weights : channels.map((channel) => ({ channel, weight: 1 }));
}

/** Splits an amount in cents by weights; the remainder cents go to the largest fractions, so the parts add up. */
export function splitCents(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, fraction: x - Math.floor(x) })).sort((a, b) => b.fraction - a.fraction);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

const positive = (value: unknown): number => {
  const n = asNumber(value);
  return n !== undefined && Number.isFinite(n) && n > 0 ? n : 0;
};

/** Costs of a draft (money in euros). Unknown channels count with the default fee and no minimum. */
export function bookingCosts(draft: BookingDraft): BookingCosts {
  const days = runtimeDays(draft);
  const daily = cents(positive(draft.dailyBudget));
  const budget = cents(positive(draft.budget));
  const perDay = daily > 0;
  const total = budget > 0 ? budget : perDay ? daily * (days ?? 1) : 0;
  const weights = allocationWeights(draft);
  const shares = splitCents(total, weights.map((w) => w.weight));
  const dailyShares = perDay ? splitCents(daily, weights.map((w) => w.weight)) : days ? shares.map((s) => Math.floor(s / days)) : null;
  const channels = weights.map(({ channel, weight }, i): ChannelCost => {
    const def: ChannelDef | undefined = channelByKey[channel];
    const minimumPerDay = cents(def?.minBudget ?? 0);
    const minimum = perDay || days === null ? minimumPerDay : minimumPerDay * days;
    const share = perDay || days === null ? dailyShares?.[i] ?? shares[i] : shares[i];
    // The fee is on top of the media price (config/pricing.ts): of 100 EUR at a fee of 0.5, 66.66 EUR buy media.
    const fee = shares[i] - mediaPartOf(shares[i], channel);
    return {
      channel,
      name: def?.name ?? channel,
      budget: euros(shares[i]),
      dailyBudget: dailyShares ? euros(dailyShares[i]) : null,
      weight,
      fee: euros(fee),
      net: euros(shares[i] - fee),
      minimum: euros(minimum),
      covered: share >= minimum,
    };
  });
  return {
    channels,
    total: euros(total),
    dailyBudget: perDay ? euros(daily) : null,
    days,
    estimatedClicks: Math.floor(euros(total) / ESTIMATED_COST_PER_CLICK),
    minimumCovered: channels.length > 0 && total > 0 && channels.every((c) => c.covered),
  };
}
