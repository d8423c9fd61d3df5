import { describe, expect, it } from 'vitest';
import { MAX_TOP_UP } from '@adsuite/config';
import { inWords, type Message } from '@adsuite/backend/kit';
import { MAX_AMOUNT, parsePayment, parseRefund } from './input.ts';

const CARD = { vatHandle: 'add', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** The field errors a body is refused with, in `language`. */
function refusal(parse: () => unknown, language: 'de' | 'en' = 'en'): unknown[] {
  try {
    parse();
  } catch (error) {
    return (error as { errors: { message: Message }[] }).errors.map((e) => ({ ...e, message: inWords(e.message, language) }));
  }
  throw new Error('accepted');
}

describe('finance input', () => {
  it('takes the top-up maximum the finance screens check', () => {
    expect(MAX_AMOUNT).toBe(MAX_TOP_UP);
    expect(parsePayment({ ...CARD, amount: MAX_TOP_UP }).amount).toBe(MAX_TOP_UP * 100);
  });

  it('refuses a top-up above the maximum with the bound, keyed for the user\'s language', () => {
    expect(refusal(() => parsePayment({ ...CARD, amount: 99_999_999_999 }))).toEqual([
      { field: 'amount', message: 'The amount must be at most 100.000,00\u00a0€.', key: 'amount_max', values: { max: MAX_TOP_UP } },
    ]);
    expect(refusal(() => parsePayment({ ...CARD, amount: '0.5' }))).toEqual([
      { field: 'amount', message: 'The amount must be at least 1,00\u00a0€.', key: 'amount_min', values: { min: 1 } },
    ]);
    expect(refusal(() => parsePayment({ ...CARD, amount: 99_999_999_999 }), 'de')).toEqual([
      { field: 'amount', message: 'Der Betrag darf höchstens 100.000,00\u00a0€ betragen.', key: 'amount_max', values: { max: MAX_TOP_UP } },
    ]);
    expect(refusal(() => parseRefund({ amount: 1e12 }))).toContainEqual(expect.objectContaining({ field: 'amount', key: 'amount_max' }));
  });

  it('says what is wrong with an amount that is none', () => {
    expect(refusal(() => parsePayment({ ...CARD, amount: 'lots' }))).toEqual([{ field: 'amount', message: 'Please enter the amount in euros.' }]);
    expect(refusal(() => parsePayment({ ...CARD, amount: 1e308 * 10 }))).toEqual([{ field: 'amount', message: 'Please enter the amount in euros.' }]);
    expect(refusal(() => parsePayment({ amount: 'viel', vatHandle: 'add', cardNumber: '1234', expiry: '13/30', cvc: '1' }), 'de')).toEqual([
      { field: 'amount', message: 'Bitte geben Sie den Betrag in Euro ein.' },
      { field: 'cardNumber', message: 'Bitte geben Sie eine gültige Kartennummer ein.' },
      { field: 'expiry', message: 'Bitte geben Sie das Ablaufdatum als MM/JJ ein.' },
      { field: 'cvc', message: 'Bitte geben Sie die 3- oder 4-stellige Prüfnummer ein.' },
    ]);
  });
});
