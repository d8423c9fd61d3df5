import { describe, expect, it } from 'vitest';
import { formatEur, say, type ServerText } from '@adsuite/backend/kit';
import { parseEuros, splitVat } from './money.ts';
import { ledgerCsv } from './routes/ledger.ts';

describe('VAT on top-ups (cents)', () => {
  it('adds 19 % on top of the credit', () => {
    expect(splitVat(10_000, 'add')).toEqual({ net: 10_000, vat: 1_900, gross: 11_900 });
    expect(splitVat(1_005, 'add')).toEqual({ net: 1_005, vat: 191, gross: 1_196 });
  });

  it('deducts the VAT contained in the amount paid, so net + VAT is always what was paid', () => {
    expect(splitVat(11_900, 'deduct')).toEqual({ net: 10_000, vat: 1_900, gross: 11_900 });
    expect(splitVat(5_000, 'deduct')).toEqual({ net: 4_202, vat: 798, gross: 5_000 });
    for (let gross = 100; gross < 1_300; gross += 7) {
      const { net, vat } = splitVat(gross, 'deduct');
      expect(net + vat).toBe(gross);
      expect(Math.abs(vat - Math.round(net * 0.19))).toBeLessThanOrEqual(1);
    }
  });
});

describe('euro input and output', () => {
  it('reads euros with at most two decimals into cents', () => {
    expect(parseEuros(12.34, 1, 100)).toBe(1_234);
    expect(parseEuros('0.1', 0.01, 100)).toBe(10);
    expect(parseEuros(0.29, 0.01, 100)).toBe(29);
    const refusal = (value: unknown, language: 'de' | 'en' = 'en') => say(language, parseEuros(value, 1, 100) as ServerText);
    expect(refusal(1.005)).toBe('The amount can have at most two decimals.');
    expect(refusal(0.99)).toBe('The amount must be at least 1,00\u00a0€.');
    expect(refusal(0.99, 'de')).toBe('Der Betrag muss mindestens 1,00\u00a0€ betragen.');
    expect(refusal(Number.NaN)).toBe('Please enter the amount in euros.');
    expect(refusal(null, 'de')).toBe('Bitte geben Sie den Betrag in Euro ein.');
  });

  it('formats EUR the German way in both languages', () => {
    expect(formatEur(123_456_789)).toBe('1.234.567,89\u00a0€');
    expect(formatEur(-50)).toBe('-0,50\u00a0€');
  });

  it('writes CSV cells that stay cells and never run as formulas, in the reader\'s language', () => {
    const created = '2026-03-01T10:00:00.000Z';
    const rows = [
      { created, type: 'spend', description: 'Spend, "big"', reference: 'Line one\nline two', amount: -81.5 },
      { created, type: 'coupon', description: '=HYPERLINK("x")', reference: null, amount: 25 },
      { created, type: 'topup', description: 'a;b', reference: '@me', amount: 100 },
    ];
    expect(ledgerCsv(rows, 'en')).toBe([
      'Date,Type,Description,Reference,Amount (EUR)',
      '01-03-2026,Spend,"Spend, ""big""","Line one\nline two",-81.50',
      `01-03-2026,Coupon,"'=HYPERLINK(""x"")",,25.00`,
      `01-03-2026,Top-up,"a;b",'@me,100.00`,
      '',
    ].join('\r\n'));
    expect(ledgerCsv(rows, 'de').split('\r\n').slice(0, 2)).toEqual(['Datum,Art,Beschreibung,Referenz,Betrag (EUR)', '01-03-2026,Ausgaben,"Spend, ""big""","Line one\nline two",-81.50']);
    expect(ledgerCsv([], 'en')).toBe('Date,Type,Description,Reference,Amount (EUR)\r\n');
  });
});
