/**
 * Texts a plugin keeps beside its screens (`plugins/<name>/ui/messages.ts`, `{ de, en }`): `app.<namespace>.<key>`
 * from the admin's catalogue where it has the key, else the plugin's own in the active language, with polyglot's
 * placeholders and plurals either way.
 */
import { useLocaleState, useTranslate } from 'react-admin';

export type MessageTree = { [key: string]: string | MessageTree };
export interface PluginMessages {
  de: MessageTree;
  en: MessageTree;
}

const textAt = (tree: MessageTree, key: string) =>
  key.split('.').reduce<string | MessageTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

export function usePluginText(namespace: string, messages: PluginMessages) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const own = messages[locale === 'en' ? 'en' : 'de'];
  return (key: string, options: Record<string, unknown> = {}) => {
    const fallback = textAt(own, key);
    return translate(`app.${namespace}.${key}`, { _: typeof fallback === 'string' ? fallback : key, ...options });
  };
}

const entries = (tree: MessageTree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort().join();

/** What keeps a plugin's German and English texts from matching: a key in one language only, an empty text, other placeholders. */
export function messageProblems(messages: PluginMessages): string[] {
  const de = new Map(entries(messages.de));
  const en = new Map(entries(messages.en));
  const problems: string[] = [];
  for (const [key, text] of de) {
    if (!en.has(key)) problems.push(`${key}: German only`);
    else if (placeholders(text) !== placeholders(en.get(key)!)) problems.push(`${key}: other placeholders`);
    if (text === '') problems.push(`${key}: empty in German`);
  }
  for (const [key, text] of en) {
    if (!de.has(key)) problems.push(`${key}: English only`);
    if (text === '') problems.push(`${key}: empty in English`);
  }
  return problems;
}
