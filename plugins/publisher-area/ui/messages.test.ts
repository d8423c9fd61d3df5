import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { payoutMessages } from '../../finances/ui/testkit.ts';
import { messages } from './messages.ts';

describe('the publisher area\'s texts', () => {
  it('say the same in German and English, with the same placeholders', () => {
    expect(messageProblems(messages)).toEqual([]);
    expect(messageProblems(payoutMessages)).toEqual([]);
  });
});
