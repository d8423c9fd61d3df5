import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

describe('the affiliate wizard\'s texts', () => {
  it('say the same in German and English, with the same placeholders', () => {
    expect(messageProblems(messages)).toEqual([]);
  });
});
