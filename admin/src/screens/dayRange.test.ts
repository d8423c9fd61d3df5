import { describe, expect, it } from 'vitest';
import { messageProblems } from '../i18n/pluginText.ts';
import { daysIn, earliestDay, lastDays } from './dayRange.ts';
import { messages } from './dayRangeMessages.ts';

describe('the statistics screens\' range of days', () => {
  it('starts 6 months and 1 day back at the earliest (SPEC section 5), at a short month\'s end too', () => {
    expect(earliestDay('2026-08-31')).toBe('2026-02-27');
    expect(earliestDay('2026-06-15')).toBe('2025-12-14');
  });

  it('counts both ends and reckons the last days with today included', () => {
    expect(lastDays(7, '2026-08-31')).toEqual({ start: '2026-08-25', end: '2026-08-31' });
    expect(daysIn({ start: '2026-08-25', end: '2026-08-31' })).toBe(7);
    expect(daysIn({ start: '2026-03-29', end: '2026-03-29' })).toBe(1);
  });

  it('has every text in German and English', () => {
    expect(messageProblems(messages)).toEqual([]);
  });
});
