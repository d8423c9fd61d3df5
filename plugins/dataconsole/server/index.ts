/**
 * The data console (ARCHITECTURE design card: AdminJS): AdminJS with the Sequelize adapter at /sysop/data over the
 * declared resources' models, for a signed-in systemoperator only. A raw-data escape hatch, not a second admin:
 * it writes rows as they are, past the resource engine's validation and hooks.
 *
 * - Accounts and tokens are the product's: `POST /api/dataconsole/session` (bearer token, systemoperator) puts the
 *   same signed token into an HttpOnly, SameSite=Strict cookie scoped to /sysop/data; every request there is checked
 *   by the API's own token check (`requireAuth`: signature, session version, the account still allowed), and its
 *   role must be systemoperator. No second password, no session store.
 * - Money tables (ledger, invoices, credit notes, earnings, payouts) are read-only; every other create, edit and
 *   delete is recorded in the activity log with a version snapshot, as the engine's writes are.
 * - Private fields (password hashes) are never shown.
 * - Browser code: AdminJS's own bundles ship prebuilt in its package; this console adds no components of its own,
 *   so its components bundle is the one line below, served as a file. Nothing is bundled at server start
 *   (ADMIN_JS_SKIP_BUNDLE), and AdminJS itself is loaded on the first request to /sysop/data, so `npm start`
 *   answers /api/health as fast as without it.
 */
import { randomBytes } from 'node:crypto';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { contextOf, Forbidden, recordActivity, requireAuth, text, type Core, type RequestContext, type ServerPlugin } from '@adsuite/backend/kit';
import { dataConsoleApi } from './openapi.ts';

export const CONSOLE_PATH = '/sysop/data';
export const COOKIE = 'adsuite_console';
/** The money tables: read in the console, never written there (their writes go through the ledger's own flows). */
export const READ_ONLY = ['transaction', 'invoice', 'creditnote', 'earning', 'payout'];
const COMPONENTS_BUNDLE = "(function () { 'use strict'; AdminJS.UserComponents = {}; })();\n";

const cookieOf = (req: Request, name: string): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
};

/** The cookie's token as the bearer token the API's check reads (a request may also send the header itself). */
const cookieAsBearer: RequestHandler = (req, _res, next) => {
  const token = cookieOf(req, COOKIE);
  if (token && !req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
  next();
};

function onlySystemoperator(req: Request, _res: Response, next: NextFunction) {
  if (contextOf(req).role !== 'systemoperator') return next(new Forbidden(text('staff.console.only_sysop')));
  next();
}

/**
 * AdminJS's pages carry inline scripts (its state) and a web font from a CDN: the pages' policy forbids both. The
 * console's pages get a nonce for their own inline scripts instead, and the font link is left out (the system font serves).
 */
function consolePages(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString('base64');
  const send = res.send.bind(res);
  res.send = ((body: unknown) => {
    if (typeof body === 'string' && body.trimStart().startsWith('<!DOCTYPE html>')) {
      res.setHeader('Content-Security-Policy', [
        "default-src 'self'", "base-uri 'self'", `script-src 'self' 'nonce-${nonce}'`, "script-src-attr 'none'", "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:", "font-src 'self' data:", "connect-src 'self'", "object-src 'none'", "form-action 'self'", "frame-ancestors 'none'",
      ].join('; '));
      body = body.replace(/<link[^>]+fonts\.googleapis\.com[^>]*>/g, '').replace(/<script>/g, `<script nonce="${nonce}">`);
    }
    return send(body as never);
  }) as Response['send'];
  next();
}

/** The console's AdminJS router, made on the first request (AdminJS is large; the server starts without it). */
async function consoleRouter(core: Core): Promise<Router> {
  process.env.ADMIN_JS_SKIP_BUNDLE = 'true';
  const [{ default: AdminJS }, { default: AdminJSExpress }, AdminJSSequelize] = await Promise.all([
    import('adminjs'), import('@adminjs/express'), import('@adminjs/sequelize'),
  ]);
  AdminJS.registerAdapter({ Resource: AdminJSSequelize.Resource, Database: AdminJSSequelize.Database });
  type Hook = (response: Record<string, any>, request: Record<string, any>) => Promise<Record<string, any>>;
  const logged = (name: string, action: 'create' | 'update' | 'delete'): Hook => async (response, request) => {
    const ctx = request.adsuite as RequestContext | undefined;
    const row = response.record?.params as Record<string, unknown> | undefined;
    const failed = response.record?.errors && Object.keys(response.record.errors).length > 0;
    if (ctx && row?.id && !failed && request.method === 'post') {
      await core.sequelize.transaction((transaction) => recordActivity(core, ctx, core.resource(name), action, row as never, transaction));
    }
    return response;
  };
  const resources = core.resources.filter((resource) => core.models.has(resource.name)).map((resource) => {
    const hidden = Object.entries(resource.fields).filter(([, field]) => field.private).map(([key]) => key);
    const properties = Object.fromEntries(hidden.map((key) => [key, { isVisible: false }]));
    // Private fields never leave the server nor come in: taken out of every answer's records and every write's payload.
    const strip = (params: Record<string, unknown> | undefined) => {
      for (const key of hidden) if (params) delete params[key];
    };
    const stripAnswer: Hook = async (response) => {
      strip(response.record?.params);
      for (const record of response.records ?? []) strip(record.params);
      return response;
    };
    const stripPayload = async (request: Record<string, any>) => {
      strip(request.payload);
      return request;
    };
    const readOnly = READ_ONLY.includes(resource.name);
    const closed = { isAccessible: false };
    const after = (action: 'create' | 'update' | 'delete') => async (response: Record<string, any>, request: Record<string, any>) => stripAnswer(await logged(resource.name, action)(response, request), request);
    return {
      resource: core.model(resource.name),
      options: {
        navigation: { name: readOnly ? 'Money (read-only)' : 'Records' },
        properties,
        actions: {
          list: { after: stripAnswer }, show: { after: stripAnswer }, search: { after: stripAnswer },
          ...(readOnly
            ? { new: closed, edit: closed, delete: closed, bulkDelete: closed }
            : { new: { before: stripPayload, after: after('create') }, edit: { before: stripPayload, after: after('update') }, delete: { after: after('delete') }, bulkDelete: closed }),
        },
      },
    };
  });
  const admin = new AdminJS({
    rootPath: CONSOLE_PATH, resources: resources as never,
    branding: { companyName: 'AdSuite data console', withMadeWithLove: false },
    // German first, as the product (SPEC section 9); AdminJS's own language switch offers English.
    locale: { language: 'de', availableLanguages: ['de', 'en'] } as never,
  });
  const router = Router();
  router.get('/frontend/assets/components.bundle.js', (_req, res) => res.type('application/javascript').set('Cache-Control', 'no-cache').send(COMPONENTS_BUNDLE));
  // AdminJS builds its routes on the router it is given; its own routes hand each action the request (with `adsuite`).
  return AdminJSExpress.buildRouter(admin, router);
}

/**
 * A write to a money table answers 403 before AdminJS sees it (AdminJS itself answers a refused action with 200 and
 * an error notice): new, edit, delete and bulk delete of the ledger, invoices, credit notes, earnings, payouts.
 */
function moneyReadOnly(core: Core): RequestHandler {
  const tables = new Set(READ_ONLY.filter((name) => core.models.has(name)).map((name) => core.resource(name).table));
  return (req, _res, next) => {
    const write = /^\/api\/resources\/([^/]+)\/(?:actions\/(?:new|bulkDelete)|records\/[^/]+\/(?:edit|delete)|bulk\/[^/]+)/.exec(req.path);
    if (req.method !== 'GET' && write && tables.has(decodeURIComponent(write[1]))) return next(new Forbidden());
    next();
  };
}

export function dataConsole(core: Core): Router {
  const router = Router();
  let built: Promise<Router> | undefined;
  const auth = requireAuth(core);
  router.use(CONSOLE_PATH, cookieAsBearer, auth, onlySystemoperator, moneyReadOnly(core), consolePages, async (req, res, next) => {
    try {
      built ??= consoleRouter(core).catch((error) => {
        built = undefined;
        throw error;
      });
      (await built)(req, res, next);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

export function sessionRoutes(core: Core): Router {
  const router = Router();
  router.post('/dataconsole/session', (req, res) => {
    const ctx = contextOf(req);
    if (ctx.role !== 'systemoperator') throw new Forbidden(text('staff.console.only_sysop'));
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    res.cookie(COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: CONSOLE_PATH });
    res.json({ url: CONSOLE_PATH });
  });
  return router;
}

const plugin: ServerPlugin = {
  name: 'dataconsole',
  openapi: dataConsoleApi,
  api: sessionRoutes,
  web: dataConsole,
};

export default plugin;
