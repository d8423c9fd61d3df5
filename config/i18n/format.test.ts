import { describe, expect, it } from 'vitest';
import { formatChange, formatMoment, periodChange } from './format.ts';

describe('a report\'s moment and its change from the previous period', () => {
  it('writes a moment DD-MM-YYYY HH:mm in UTC, nothing for none', () => {
    expect(formatMoment('2026-05-21T14:05:59.900Z')).toBe('21-05-2026 14:05');
    expect(formatMoment(new Date(Date.UTC(2026, 0, 2, 3, 4)))).toBe('02-01-2026 03:04');
    expect(formatMoment(null)).toBe('');
  });

  it('names the change in percent with its sign, one decimal, and none when the previous figure is 0', () => {
    expect(periodChange(125, 100)).toBe(25);
    expect(periodChange(2, 3)).toBe(-33.3);
    expect(periodChange(5, 5)).toBe(0);
    expect(periodChange(5, 0)).toBeNull();
    expect(formatChange(25, 'de')).toBe('+25,0\u00a0%');
    expect(formatChange(25, 'en')).toBe('+25.0%');
    expect(formatChange(-33.3, 'de')).toBe('-33,3\u00a0%');
    expect(formatChange(0, 'en')).toBe('0.0%');
    expect(formatChange(null, 'de')).toBe('–');
  });
});
