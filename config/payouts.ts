/**
 * Payouts of a publisher's approved earnings (issue 35 "Payouts"), as server and browser share them. A publisher
 * requests a payout of its balance (the sum of its `earning` ledger) when that reaches the minimum; accounting marks
 * the request paid, which writes the negative `payout` entry and the credit note (Gutschrift).
 */

/** A request is open until accounting pays it, or it is canceled (by the publisher or accounting). */
export const PAYOUT_STATUSES = ['open', 'paid', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The setting (the `setting` resource, systemoperator) that holds the minimum: `{ "cents": 5000 }`. */
export const PAYOUT_MINIMUM_SETTING = 'payout.minimum';
/** The minimum without the setting, in cents: 50 EUR. */
export const PAYOUT_MINIMUM_DEFAULT_CENTS = 5_000;
/** The most one request may ask for, in cents (an upper bound on input, not on balances). */
export const PAYOUT_MAX_CENTS = 100_000_000;

/** Who marks payouts paid and reads every publisher's requests: admins, accounting, billing. */
export const PAYOUT_ACCOUNTANTS = ['systemoperator', 'administrator', 'accounting', 'billing'] as const;

/** The series of the credit notes of payouts: GS-2026-000001 (Gutschrift). */
export const PAYOUT_SERIES = 'GS';
