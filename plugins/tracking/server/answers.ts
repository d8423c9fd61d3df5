/**
 * Answers of the public tracking endpoints in node's own terms (IncomingMessage, ServerResponse), so that the
 * Express routes (routes.ts) and the front before Express (front.ts) answer alike: the delivery headers of
 * backend/src/security.ts, the 404 page, the error middleware's `{ message, errors }` in the request's language.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { HttpError, inWords, languageOf, text } from '@adsuite/backend/kit';

/** The headers security.ts gives ad delivery: no sniffing, embeddable anywhere, HSTS over TLS. */
export function deliveryHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if ((req.socket as TLSSocket).encrypted) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

const languageOfRequest = (req: IncomingMessage) => languageOf(typeof req.headers.language === 'string' ? req.headers.language : undefined);

/** The 404 page of a click or banner that is not there. */
export function notFoundPage(req: IncomingMessage, res: ServerResponse): void {
  const language = languageOfRequest(req);
  const title = inWords(text('errors.not_found'), language);
  const page = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>404</title></head><body style="font-family:sans-serif;text-align:center;padding:48px"><h1>404</h1><p>${title}</p><p><a href="/">AdSuite</a></p></body></html>`;
  res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(page) }).end(page);
}

/** What the error middleware answers: an HttpError its status with `{ message, errors }`, anything else 500. */
export function answerError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const language = languageOfRequest(req);
  const known = error instanceof HttpError;
  if (!known) console.error(error);
  const body = JSON.stringify({
    message: inWords(known ? error.text : text('errors.internal'), language),
    errors: known ? error.errors.map((e) => ({ ...e, message: inWords(e.message, language) })) : [],
  });
  if (res.headersSent) return void res.destroy();
  res.writeHead(known ? error.status : 500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** The body as text, at most `limit` bytes (else a 413, as body-parser answers). */
export function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(new HttpError(413, text('errors.body_too_large')));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new HttpError(413, text('errors.body_too_large')));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A body this front reads as UTF-8 text itself; others (compressed, another charset) are Express's. */
export function plainBody(req: IncomingMessage): boolean {
  const encoding = req.headers['content-encoding'];
  if (encoding && encoding.toLowerCase() !== 'identity') return false;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  return !charset || charset === 'utf-8' || charset === 'utf8';
}
