/**
 * What every string of a tracking input must be before its event joins a batch (groupCommit.ts): PostgreSQL
 * stores no NUL character in text or jsonb, and its JSON input refuses a lone UTF-16 surrogate (`\ud800` without
 * its pair), so one such value in one request's event made the database refuse the whole batch of other
 * requests' events. The endpoints (routes.ts) check each field where they read it, naming it in a 400 (or, for a
 * click, dropping it); `refusedField` checks a finished event once more as it is submitted.
 */
import { Invalid, MAX_JSON_DEPTH, text } from '@adsuite/backend/kit';
import type { TrackedEvent } from './pipeline.ts';

/** How deep an onsite event's JSON may nest (the top-level value counts as 1): as deep as the API's bodies. */
export const MAX_TRACKING_DEPTH = MAX_JSON_DEPTH;

const NUL = '\u0000';

/** Whether PostgreSQL can store the text: no NUL, no lone surrogate (String.prototype.isWellFormed, Node 20). */
export const storable = (value: string): boolean => !value.includes(NUL) && (value as unknown as { isWellFormed(): boolean }).isWellFormed();

/** What is wrong with an optional text parameter, if anything: not a text, longer than `max`, or a character PostgreSQL cannot store. */
export function textProblem(value: unknown, max: number): 'type' | 'long' | 'characters' | null {
  if (typeof value !== 'string') return 'type';
  if (value.length > max) return 'long';
  return storable(value) ? null : 'characters';
}

/** An optional text parameter: null when absent or empty, else the text, checked (a 400 at `field`). */
export function optionalText(value: unknown, name: string, max: number, field = name): string | null {
  if (value === undefined || value === null || value === '') return null;
  const problem = textProblem(value, max);
  if (!problem) return value as string;
  const message = problem === 'characters' ? text('tracking.bad_characters', { name }) : text('tracking.bad_text', { name, max });
  throw new Invalid(message, [{ field, message }]);
}

/** An optional text parameter a click carries: the text when it is one PostgreSQL can store within `max`, else null (dropped). */
export function droppedUnlessClean(value: unknown, max: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  return textProblem(value, max) ? null : (value as string);
}

export type JsonTrouble = { kind: 'depth' | 'characters'; path: string };

/**
 * The first value of parsed JSON that cannot be stored as it is: nesting deeper than `maxDepth` (JSON.stringify
 * of the batch would overflow the stack on thousands of levels), or a string or key with a NUL or a lone
 * surrogate. Without recursion, so any depth is safe to inspect.
 */
export function jsonTrouble(value: unknown, maxDepth = MAX_TRACKING_DEPTH): JsonTrouble | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 1, path: '' }];
  const at = (parent: string, key: string | number) => (parent ? `${parent}.${key}` : String(key));
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (!storable(item.value)) return { kind: 'characters', path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > maxDepth) return { kind: 'depth', path: item.path };
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], depth: item.depth + 1, path: at(item.path, i) });
      continue;
    }
    for (const key of Object.keys(item.value)) {
      // A key is shown escaped: the path names it in the answer, which is stored nowhere.
      const path = at(item.path, storable(key) ? key : JSON.stringify(key).slice(1, -1));
      if (!storable(key)) return { kind: 'characters', path };
      stack.push({ value: (item.value as Record<string, unknown>)[key], depth: item.depth + 1, path });
    }
  }
  return null;
}

/**
 * The 400 of a JSON body's trouble at the field it is in (`prefix`: where the value sits in the body): a text at its
 * full path, nesting at the first `levels` keys of its path (not the thousands of levels below).
 */
export function troubleError(trouble: JsonTrouble, prefix = '', levels = 1): Invalid {
  const path = trouble.kind === 'depth' ? trouble.path.split('.').slice(0, levels).join('.') : trouble.path;
  const field = [prefix, path].filter(Boolean).join('.');
  const message = trouble.kind === 'depth'
    ? text('input.body_nested', { max: MAX_TRACKING_DEPTH })
    : text('tracking.bad_characters', { name: field || 'body' });
  return new Invalid(message, [{ field, message }]);
}

/**
 * The first field of an event PostgreSQL could not store (a text with a NUL or a lone surrogate, data nested too
 * deeply or holding such a text), or null: the last check before the event joins a batch.
 */
export function refusedField(event: TrackedEvent): string | null {
  for (const [name, value] of Object.entries(event)) {
    if (typeof value === 'string') {
      if (!storable(value)) return name;
    } else if (name === 'data' && value && jsonTrouble(value)) return name;
  }
  return null;
}
