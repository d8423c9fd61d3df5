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
import { ESTIMATED_COST_PER_CLICK } from './booking/constants.ts';

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

/*
 * The price of a published booking (SPEC section 9). A booking buys what its goal names, so its line items bid
 * per click (goal clicks: CPC), per thousand views (impressions: CPM) or per order (orders: CPO); the affiliate
 * channels are paid as their names say whatever the goal. The all-in price is what the advertiser pays for one
 * unit, the channel's programmatic fee included:
 *
 * - With a goal value (clicks, thousands of views or orders aimed at) the price is the booking's budget divided
 *   by it, rounded down to the cent, so the budget buys at least the goal.
 * - Without one, the defaults below. SPEC section 9 estimates clicks as budget / 2.5, so a click costs 2.50 EUR
 *   all-in; a view and an order cost what the clicks they usually bring cost at the rates below.
 *
 * The line item's bid (`bidPrice`, cents; per mille for CPM) is the media part of that price: the pipeline adds
 * the channel's fee to it when it bills (charge = bid x (1 + fee)), so the bid is the price without the fee,
 * rounded down to the cent and at least one cent, so that what is billed never exceeds the price (but a unit
 * always costs something). Staff change a line item's bid afterwards on its edit screen (bid options).
 */
export type BookedBidType = 'CPC' | 'CPM' | 'CPO';

/** What a click costs all-in without a goal value, in cents: SPEC section 9's budget / 2.5. */
export const DEFAULT_CLICK_PRICE = Math.round(ESTIMATED_COST_PER_CLICK * 100);
/** Clicks per view the view price assumes: 0.2 %, a usual click-through rate of display banners. */
export const ASSUMED_CLICK_RATE = 0.002;
/** Orders per click the order price assumes: 10 %, a shop that books for orders converting well. */
export const ASSUMED_ORDER_RATE = 0.1;
/** What a thousand views cost all-in without a goal value, in cents: the two clicks they bring, 5.00 EUR. */
export const DEFAULT_MILLE_PRICE = Math.round(DEFAULT_CLICK_PRICE * 1000 * ASSUMED_CLICK_RATE);
/** What an order costs all-in without a goal value, in cents: the ten clicks it takes, 25.00 EUR. */
export const DEFAULT_ORDER_PRICE = Math.round(DEFAULT_CLICK_PRICE / ASSUMED_ORDER_RATE);

/** The bid type of each goal; a booking without a known goal buys clicks (the booking's default goal). */
export const BID_TYPE_OF_GOAL: Readonly<Record<string, BookedBidType>> = { clicks: 'CPC', impressions: 'CPM', orders: 'CPO' };
/** Channels paid for one thing, whatever the goal: Affiliate CPO per order, Affiliate CPC per click. */
export const CHANNEL_BID_TYPE: Readonly<Record<string, BookedBidType>> = { affiliate: 'CPO', affiliate_cpc: 'CPC' };
const GOAL_OF_BID_TYPE: Readonly<Record<BookedBidType, string>> = { CPC: 'clicks', CPM: 'impressions', CPO: 'orders' };
const DEFAULT_PRICE: Readonly<Record<BookedBidType, number>> = { CPC: DEFAULT_CLICK_PRICE, CPM: DEFAULT_MILLE_PRICE, CPO: DEFAULT_ORDER_PRICE };

export interface BookedBid {
  bidType: BookedBidType;
  /** What the advertiser pays for a click, an order or a thousand views, fee included, in cents. */
  price: number;
  /** The line item's bid: the price without the channel's fee, in whole cents (at least 1). */
  bid: number;
}

/**
 * The media part of an all-in price in whole cents, in integers (a float division may land a hair below a whole
 * number): floor(price / (1 + fee)), at least 1 cent.
 */
export function bidOfPrice(price: number, channelKey: string | null | undefined): number {
  const perMillion = 1_000_000 + Math.round(programmaticFee(channelKey) * 1_000_000);
  return Math.max(1, Math.floor((Math.max(0, Math.round(price)) * 1_000_000) / perMillion));
}

/**
 * The bid type, all-in price and bid of a booking's line item on a channel. `budget` is the booking's whole budget
 * in cents (for a booking that never ends, one day's), which a goal value is aimed at.
 */
export function bookedBid(booking: { goal?: unknown; goalValue?: unknown; budget: number }, channelKey: string | null | undefined): BookedBid {
  const bidType = (channelKey ? CHANNEL_BID_TYPE[channelKey] : undefined) ?? BID_TYPE_OF_GOAL[String(booking.goal)] ?? 'CPC';
  // Stored numbers may come back as text from the database; no value is no goal value (Number(null) would be 0).
  const aimed = typeof booking.goalValue === 'number' || typeof booking.goalValue === 'string' ? Number(booking.goalValue) : NaN;
  // The goal value counts what the goal buys: it prices a line item bought the same way only.
  const perGoal = GOAL_OF_BID_TYPE[bidType] === booking.goal && Number.isFinite(aimed) && aimed > 0 && booking.budget > 0;
  const price = perGoal ? Math.max(1, Math.floor(booking.budget / aimed)) : DEFAULT_PRICE[bidType];
  return { bidType, price, bid: bidOfPrice(price, channelKey) };
}
