/**
 * Input every endpoint refuses before its handler runs (ARCHITECTURE.md "Errors and bad input"):
 * JSON nested deeper than MAX_JSON_DEPTH (a recursive walk over it, JSON.stringify or jsonb would overflow the
 * stack), the NUL character in any text (PostgreSQL can store it neither in text nor in jsonb) and a body that
 * is not valid UTF-8 (the parser would silently replace the broken bytes).
 */
import { isUtf8 } from 'node:buffer';
import express, { type RequestHandler } from 'express';
import { Invalid, text, type ServerText } from '../errors.ts';

/** How deep a JSON body, JSON field or JSON query parameter may nest (the top-level value counts as 1). */
export const MAX_JSON_DEPTH = 64;

export const NUL = '\u0000';

export type JsonProblem = { kind: 'depth' | 'nul'; path: string };

/** Names a position in a value: `name`, `items.2.title`. */
function pathOf(parent: string, key: string | number): string {
  const part = String(key).replaceAll(NUL, '\\0');
  return parent ? `${parent}.${part}` : part;
}

/**
 * The first problem of a parsed JSON value, found without recursion (so any depth is safe to inspect):
 * nesting deeper than `maxDepth`, or a NUL character in a string or an object key.
 */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 1, path: '' }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) return { kind: 'nul', path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > maxDepth) return { kind: 'depth', path: item.path };
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], depth: item.depth + 1, path: pathOf(item.path, i) });
      continue;
    }
    for (const key of Object.keys(item.value)) {
      const path = pathOf(item.path, key);
      if (key.includes(NUL)) return { kind: 'nul', path };
      stack.push({ value: (item.value as Record<string, unknown>)[key], depth: item.depth + 1, path });
    }
  }
  return null;
}

/** What the problem is in: the request body or the query (the URL's parameters). */
export type ProblemPlace = 'body' | 'query';

export function problemMessage(problem: JsonProblem, where: ProblemPlace = 'body'): ServerText {
  if (problem.kind === 'depth') return text(`input.${where}_nested`, { max: MAX_JSON_DEPTH });
  return problem.path ? text('input.nul_at', { path: problem.path }) : text(`input.${where}_nul`);
}

/** A 400 at the field (the top-level key) where the problem is. */
export function problemError(problem: JsonProblem, where?: ProblemPlace): Invalid {
  const message = problemMessage(problem, where);
  const field = problem.path.split('.')[0] ?? '';
  return new Invalid(message, [{ field, message }]);
}

/** body-parser's `verify`: a UTF-8 body must be valid UTF-8 (a thrown error with a status answers with it). */
function verifyUtf8(_req: unknown, _res: unknown, buffer: Buffer, encoding: string | null) {
  if ((encoding ?? 'utf-8').toLowerCase().replace('-', '') === 'utf8' && !isUtf8(buffer)) {
    throw new Invalid(text('input.not_utf8'));
  }
}

/** The API's body parsing: JSON up to `limit`, then the depth and NUL checks of body and query. */
export function jsonInput(options: { limit: string }): RequestHandler[] {
  const refuseMalformed: RequestHandler = (req, _res, next) => {
    const query = jsonProblem(req.query);
    if (query) return next(problemError(query, 'query'));
    if (req.body !== undefined) {
      const body = jsonProblem(req.body);
      if (body) return next(problemError(body));
    }
    next();
  };
  return [express.json({ limit: options.limit, verify: verifyUtf8 }), refuseMalformed];
}
