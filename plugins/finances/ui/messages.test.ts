import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

describe('finance screens messages', () => {
  it('have the same keys and placeholders in German and English, none empty', () => {
    expect(messageProblems(messages)).toEqual([]);

  });
});
