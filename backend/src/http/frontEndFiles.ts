/**
 * How the built front-ends are sent (issue 13: the dashboard's first paint after sign-in).
 *
 * - Hashed files (`assets/<name>-<hash>.js|css`) never change under their name: cached for a year as immutable,
 *   and sent as the brotli or gzip file the build wrote beside them (precompress.ts) when the browser takes it,
 *   so nothing is compressed per request. Other files (favicon, index.html) are revalidated.
 * - The portal's sign-in page names the admin's entry files as prefetches, so the browser fetches them while the
 *   user types and the admin starts from the cache after the sign-in click.
 */
import express, { type RequestHandler, type Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const HASHED = /^\/assets\/[^/]+-[\w-]{8,}\.(?:js|css)$/;
const ENCODINGS = [['br', '.br'], ['gzip', '.gz']] as const;
const YEAR_S = 365 * 24 * 3600;

/** The files of `dist`: hashed ones precompressed and immutable, the rest revalidated (html) or cached for an hour. */
export function builtFiles(dist: string): RequestHandler {
  const plain = express.static(dist, {
    index: false,
    maxAge: '1h',
    setHeaders: (res: Response, file: string) => {
      if (file.endsWith('.html')) res.set('Cache-Control', 'no-cache');
      else if (HASHED.test(`/${path.relative(dist, file).split(path.sep).join('/')}`)) res.set('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
    },
  });
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !HASHED.test(req.path)) return plain(req, res, next);
    const file = path.join(dist, req.path);
    // Brotli before gzip whatever order the browser names them in (smaller, as quick to decode).
    const encoded = ENCODINGS.find(([encoding, suffix]) => req.acceptsEncodings(encoding) === encoding && existsSync(file + suffix));
    if (!encoded || !existsSync(file)) return plain(req, res, next);
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    res.set('Content-Encoding', encoded[0]);
    res.sendFile(file + encoded[1], { maxAge: YEAR_S * 1000, immutable: true }, (error) => error && next(error));
  };
}

/** Reads a file again only when it changed (a new build while the server runs). */
function cachedRead<T>(read: (text: string) => T) {
  let cached: { file: string; mtime: number; value: T } | undefined;
  return (file: string): T | undefined => {
    if (!existsSync(file)) return undefined;
    const mtime = statSync(file).mtimeMs;
    if (cached?.file !== file || cached.mtime !== mtime) cached = { file, mtime, value: read(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/** The hashed scripts and styles the admin's index.html loads first (its entry and the modules it preloads). */
const adminEntryFiles = cachedRead((html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]));

const portalIndex = cachedRead((html) => html);

const buildOf = cachedRead((json) => {
  try {
    const { build } = JSON.parse(json) as { build?: unknown };
    return typeof build === 'string' ? build : null;
  } catch {
    return null;
  }
});

/**
 * The id of the admin build `adminDist` holds (its build.json, written by the build): what GET /api/version
 * answers, so that a browser running another build knows a new release is out. Null without a build.
 */
export const adminBuild = (adminDist: string): string | null => buildOf(path.join(adminDist, 'build.json')) ?? null;

/** The portal's index.html, on the sign-in page with prefetch links for the admin's entry files. */
export function portalPage(portalDist: string, adminDist: string, signIn: boolean): string | undefined {
  const html = portalIndex(path.join(portalDist, 'index.html'));
  if (!html || !signIn) return html;
  const files = adminEntryFiles(path.join(adminDist, 'index.html')) ?? [];
  // crossorigin as the admin's module scripts load, so the cached answer serves them.
  const links = files.map((file) => `<link rel="prefetch" href="${file}" crossorigin>`).join('');
  return html.replace('</head>', `${links}</head>`);
}
