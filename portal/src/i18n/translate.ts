/** The `t(key, params)` helper: looks a key up in one language's messages and fills in `{param}` placeholders. */
import type { MessageKey, Messages } from './de.ts';

export type { MessageKey, Messages };
export type Params = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: Params) => string;

export function fill(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

export function translator(messages: Messages): Translate {
  // An unknown key shows itself, so a missing text is visible rather than blank.
  return (key, params) => fill(messages[key] ?? key, params);
}

/** For keys composed at run time (e.g. `jobRole.${code}`); the message files are typed, lookups are not. */
export const messageKey = (key: string) => key as MessageKey;
