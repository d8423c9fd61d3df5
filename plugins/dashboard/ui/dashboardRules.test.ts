/** The dashboard's small rules: SPEC section 5's budget colours, bookings.csv and the texts. */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messageProblems } from '@adsuite/admin/kit';
import { budgetColour } from './budget.ts';
import { bookingsCsv } from './bookingsCsv.ts';
import type { Booking } from './dashboardApi.ts';
import { messages } from './messages.ts';
import { REFRESH_MS, refreshWhileChanging } from './dashboardQueries.ts';

describe('the dashboard rules', () => {
  it('colours the budget by the remaining percent: at most 10 danger, at most 35 warning; the template table strictly below', () => {
    expect([0, 10, 10.5, 35, 35.01, 100].map((left) => budgetColour(left))).toEqual(['error', 'error', 'warning', 'warning', 'success', 'success']);
    expect([9.99, 10, 34.99, 35].map((left) => budgetColour(left, true))).toEqual(['error', 'warning', 'warning', 'success']);
  });

  it('writes bookings.csv in the reader\'s language with SPEC\'s formats, every row given and formulas defused', () => {
    const booking = {
      id: 'b1', name: '=cmd()', status: 'paused', budget: null, dailyBudget: 10, start: '2026-06-01', end: null, continously: true,
      channels: ['platform161', 'facebook'], target: 'https://shop.test/a', gender: 'female', age: ['25', '35'], countries: ['DE'],
      markers: [{ type: 'Feature', properties: { name: 'Berlin', currentPlace: { formatted_address: 'Berlin, Germany' } } }],
    } as unknown as Booking;
    const waiting = { ...booking, id: 'b2', name: 'Winter', status: 'waiting for approval', dailyBudget: null, budget: 1234.5, continously: false, end: '2026-07-01T00:00:00.000Z', age: [] } as unknown as Booking;
    const figures = { impressions: 1200, clicks: 34, conversions: 2, cost: 1012.5, ctr: 2.83, invalid: 12, invalidShare: 0.97 };
    const rows = [{ booking, group: 'paused' as const, figures }, { booking: waiting, group: 'pending' as const, figures: { ...figures, cost: 0 } }];
    const german = bookingsCsv(rows, 'de');
    expect(german.startsWith('\ufeffName,Status,Budget,Kanäle,Impressionen,Klicks,Kosten,Start,Ende,Standort,Ziel-URL,Geschlecht,Alter\r\n')).toBe(true);
    expect(parse(german, { bom: true }).slice(1)).toEqual([
      ["'=cmd()", 'Pausiert', '10,00 € / Tag', 'Platform 161, Facebook', '1200', '34', '1.012,50 €', '01-06-2026', 'Läuft unbegrenzt', 'Berlin, Germany; DE',
        'https://shop.test/a', 'Weiblich', '19–24, 25–34'],
      ['Winter', 'Wartet auf Freigabe', '1.234,50 €', 'Platform 161, Facebook', '1200', '34', '0,00 €', '01-06-2026', '01-07-2026', 'Berlin, Germany; DE',
        'https://shop.test/a', 'Weiblich', ''],
    ]);
    const english = parse(bookingsCsv(rows, 'en'), { bom: true });
    expect(english[0]).toEqual(['Name', 'Status', 'Budget', 'Channels', 'Impressions', 'Clicks', 'Costs', 'Start', 'End', 'Location', 'Target', 'Gender', 'Age']);
    expect(english[1]).toEqual(["'=cmd()", 'Paused', '10,00 € / day', 'Platform 161, Facebook', '1200', '34', '1.012,50 €', '01-06-2026', 'Never Ends', 'Berlin, Germany; DE',
      'https://shop.test/a', 'Female', '19–24, 25–34']);
    expect(english[2][1]).toBe('Waiting for approval');
    // No raw value of the German run reads English.
    expect(german).not.toMatch(/paused|pending|\/ day|female|2026-06-01/);
  });

  it('reads the bookings again every 5 seconds while one is being prepared or published, and stops after a failed read', () => {
    const state = (status: string, ...statuses: string[]) => ({ state: { status, data: statuses.map((value) => ({ status: value }) as Booking) } });
    expect(refreshWhileChanging(state('success', 'active', 'waiting for approval'))).toBe(REFRESH_MS);
    expect(refreshWhileChanging(state('success', 'publishing'))).toBe(REFRESH_MS);
    expect(refreshWhileChanging(state('success', 'active', 'pending', 'paused'))).toBe(false);
    expect(refreshWhileChanging(state('error', 'publishing'))).toBe(false);
  });

  it('has the same texts, placeholders and greeting variants in German and English', () => {
    expect(messageProblems(messages)).toEqual([]);
    const variants = (text: string) => text.split('|||').length;
    expect(variants(messages.en.greeting.hello)).toBe(variants(messages.de.greeting.hello));
    expect(variants(messages.en.greeting.words)).toBe(variants(messages.de.greeting.words));
  });
});
