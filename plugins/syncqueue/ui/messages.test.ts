import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort().join();

describe('sync-queue viewer messages', () => {
  it('have the same keys and placeholders in German and English, none empty', () => {
    const de = entries(messages.de);
    const en = new Map(entries(messages.en));
    expect(de.map(([key]) => key).sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of de) {
      expect(text, key).not.toBe('');
      expect(placeholders(text), key).toBe(placeholders(en.get(key)!));
    }
    expect(messages.en.no_messages).toBe('There are no messages');
  });
});
