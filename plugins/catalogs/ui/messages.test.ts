import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

describe('the catalog screen\'s texts', () => {
  it('have the same keys and placeholders in German and English', () => {
    expect(messageProblems(messages)).toEqual([]);
  });
});
