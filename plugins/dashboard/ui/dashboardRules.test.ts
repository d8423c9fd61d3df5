/** The dashboard's small rules: SPEC section 5's budget colours, bookings.csv and the texts. */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messageProblems } from '@adsuite/admin/kit';
import { budgetColour } from './budget.ts';
import { bookingsCsv } from './bookingsCsv.ts';
import type { Booking } from './dashboardApi.ts';
import { messages } from './messages.ts';

describe('the dashboard rules', () => {
  it('colours the budget by the remaining percent: at most 10 danger, at most 35 warning; the template table strictly below', () => {
    expect([0, 10, 10.5, 35, 35.01, 100].map((left) => budgetColour(left))).toEqual(['error', 'error', 'warning', 'warning', 'success', 'success']);
    expect([9.99, 10, 34.99, 35].map((left) => budgetColour(left, true))).toEqual(['error', 'warning', 'warning', 'success']);
  });

  it('writes bookings.csv with SPEC\'s columns, the figures given and formulas defused', () => {
    const booking = {
      id: 'b1', name: '=cmd()', status: 'active', budget: null, dailyBudget: 50, start: '2026-06-01', end: null, continously: true,
      channels: ['platform161', 'facebook'], target: 'https://shop.test/a', gender: 'female', age: ['25', '35'], countries: ['DE'],
      markers: [{ type: 'Feature', properties: { name: 'Berlin', currentPlace: { formatted_address: 'Berlin, Germany' } } }],
    } as unknown as Booking;
    const text = bookingsCsv([booking], () => ({ impressions: 1200, clicks: 34, conversions: 2, cost: 12.5, ctr: 2.83 }));
    expect(text.startsWith('\ufeffName,Status,Budget,Channels,Impressions,Clicks,Costs,Start,End,Location,Target,Gender,Age\r\n')).toBe(true);
    expect(parse(text, { bom: true })[1]).toEqual([
      "'=cmd()", 'active', '50.00 / day', 'Platform 161, Facebook', '1200', '34', '12.50', '2026-06-01', 'Never Ends', 'Berlin, Germany; DE',
      'https://shop.test/a', 'female', '19-24, 25-34',
    ]);
  });

  it('has the same texts, placeholders and greeting variants in German and English', () => {
    expect(messageProblems(messages)).toEqual([]);
    const variants = (text: string) => text.split('|||').length;
    expect(variants(messages.en.greeting.hello)).toBe(variants(messages.de.greeting.hello));
    expect(variants(messages.en.greeting.words)).toBe(variants(messages.de.greeting.words));
  });
});
