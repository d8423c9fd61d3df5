import { describe, expect, it } from 'vitest';
import { advertisersCsv } from './Accounting.tsx';
import { chosenAdvertiser } from './AdvertiserFinances.tsx';
import { earningsCsv } from './PublisherFinances.tsx';
import { toCsv, formatDay, formatEuro, formatExpiry, groupCardNumber, isCardNumber, isFutureExpiry, parseEuroInput, splitVat } from './money.ts';
import { MAX_TOP_UP } from '@adsuite/config';
import { valueLabels } from '@adsuite/config/i18n/index';
import { checkTopUp, EMPTY_TOP_UP, newIdempotencyKey, paymentOf, topUpCents } from './topUp.ts';

describe('money on the finance screens', () => {
  it('shows euros with two decimals in the German format and dates as DD-MM-YYYY in UTC', () => {
    expect(formatEuro(243.5).replace(/\s/g, ' ')).toBe('243,50 €');
    expect(formatEuro(-1234.5).replace(/\s/g, ' ')).toBe('-1.234,50 €');
    expect(formatDay('2026-03-07T23:30:00.000Z')).toBe('07-03-2026');
    expect(formatDay(null)).toBe('');
  });

  it('reads amounts as people type them', () => {
    expect(parseEuroInput('50')).toBe(5000);
    expect(parseEuroInput('50,5')).toBe(5050);
    expect(parseEuroInput('1.234,56 €')).toBe(123456);
    expect(parseEuroInput('12.5')).toBe(1250);
    expect(parseEuroInput('12,345')).toBeNull();
    expect(parseEuroInput('100.000')).toBe(10_000_000);
    expect(parseEuroInput('99,999,999,999')).toBeNull();
    expect(parseEuroInput('1'.repeat(20))).toBeNull();
    expect(parseEuroInput('abc')).toBeNull();
  });

  it('splits VAT as the server does: added on top, or deducted from what the card pays', () => {
    expect(splitVat(10_000, 'add')).toEqual({ net: 10_000, vat: 1_900, gross: 11_900 });
    expect(splitVat(11_900, 'deduct')).toEqual({ net: 10_000, vat: 1_900, gross: 11_900 });
    expect(splitVat(5_000, 'add')).toEqual({ net: 5_000, vat: 950, gross: 5_950 });
  });

  it('formats and checks card input', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4000 0027 6000 3184')).toBe(true);
    expect(isCardNumber('4242 4242 4242 4241')).toBe(false);
    const today = new Date('2026-11-22T00:00:00Z');
    expect(isFutureExpiry('11/26', today)).toBe(true);
    expect(isFutureExpiry('10/26', today)).toBe(false);
    expect(isFutureExpiry('13/30', today)).toBe(false);
  });

  it('refuses a top-up form with a tiny amount, a mistyped card, a past expiry or no CVC', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(checkTopUp({ ...EMPTY_TOP_UP, amount: '0,50', cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' }, today)).toEqual({
      amount: 'topup.min_amount', cardNumber: 'topup.card_invalid', expiry: 'topup.expiry_invalid', cvc: 'topup.cvc_invalid',
    });
    const good = { amount: '50', vatHandle: 'add' as const, cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
    expect(checkTopUp(good, today)).toEqual({});
    expect(paymentOf(good)).toEqual({ amount: 50, vatHandle: 'add', cardNumber: '4242424242424242', expiry: '12/29', cvc: '123' });
  });

  it('refuses a top-up above the server\'s maximum with its own message, and shows no charge for it', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    const card = { vatHandle: 'add' as const, cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
    expect(checkTopUp({ ...card, amount: '99.999.999.999' }, today)).toEqual({ amount: 'topup.max_amount' });
    expect(checkTopUp({ ...card, amount: '99,999,999,999' }, today)).toEqual({ amount: 'topup.amount_invalid' });
    expect(checkTopUp({ ...card, amount: '99999999999' }, today)).toEqual({ amount: 'topup.max_amount' });
    expect(checkTopUp({ ...card, amount: '100.000' }, today)).toEqual({});
    expect(checkTopUp({ ...card, amount: '100.000,01' }, today)).toEqual({ amount: 'topup.max_amount' });
    expect(topUpCents('99999999999')).toBeNull();
    expect(topUpCents('0,99')).toBeNull();
    expect(topUpCents('100.000')).toBe(MAX_TOP_UP * 100);
  });

  it('makes a new idempotency key per payment attempt', () => {
    const keys = new Set(Array.from({ length: 20 }, newIdempotencyKey));
    expect(keys.size).toBe(20);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{16,200}$/);
  });

  it('writes CSV cells safely', () => {
    expect(toCsv([['a,b', '=SUM(A1)', -12.5, null], ['say "hi"', 'two\nlines', 'a;b', '-3.50'], ['@x', '+1', '-x', 'cr\rx']])).toBe([
      '"a,b",\'=SUM(A1),-12.5,', '"say ""hi""","two\nlines","a;b",-3.50', '\'@x,\'+1,\'-x,"cr\rx"', '',
    ].join('\r\n'));
    const german = (value: string) => valueLabels.de[value] ?? value;
    expect(advertisersCsv([{ id: '1', name: 'Demo Shop GmbH', billingType: 'prepaid', balance: 243.5 }, { id: '2', name: 'Müller, "M&M"', billingType: null, balance: -5 }], ['Werbetreibender', 'Abrechnung', 'Guthaben (EUR)'], german))
      .toBe('Werbetreibender,Abrechnung,Guthaben (EUR)\r\nDemo Shop GmbH,Vorkasse,243.50\r\n"Müller, ""M&M""",,-5.00\r\n');
    expect(earningsCsv([
      { id: '1', created: '2026-03-01T10:00:00.000Z', type: 'earning', amount: 12.5, description: 'Summer Sale; week 9', reference: null },
      { id: '2', created: '2026-03-02T10:00:00.000Z', type: 'payout', amount: -50, description: '=cmd|x', reference: 'PO "7"\nsecond' },
    ], ['Datum', 'Art', 'Beschreibung', 'Referenz', 'Betrag (EUR)'], german)).toBe('Datum;Art;Beschreibung;Referenz;Betrag (EUR)\r\n01-03-2026;Einnahme;"Summer Sale; week 9";;12.50\r\n02-03-2026;Auszahlung;\'=cmd|x;"PO ""7""\nsecond";-50.00\r\n');
  });

  it('picks the advertiser of the finance page: the requested, else the selected, else (not for staff) the first', () => {
    expect(chosenAdvertiser('b', 'a', ['a', 'b'], false)).toBe('b');
    expect(chosenAdvertiser('x', 'a', ['a', 'b'], false)).toBe('a');
    expect(chosenAdvertiser(null, null, ['a', 'b'], false)).toBe('a');
    expect(chosenAdvertiser(null, null, ['a', 'b'], true)).toBeNull();
  });
});
