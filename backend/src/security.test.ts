import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from './testing.ts';
import { routeKind, securityHeaders } from './security.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

/** The directives of a Content-Security-Policy header, by name. */
function csp(header: string | null): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values;
  }
  return directives;
}

describe('route kinds', () => {
  it('tells the API, ad delivery and pages apart', () => {
    expect(routeKind('/api/auth/signin')).toBe('api');
    for (const path of ['/banner', '/banner/', '/banner/file/1', '/banner/html/1/ad/index.html', '/s/1/2/1/SUB', '/t/x', '/c/x']) expect(routeKind(path), path).toBe('delivery');
    // The admin's banner screens and other member-area routes are pages.
    for (const path of ['/', '/login', '/banners', '/banner/new', '/banner/edit/1', '/banner/create', '/banner/template', '/p/finances', '/apix', '/resetpassword/abc']) {
      expect(routeKind(path), path).toBe('page');
    }
  });
});

describe('security headers of the pages', () => {
  it.each(['/login', '/', '/bookings', '/resetpassword/abc'])('%s: CSP without eval or foreign scripts, never framed', async (path) => {
    const res = await get(path);
    const policy = csp(res.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Plain http: no upgrade of requests, no HSTS.
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps the reset token out of referers; other pages send only the origin to other sites', async () => {
    expect((await get('/resetpassword/abc')).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await get('/confirm/abc')).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await get('/login')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await get('/')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('security headers of the API', () => {
  it('answers sign-in with no-store, a CSP that allows nothing and no referer', async () => {
    const signin = await server.api('/api/auth/signin', { method: 'POST', body: { email: 'advertiser@demo.test', password: 'demo-password' } });
    expect(signin.status).toBe(200);
    expect(signin.headers.get('cache-control')).toBe('no-store');
    expect(csp(signin.headers.get('content-security-policy'))).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(signin.headers.get('x-frame-options')).toBe('DENY');
    expect(signin.headers.get('referrer-policy')).toBe('no-referrer');
    expect(signin.headers.get('x-content-type-options')).toBe('nosniff');
    // A refused sign-in and the account answers are not stored either.
    const refused = await server.api('/api/auth/signin', { method: 'POST', body: { email: 'advertiser@demo.test', password: 'wrong' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const token = await server.token('advertiser@demo.test');
    const login = await server.api('/api/auth/login', { token });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
  });
});

describe('security headers of ad delivery', () => {
  it('/banner?id= stays frameable by any site and keeps its own sandbox CSP', async () => {
    const banner = (await server.core.model('banner').findOne({ where: { bannerType: 'image_ad', archivedAt: null }, raw: true })) as unknown as { id: string } | null;
    expect(banner).not.toBeNull();
    const res = await get(`/banner?id=${banner!.id}`);
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).not.toMatch(/frame-ancestors/);
    expect(policy).toMatch(/^sandbox/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // A missing banner is a plain 404, without the pages' policy either.
    const missing = await get('/banner/file/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-frame-options')).toBeNull();
    expect(missing.headers.get('content-security-policy') ?? '').not.toMatch(/frame-ancestors/);
  });
});

describe('HSTS', () => {
  it('is not sent over plain http, also not when an untrusted client claims https', async () => {
    for (const path of ['/login', '/api/health', '/banner/file/x']) {
      const res = await get(path, { 'X-Forwarded-Proto': 'https' });
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('is sent when the request came over https through a trusted proxy', async () => {
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(securityHeaders());
    app.get(/.*/, (_req, res) => res.send('ok'));
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      for (const path of ['/login', '/api/auth/signin', '/banner']) {
        const https = await fetch(`${base}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
        expect(https.headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
        const http = await fetch(`${base}${path}`);
        expect(http.headers.get('strict-transport-security'), path).toBeNull();
      }
      const page = await fetch(`${base}/login`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(csp(page.headers.get('content-security-policy'))['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
