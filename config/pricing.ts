/**
 * What an event costs and who gets which part of it (SPEC section 9 "Programmatic fee"; ARCHITECTURE "Data and
 * state"). The advertiser pays the media price with the channel's programmatic fee on top:
 *
 *   charge = media x (1 + fee)      platform fee = charge - media      media = what a publisher may earn at most
 *
 * so of a 0.75 EUR click on Platform 161 (fee 0.5) the platform keeps 0.25 EUR and a publisher may be credited at most
 * 0.50 EUR. Amounts are thousandths of a cent (the pipeline's `cost_milli`) or cents, always integers.
 */
import { channelByKey } from './channels.ts';
import { DEFAULT_PROGRAMMATIC_FEE } from './constants.ts';

/** The programmatic fee of a channel (0.5 = 50 % on top of the media price); the default for an unknown one. */
export function programmaticFee(channelKey: string | null | undefined): number {
  return (channelKey ? channelByKey[channelKey]?.programmaticFee : undefined) ?? DEFAULT_PROGRAMMATIC_FEE;
}

/** The media part of a charge: what is left of it without the platform's fee (rounded down, so the fee never shrinks). */
export function mediaPartOf(charge: number, channelKey: string | null | undefined): number {
  if (!Number.isFinite(charge) || charge <= 0) return 0;
  return Math.floor(charge / (1 + programmaticFee(channelKey)));
}

/** The platform's fee in a charge. */
export function platformFeeOf(charge: number, channelKey: string | null | undefined): number {
  return Math.max(0, Math.round(charge) - mediaPartOf(Math.round(charge), channelKey));
}
