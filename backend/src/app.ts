/** The Express app: public API routes, then the token-protected API, then the front-ends. */
import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Core } from './core.ts';
import { authRouter, publicAuthRouter } from './auth/router.ts';
import { requireAuth } from './auth/tokens.ts';
import { errorMiddleware, NotFound, text } from './errors.ts';
import { adminBuild, builtFiles, portalPage } from './http/frontEndFiles.ts';
import { jsonInput } from './http/jsonInput.ts';
import { openApiDocument } from './openapi.ts';
import { resourcesRouter } from './resources/router.ts';
import { securityHeaders } from './security.ts';
import { ROOT_DIR } from './env.ts';

const BUILDING_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>AdSuite</title></head><body style="font-family:sans-serif;margin:4rem">
<h1>AdSuite</h1><p>Die Oberfläche wird gerade gebaut, die Seite lädt gleich neu. / The user interface is being built; this page reloads shortly.</p>
</body></html>`;

/** Public pages of the portal (SPEC section 2 "Public"); everything else is the member area. */
export function isPortalPath(pathname: string): boolean {
  return PORTAL_PATHS.has(pathname.replace(/\/+$/, '') || '/') || /\/(resetpassword|confirm)(\/|$)/.test(pathname);
}
const PORTAL_PATHS = new Set(['/landing', '/login', '/register', '/faq', '/privacy', '/terms', '/404', '/403']);

function serveFrontEnds(app: Express) {
  const portalDist = path.join(ROOT_DIR, 'portal', 'dist');
  const adminDist = path.join(ROOT_DIR, 'admin', 'dist');
  app.use('/portal', builtFiles(portalDist));
  app.use(builtFiles(adminDist));
  // Deep links: public paths are the portal, every other path the member area, which resolves its route (or /404).
  app.get(/.*/, (req, res) => {
    res.set('Cache-Control', 'no-cache');
    // Without a portal build (a checkout that has none yet), the member area serves its own sign-in page.
    const portal = isPortalPath(req.path) ? portalPage(portalDist, adminDist, req.path.replace(/\/+$/, '') === '/login') : undefined;
    const adminIndex = path.join(adminDist, 'index.html');
    if (portal) res.type('html').send(portal);
    else if (existsSync(adminIndex)) res.sendFile(adminIndex);
    else res.status(503).set('Retry-After', '10').type('html').send(BUILDING_PAGE);
  });
}

export function createApp(core: Core): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(securityHeaders());
  if (core.env.logRequests) app.use((req, _res, next) => (console.log(req.method, req.url), next()));

  const api = express.Router();
  api.use(jsonInput({ limit: '2mb' }));
  // Liveness without a query, so load balancers may poll it often; `?ready=1` also asks the database.
  api.get('/health', async (req, res) => {
    if (req.query.ready !== undefined && req.query.ready !== '0') await core.sequelize.query('SELECT 1');
    res.json({ status: 'ok' });
  });
  // The admin build the server serves now, which the browser compares with its own every 30 seconds (a new release).
  api.get('/version', (_req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ build: adminBuild(path.join(ROOT_DIR, 'admin', 'dist')) });
  });
  const openapi = openApiDocument(core.resources, core.plugins, { serverUrl: core.env.publicUrl });
  api.get('/openapi.json', (_req, res) => res.json(openapi));
  api.use('/auth', publicAuthRouter(core));
  for (const plugin of core.plugins) if (plugin.publicApi) api.use(plugin.publicApi(core));
  api.use(requireAuth(core));
  api.use('/auth', authRouter(core));
  for (const plugin of core.plugins) if (plugin.api) api.use(plugin.api(core));
  api.use(resourcesRouter(core));
  api.use((req) => {
    throw new NotFound(text('errors.no_endpoint', { method: req.method, path: req.path }));
  });
  app.use('/api', api);
  for (const plugin of core.plugins) if (plugin.web) app.use(plugin.web(core));

  serveFrontEnds(app);
  app.use(errorMiddleware);
  return app;
}
