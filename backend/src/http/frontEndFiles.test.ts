import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBuild, builtFiles, portalPage } from './frontEndFiles.ts';

const SCRIPT = 'console.log("entry");'.repeat(100);
let dir: string;
let url: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'adsuite-dist-'));
  mkdirSync(path.join(dir, 'admin', 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'portal'), { recursive: true });
  const asset = path.join(dir, 'admin', 'assets', 'index-AbC123_x.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(dir, 'admin', 'assets', 'plain-ZyX98765.css'), 'body{}');
  writeFileSync(path.join(dir, 'admin', 'favicon.ico'), 'icon');
  writeFileSync(path.join(dir, 'admin', 'index.html'), '<head><script type="module" crossorigin src="/assets/index-AbC123_x.js"></script>'
    + '<link rel="modulepreload" crossorigin href="/assets/react-D04hC_v_.js"></head>');
  writeFileSync(path.join(dir, 'portal', 'index.html'), '<html><head><title>AdSuite</title></head><body></body></html>');
  const app = express().use(builtFiles(path.join(dir, 'admin')));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

const get = (file: string, encoding?: string) => fetch(`${url}${file}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('the built front-end files', () => {
  it('sends a hashed script as its brotli file, cached as immutable, when the browser takes brotli', async () => {
    const res = await get('/assets/index-AbC123_x.js', 'gzip, deflate, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // fetch decodes what it is told is brotli: the text is the script itself.
    expect(await res.text()).toBe(SCRIPT);
  });

  it('sends the gzip file to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/index-AbC123_x.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123_x.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('sends a hashed file the build did not compress as it is, immutable; other files for an hour', async () => {
    const css = await get('/assets/plain-ZyX98765.css', 'br');
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.ico', 'br');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await get('/assets/missing-AbC123_x.js', 'br')).status).toBe(404);
  });

  it("names the admin's entry files as prefetches on the sign-in page only", () => {
    const portal = path.join(dir, 'portal');
    const admin = path.join(dir, 'admin');
    const signIn = portalPage(portal, admin, true)!;
    expect(signIn).toContain('<link rel="prefetch" href="/assets/index-AbC123_x.js" crossorigin>');
    expect(signIn).toContain('<link rel="prefetch" href="/assets/react-D04hC_v_.js" crossorigin>');
    expect(signIn.indexOf('rel="prefetch"')).toBeLessThan(signIn.indexOf('</head>'));
    expect(portalPage(portal, admin, false)).not.toContain('prefetch');
    expect(portalPage(path.join(dir, 'none'), admin, true)).toBeUndefined();
  });
});

describe('the admin build the server serves (GET /api/version)', () => {
  it('answers the id of build.json, a new one once a build replaces it, and null without a build', async () => {
    const admin = mkdtempSync(path.join(tmpdir(), 'adsuite-build-'));
    expect(adminBuild(admin)).toBeNull();
    writeFileSync(path.join(admin, 'build.json'), JSON.stringify({ build: '2026-11-28T10:00:00.000Z-1a2b3c4d' }));
    expect(adminBuild(admin)).toBe('2026-11-28T10:00:00.000Z-1a2b3c4d');
    // A new build writes the file again (a later modification time).
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(admin, 'build.json'), JSON.stringify({ build: '2026-11-28T11:00:00.000Z-5e6f7a8b' }));
    expect(adminBuild(admin)).toBe('2026-11-28T11:00:00.000Z-5e6f7a8b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(path.join(admin, 'build.json'), 'not json');
    expect(adminBuild(admin)).toBeNull();
  });
});
