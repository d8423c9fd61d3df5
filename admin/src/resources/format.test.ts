import { describe, expect, it } from 'vitest';
import { formatDay, formatJson, maskDay, parseDay } from './format.ts';

describe('list formats', () => {
  it('shows dates as DD-MM-YYYY in UTC', () => {
    expect(formatDay('2025-03-07')).toBe('07-03-2025');
    expect(formatDay('2025-03-07T23:30:00Z')).toBe('07-03-2025');
    expect(formatDay('2025-03-07T23:30:00Z', true)).toBe('07-03-2025 23:30');
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
  });

  it('shortens JSON for a table cell', () => {
    expect(formatJson({ a: 1 })).toBe('{"a":1}');
    expect(formatJson({ text: 'x'.repeat(100) }, 20)).toHaveLength(20);
    expect(formatJson(undefined)).toBe('');
  });
});

describe('typed dates (SPEC section 9: DD-MM-YYYY, with time HH:mm, in UTC)', () => {
  it('reads a typed day as the stored date, and a typed day and time as the UTC instant', () => {
    expect(parseDay('07-03-2025')).toBe('2025-03-07');
    expect(parseDay(' 07-03-2025 ')).toBe('2025-03-07');
    expect(parseDay('07-03-2025 14:05', true)).toBe('2025-03-07T14:05:00.000Z');
    expect(parseDay('07-03-2025', true)).toBe('2025-03-07T00:00:00.000Z');
    expect(formatDay(parseDay('31-12-2025 23:59', true), true)).toBe('31-12-2025 23:59');
  });

  it('refuses what names no day: the wrong order, impossible days and times, a time where only a day goes', () => {
    for (const text of ['2025-03-07', '07.03.2025', '7-3-2025', '31-02-2025', '00-01-2025', '07-13-2025', '07-03-1899', '', '07-03-2025 14:05']) {
      expect(parseDay(text), text).toBeNull();
    }
    expect(parseDay('07-03-2025 24:00', true)).toBeNull();
    expect(parseDay('07-03-2025 12:60', true)).toBeNull();
    expect(parseDay('07-03-2025 1405', true)).toBeNull();
  });

  it('puts typed digits into the pattern, lets a separator be deleted and turns a pasted ISO date around', () => {
    expect(maskDay('0')).toBe('0');
    expect(maskDay('07')).toBe('07');
    expect(maskDay('070')).toBe('07-0');
    expect(maskDay('07-')).toBe('07');
    expect(maskDay('07032025')).toBe('07-03-2025');
    expect(maskDay('07.03.2025')).toBe('07-03-2025');
    expect(maskDay('07-03-20251405')).toBe('07-03-2025');
    expect(maskDay('070320251405', true)).toBe('07-03-2025 14:05');
    expect(maskDay('07-03-2025 14:0', true)).toBe('07-03-2025 14:0');
    expect(maskDay('2025-03-07')).toBe('07-03-2025');
    expect(maskDay('2025-03-07T14:05:33Z', true)).toBe('07-03-2025 14:05');
  });
});
