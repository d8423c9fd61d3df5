import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

describe('approval screen messages', () => {
  it('have the same keys and placeholders in German and English, none empty, and SPEC section 8\'s texts', () => {
    expect(messageProblems(messages)).toEqual([]);
    expect(messages.en.not_reviewed).toBe('Channel %{channel} was not reviewed');
    expect(messages.en.count_error).toBe('Error while updating count');
    expect(messages.en.items_error).toBe('Error while updating items');
  });
});
