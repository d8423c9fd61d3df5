/**
 * How the budget is split over the chosen channels (SPEC section 9: "Allocation without split is equal
 * weights"). Weights are whole percentages that add up to 100; a channel's share is its weight over the sum.
 */
export interface AllocationEntry {
  channel: string;
  weight: number;
}

/** Equal whole-percent weights; the first channels take the remainder (3 channels: 34, 33, 33). */
export function equalAllocation(channels: readonly string[]): AllocationEntry[] {
  if (!channels.length) return [];
  const base = Math.floor(100 / channels.length);
  const rest = 100 - base * channels.length;
  return channels.map((channel, index) => ({ channel, weight: base + (index < rest ? 1 : 0) }));
}

/**
 * The allocation after the channels or the split changed: without a split (or with fewer than two channels)
 * equal weights; with a split the weights set so far while the same channels stay chosen, else equal ones.
 */
export function allocationFor(channels: readonly string[], previous: readonly AllocationEntry[], split: boolean): AllocationEntry[] {
  const sameChannels = previous.length === channels.length && channels.every((channel) => previous.some((entry) => entry.channel === channel));
  if (split && channels.length >= 2 && sameChannels) return channels.map((channel) => previous.find((entry) => entry.channel === channel)!);
  return equalAllocation(channels);
}

/** Sets one channel's weight (a whole number from 0 to 100); the others keep theirs. */
export function withWeight(allocation: readonly AllocationEntry[], channel: string, weight: number): AllocationEntry[] {
  const clean = Number.isFinite(weight) ? Math.min(100, Math.max(0, Math.round(weight))) : 0;
  return allocation.map((entry) => (entry.channel === channel ? { channel, weight: clean } : entry));
}
