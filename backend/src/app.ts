/** The Express app: public API routes, then the token-protected API, then the front-ends. */
import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Core } from './core.ts';
import { authRouter, publicAuthRouter } from './auth/router.ts';
import { requireAuth } from './auth/tokens.ts';
import { errorMiddleware, NotFound } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { resourcesRouter } from './resources/router.ts';
import { ROOT_DIR } from './env.ts';

const BUILDING_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>AdSuite</title></head><body style="font-family:sans-serif;margin:4rem">
<h1>AdSuite</h1><p>Die Oberfläche wird gerade gebaut, die Seite lädt gleich neu. / The user interface is being built; this page reloads shortly.</p>
</body></html>`;

export function createApp(core: Core): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  if (core.env.logRequests) app.use((req, _res, next) => (console.log(req.method, req.url), next()));

  const api = express.Router();
  api.use(express.json({ limit: '2mb' }));
  api.get('/health', async (_req, res) => {
    await core.sequelize.query('SELECT 1');
    res.json({ status: 'ok' });
  });
  const openapi = openApiDocument(core.resources);
  api.get('/openapi.json', (_req, res) => res.json(openapi));
  api.use('/auth', publicAuthRouter(core));
  api.use(requireAuth(core));
  api.use('/auth', authRouter(core));
  api.use(resourcesRouter(core));
  api.use((req) => {
    throw new NotFound(`No API endpoint ${req.method} ${req.path}.`);
  });
  app.use('/api', api);

  const adminDist = path.join(ROOT_DIR, 'admin', 'dist');
  app.use(express.static(adminDist, { index: false, maxAge: '1h', setHeaders: (res, file) => file.endsWith('.html') && res.set('Cache-Control', 'no-cache') }));
  // Deep links: every other path is the single-page app, which resolves the route (or shows /404).
  app.get(/.*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    const index = path.join(adminDist, 'index.html');
    if (existsSync(index)) res.sendFile(index);
    else res.status(503).set('Retry-After', '10').type('html').send(BUILDING_PAGE);
  });
  app.use(errorMiddleware);
  return app;
}
