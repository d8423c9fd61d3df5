import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';
import { typedDay } from './RangePicker.tsx';

describe('Expert Analytics texts and days', () => {
  it('have the same keys and placeholders in German and English, none empty', () => {
    expect(messageProblems(messages)).toEqual([]);
  });

  it('reads a day typed DD-MM-YYYY, and nothing that is not a day', () => {
    expect(typedDay('07-03-2025')).toBe('2025-03-07');
    expect(typedDay(' 29-02-2024 ')).toBe('2024-02-29');
    expect(['29-02-2025', '2025-03-07', '7-3-2025', '32-01-2025', '']).toEqual(['29-02-2025', '2025-03-07', '7-3-2025', '32-01-2025', ''].filter((text) => typedDay(text) === null));
  });
});
