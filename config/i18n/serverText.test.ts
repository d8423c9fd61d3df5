import { describe, expect, it } from 'vitest';
import { serverMessages } from './serverMessages.ts';
import { formatCount, formatDay, formatEur, formatEuros, languageOf, text, translate, say } from './serverText.ts';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`)));
const placeholders = (message: string) => [...message.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server texts', () => {
  it('have the same keys and placeholders in German and English, none empty', () => {
    const de = new Map(leaves(serverMessages.de as unknown as Tree));
    const en = new Map(leaves(serverMessages.en as unknown as Tree));
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
    const problems = [...de].flatMap(([key, german]) => {
      const english = en.get(key) ?? '';
      if (!german.trim() || !english.trim()) return [`${key} is empty`];
      return placeholders(german).join() === placeholders(english).join() ? [] : [`${key}: placeholders differ`];
    });
    expect(problems).toEqual([]);
  });

  it('follow the language asked for, German by default', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('de')).toBe('de');
    expect(languageOf(undefined)).toBe('de');
    expect(languageOf('fr')).toBe('de');
    expect(say('de', text('errors.not_found'))).toBe('Nicht gefunden.');
    expect(say('en', text('errors.not_found'))).toBe('Not found.');
  });

  it('write money the German way in both languages, counts and days as SPEC section 9 says', () => {
    expect(formatEur(500)).toBe('5,00\u00a0€');
    expect(formatEur(123456)).toBe('1.234,56\u00a0€');
    expect(formatEuros(315.54)).toBe('315,54\u00a0€');
    expect(formatEur(-0)).toBe('0,00\u00a0€');
    expect(say('en', text('finances.insufficient_balance', { balance: { money: 31554 }, debit: { money: 123456 } }))).toBe('The balance of 315,54\u00a0€ does not cover 1.234,56\u00a0€.');
    expect(formatCount(26294, 'de')).toBe('26.294');
    expect(formatCount(26294, 'en')).toBe('26,294');
    expect(formatDay('2026-03-07')).toBe('07-03-2026');
    expect(formatDay(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toBe('31-12-2026');
  });

  it('put translated labels, money and counts into a message', () => {
    const label = { de: 'Budget', en: 'Budget' };
    expect(translate('de', 'errors.unknown_key_stays', { label })).toBe('errors.unknown_key_stays');
    expect(formatEur(0)).toBe('0,00\u00a0€');
  });
});

describe('the keys the server names', () => {
  it('are all in the catalogue (every `area.key` text of the server code and the declarations)', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : files(full);
      return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
    });
    const plugins = readdirSync(path.join(root, 'plugins')).map((name) => path.join(root, 'plugins', name, 'server')).filter((dir) => {
      try {
        return statSync(dir).isDirectory();
      } catch {
        return false;
      }
    });
    const sources = [path.join(root, 'backend/src'), path.join(root, 'config/resources'), ...plugins].flatMap(files);
    const known = new Set(leaves(serverMessages.en as unknown as Tree).map(([key]) => key));
    const AREA = /['"`]((?:errors|input|validation|query|auth|accounts|subaccounts|finances|bookings|booking|mail|resources|sync)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)['"`]/gi;
    // Names that look like keys but are none: job names and file names.
    const NO_TEXT = new Set(['booking.prepare', 'booking.mail', 'booking.calendar', 'bookings.csv', 'sync.run']);
    const unknown = sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(AREA)]
      .map((match) => match[1]).filter((key) => !known.has(key) && !NO_TEXT.has(key)).map((key) => `${path.relative(root, file)}: ${key}`));
    expect(sources.length).toBeGreaterThan(50);
    expect(unknown).toEqual([]);
  });
});
