import { describe, expect, it } from 'vitest';
import { messageProblems } from './pluginText.ts';

describe('a plugin\'s own messages', () => {
  it('are reported when a key exists in one language only, a text is empty or the placeholders differ', () => {
    expect(messageProblems({ de: { a: 'A', b: { c: '%{n} Tage' } }, en: { a: 'A', b: { c: '%{n} days' } } })).toEqual([]);
    expect(messageProblems({
      de: { a: 'A', only: 'nur deutsch', b: { c: '%{n} Tage' }, e: '' },
      en: { a: 'A', b: { c: '%{count} days', d: 'English' }, e: 'E' },
    })).toEqual(['only: German only', 'b.c: other placeholders', 'e: empty in German', 'b.d: English only']);
  });
});
