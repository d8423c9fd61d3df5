/**
 * The manual booking form's values and checks before anything is sent (the server checks again:
 * plugins/finances/server/manualEntries.ts): an advertiser, credit or debit, euros up to MAX_TOP_UP, a reason.
 */
import { MAX_TOP_UP } from '@adsuite/config';
import type { AdvertiserFunds, ManualEntry } from './financesApi.ts';
import { parseEuroInput } from './money.ts';

export interface ManualEntryValues {
  direction: ManualEntry['direction'];
  amount: string;
  reason: string;
}

export const EMPTY_ENTRY: ManualEntryValues = { direction: 'credit', amount: '', reason: '' };

export const MIN_ENTRY_CENTS = 1;
export const MAX_ENTRY_CENTS = MAX_TOP_UP * 100;
/** The longest reason the server takes (it names the ledger entry). */
export const MAX_REASON = 200;

export type EntryField = 'advertiser' | keyof ManualEntryValues;

/**
 * Field -> message key (under app.finances) of what is wrong. A debit a prepaid balance does not cover is
 * refused here already (the server refuses it as well); `funds` is the chosen advertiser as loaded.
 */
export function checkManualEntry(values: ManualEntryValues, funds: AdvertiserFunds | null | undefined): Partial<Record<EntryField, string>> {
  const problems: Partial<Record<EntryField, string>> = {};
  if (!funds) problems.advertiser = 'manual.advertiser_required';
  const cents = parseEuroInput(values.amount);
  if (values.amount.trim() === '') problems.amount = 'manual.amount_required';
  else if (cents === null) problems.amount = 'manual.amount_invalid';
  else if (cents < MIN_ENTRY_CENTS) problems.amount = 'manual.min_amount';
  else if (cents > MAX_ENTRY_CENTS) problems.amount = 'manual.max_amount';
  else if (funds && values.direction === 'debit' && funds.billingType !== 'postpaid' && cents > Math.round(funds.balance * 100)) {
    problems.amount = 'manual.not_covered';
  }
  const reason = values.reason.trim();
  if (!reason) problems.reason = 'manual.reason_required';
  else if (reason.length > MAX_REASON) problems.reason = 'manual.reason_too_long';
  return problems;
}

/** The request body: euros as a number, the reason trimmed. */
export function entryOf(values: ManualEntryValues): ManualEntry {
  return { direction: values.direction, amount: (parseEuroInput(values.amount) ?? 0) / 100, reason: values.reason.trim() };
}

/** The balance in euros after the entry. */
export function balanceAfter(balance: number, entry: ManualEntry): number {
  const cents = Math.round(balance * 100) + Math.round(entry.amount * 100) * (entry.direction === 'credit' ? 1 : -1);
  return cents / 100;
}
