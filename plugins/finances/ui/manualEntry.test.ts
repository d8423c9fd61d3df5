import { describe, expect, it } from 'vitest';
import { balanceAfter, checkManualEntry, EMPTY_ENTRY, entryOf } from './manualEntry.ts';

const prepaid = { id: 'a1', name: 'Demo Shop GmbH', balance: 243.5, billingType: 'prepaid' };
const postpaid = { ...prepaid, billingType: 'postpaid' };

describe('the manual booking form', () => {
  it('asks for an advertiser, an amount and a reason', () => {
    expect(checkManualEntry(EMPTY_ENTRY, null)).toEqual({
      advertiser: 'manual.advertiser_required', amount: 'manual.amount_required', reason: 'manual.reason_required',
    });
    expect(checkManualEntry({ direction: 'credit', amount: '50', reason: 'Goodwill' }, prepaid)).toEqual({});
  });

  it('takes German amounts up to the top-up maximum and refuses the rest', () => {
    const amount = (text: string) => checkManualEntry({ direction: 'credit', amount: text, reason: 'x' }, prepaid).amount;
    expect(amount('1.234,50')).toBeUndefined();
    expect(amount('100.000')).toBeUndefined();
    expect(amount('100.000,01')).toBe('manual.max_amount');
    expect(amount('99999999999')).toBe('manual.max_amount');
    expect(amount('0')).toBe('manual.min_amount');
    expect(amount('abc')).toBe('manual.amount_invalid');
    expect(amount('1,234')).toBe('manual.amount_invalid');
  });

  it('refuses a debit a prepaid balance does not cover, not a postpaid one', () => {
    const debit = { direction: 'debit' as const, amount: '243,51', reason: 'Correction' };
    expect(checkManualEntry(debit, prepaid).amount).toBe('manual.not_covered');
    expect(checkManualEntry({ ...debit, amount: '243,50' }, prepaid).amount).toBeUndefined();
    expect(checkManualEntry(debit, postpaid).amount).toBeUndefined();
    expect(checkManualEntry({ ...debit, direction: 'credit' }, prepaid).amount).toBeUndefined();
  });

  it('keeps the reason within 200 characters and sends it trimmed, with euros and the new balance', () => {
    expect(checkManualEntry({ direction: 'credit', amount: '1', reason: 'x'.repeat(201) }, prepaid).reason).toBe('manual.reason_too_long');
    const entry = entryOf({ direction: 'debit', amount: '1.234,56', reason: '  Correction  ' });
    expect(entry).toEqual({ direction: 'debit', amount: 1234.56, reason: 'Correction' });
    expect(balanceAfter(243.5, { ...entry, amount: 0.1 })).toBe(243.4);
    expect(balanceAfter(0.1, { direction: 'credit', amount: 0.2, reason: 'x' })).toBe(0.3);
  });
});
