/**
 * Security headers (helmet), by the kind of answer:
 *
 * - pages (admin and portal, their assets, and every path that is neither API nor ad delivery): a
 *   Content-Security-Policy the Vite builds run under (scripts from our origin only, no eval; inline styles
 *   because MUI/emotion insert <style> tags and style attributes; images also from https:, data: and blob:,
 *   since creatives may be remote images; the /banner preview iframe is same origin), never framed by another
 *   site (`frame-ancestors 'none'`, X-Frame-Options DENY).
 *   Referrer-Policy: strict-origin-when-cross-origin, so other sites learn at most our origin while our own
 *   API still sees the page a change was made on (the activity log records the referer, SPEC section 5);
 *   the pages whose path holds a token (`/resetpassword/<token>`, `/confirm/<token>`) send no referer at all,
 *   so the token reaches neither another site nor our own logs and activity entries.
 * - the API (/api): a CSP that allows nothing (JSON is never a page), no framing, no referer, and
 *   `Cache-Control: no-store` on sign-in and account answers (/api/auth/...), which hold tokens and personal data.
 * - ad delivery outside /api (`/banner?id=`, `/banner/file/...`, `/banner/html/...`, `/s/...`, `/t/...`, `/z/...`,
 *   `/c/...`): embedded on third-party sites, so neither the pages' CSP nor any framing ban; their routes set
 *   their own sandbox CSP. An unknown path counts as a page: a new delivery route that is not listed here
 *   fails closed (not frameable) instead of leaving a page frameable.
 *
 * Every answer gets `X-Content-Type-Options: nosniff`; HSTS only over https (`req.secure`, which honours
 * X-Forwarded-Proto only when the app's `trust proxy` setting trusts the proxy), never over plain http.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet, { crossOriginResourcePolicy, referrerPolicy, strictTransportSecurity, xContentTypeOptions } from 'helmet';

export type RouteKind = 'api' | 'delivery' | 'page';

/** Ad delivery: `/banner` itself and its files (not the admin's `/banner/new`, `/banner/edit/:id`, ...), clicks, pixels. */
const DELIVERY = /^\/(?:banner\/?$|banner\/(?:file|html)\/|[stcz]\/)/;
/** Portal pages whose path carries a one-time token (as `isPortalPath` in app.ts matches them). */
const TOKEN_PAGE = /\/(?:resetpassword|confirm)(?:\/|$)/;

export function routeKind(pathname: string): RouteKind {
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  return DELIVERY.test(pathname) ? 'delivery' : 'page';
}

export const PAGE_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

const pageHeaders = (secure: boolean) => helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { ...PAGE_CSP_DIRECTIVES, ...(secure ? { upgradeInsecureRequests: [] } : {}) } },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

const apiHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
});

type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/** Runs helmet's middlewares one after the other. */
function chain(...steps: Middleware[]): Middleware {
  return (req, res, next) => {
    let i = 0;
    const step = (error?: unknown) => {
      if (error || i === steps.length) return next(error);
      steps[i++](req, res, step);
    };
    step();
  };
}

const hsts = strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });
const noReferrer = referrerPolicy({ policy: 'no-referrer' });
const noSniff = xContentTypeOptions();

const page = { http: chain(pageHeaders(false)), https: chain(pageHeaders(true), hsts) };
const api = { http: chain(apiHeaders), https: chain(apiHeaders, hsts) };
const delivery = {
  http: chain(noSniff, crossOriginResourcePolicy({ policy: 'cross-origin' })),
  https: chain(noSniff, crossOriginResourcePolicy({ policy: 'cross-origin' }), hsts),
};

/** The headers of every answer; mounted first in createApp. */
export function securityHeaders(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const scheme = req.secure ? 'https' : 'http';
    switch (routeKind(req.path)) {
      case 'api':
        if (req.path.startsWith('/api/auth/')) res.set('Cache-Control', 'no-store');
        return api[scheme](req, res, next);
      case 'delivery':
        return delivery[scheme](req, res, next);
      default:
        return page[scheme](req, res, (error?: unknown) => (error || !TOKEN_PAGE.test(req.path) ? next(error as Error) : noReferrer(req, res, next)));
    }
  };
}
