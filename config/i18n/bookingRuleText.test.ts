import { describe, expect, it } from 'vitest';
import { bookingRuleText, bookingRuleWords } from './bookingRuleText.ts';
import { say } from './serverText.ts';

describe('a booking rule\'s words', () => {
  it('are the server\'s, with money, counts and days the language\'s way', () => {
    const values = { channel: 'Outbrain', amount: '1.67', minimum: '30.00' };
    expect(bookingRuleWords('daily_budget_below_channel_minimum', values, 'de')).toBe('Das Tagesbudget für Outbrain (1,67\u00a0€) liegt unter dessen Minimum von 30,00\u00a0€ pro Tag.');
    expect(bookingRuleWords('daily_budget_below_channel_minimum', values, 'en')).toBe('The daily budget for Outbrain (1,67\u00a0€) is below its minimum of 30,00\u00a0€ per day.');
    expect(bookingRuleWords('domains_too_many', { channel: 'Platform 161', max: 2000, count: 2001 }, 'de')).toContain('2.000');
    expect(bookingRuleWords('start_too_early', { date: '2026-05-21' }, 'de')).toBe('Das Startdatum darf nicht vor dem 21-05-2026 liegen.');
    expect(bookingRuleWords('start_too_early', { date: '2026-05-21' }, 'en')).toBe('The start date must not be before 21-05-2026.');
    for (const language of ['de', 'en'] as const) {
      expect(say(language, bookingRuleText('start_too_early', { date: '2026-05-21' }))).toBe(bookingRuleWords('start_too_early', { date: '2026-05-21' }, language));
      expect(say(language, bookingRuleText('budget_too_large', { max: '10000000.00' }))).toBe(bookingRuleWords('budget_too_large', { max: '10000000.00' }, language));
    }
  });
});
