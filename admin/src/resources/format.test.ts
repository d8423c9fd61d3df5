import { describe, expect, it } from 'vitest';
import { formatDay, formatJson } from './format.ts';

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
