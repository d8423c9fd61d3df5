import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { creativeScreenMessages } from '@adsuite/config/i18n/creativeScreens';

describe('the creative tools\' texts', () => {
  it('say the same in German and English, with the same placeholders', () => {
    expect(messageProblems(creativeScreenMessages)).toEqual([]);
  });
});
