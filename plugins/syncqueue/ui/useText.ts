/**
 * The sync-queue viewer's texts: `app.syncqueue.<key>` from the admin's catalogue where it has the key, else this
 * plugin's own (messages.ts) in the active language, with polyglot's placeholders and plurals either way.
 */
import { useLocaleState, useTranslate } from 'react-admin';
import { messages } from './messages.ts';

type Tree = { [key: string]: string | Tree };
const textAt = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

export function useText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const own = messages[locale === 'en' ? 'en' : 'de'] as Tree;
  return (key: string, options: Record<string, unknown> = {}) => translate(`app.syncqueue.${key}`, { _: textAt(own, key) ?? key, ...options });
}
