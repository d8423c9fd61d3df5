import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';
import { isShown, LEVELS } from './rules.ts';

const row = (sticky: boolean, levels: ('info' | 'warning' | 'danger')[], problems = 0) => ({
  optimizer: { sticky } as never, instructions: levels.map((level) => ({ level, code: 'x', message: 'x' })), problems: Array.from({ length: problems }, () => ({ code: 'p', message: 'p' })),
});

describe('affiliate dashboard entries (SPEC section 2)', () => {
  it('shows sticky entries always, others with a hint of a kept level, or in the Problems View with a problem', () => {
    expect(isShown(row(true, []), LEVELS, false)).toBe(true);
    expect(isShown(row(false, []), LEVELS, false)).toBe(false);
    expect(isShown(row(false, ['info']), LEVELS, false)).toBe(true);
    expect(isShown(row(false, ['info']), ['danger'], false)).toBe(false);
    expect(isShown(row(false, ['danger']), ['danger'], false)).toBe(true);
    expect(isShown(row(false, ['danger'], 0), LEVELS, true)).toBe(false);
    expect(isShown(row(false, [], 2), LEVELS, true)).toBe(true);
  });

  it('has every text in German and English', () => {
    for (const screen of Object.keys(staffScreenMessages.de) as (keyof typeof staffScreenMessages.de)[]) {
      expect(messageProblems({ de: staffScreenMessages.de[screen], en: staffScreenMessages.en[screen] }), screen).toEqual([]);
    }
  });
});
