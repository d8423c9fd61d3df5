/**
 * The catalog's import (SPEC section 7 "catalog importProducts, cancelImport, deleteProducts") for whoever may change
 * the catalog (its advertiser's writers and the admins, config/access.ts ADVERTISER_OWNED):
 *
 *   GET    /api/catalog/:id/import         the import's state: running, rows read, last import, count, parsing errors
 *   POST   /api/catalog/:id/import         starts one: `{}` reads the catalog's feed URL, a multipart `file` an uploaded feed
 *   POST   /api/catalog/:id/import/cancel  stops a running import (the catalog stays as it was)
 *   DELETE /api/catalog/:id/products       removes every product of the catalog
 *
 * and the campaign's top products and referers (tops.ts) for the staff who read top products (admins, affiliatemanager):
 *
 *   POST   /api/campaign/:id/topproducts   generateTopProducts
 *   POST   /api/campaign/:id/topreferers   generateTopReferer
 *
 * Thin: access, input, then the job (importJob.ts) does the work.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { QueryTypes } from 'sequelize';
import {
  canOnRow, contextOf, Forbidden, getRecord, Invalid, say, text, type Core, type RequestContext, type Row, type ServerText,
} from '@adsuite/backend/kit';
import { feedDir, IMPORT_JOB, type ImportErrors } from './importJob.ts';
import { feedSettings, megabytes } from './settings.ts';
import { generateTopProducts, generateTopReferers } from './tops.ts';

/** The answer of every route here: the catalog's import state in the reader's language. */
export function importState(row: Row, language: RequestContext['language']) {
  const errors = (row.importErrors ?? {}) as Partial<ImportErrors>;
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    url: row.url ?? null,
    datatype: row.datatype,
    compression: row.compression,
    delimiter: row.delimiter,
    importRunning: Boolean(row.importRunning),
    progress: Number(row.progress ?? 0),
    parsingError: Boolean(row.parsingError),
    lastImport: row.lastImport ? new Date(row.lastImport as string).toISOString() : null,
    count: Number(row.count ?? 0),
    feedFile: row.feedFile ?? null,
    errors: {
      total: Number(errors.total ?? 0),
      first: (errors.first ?? []).map((item) => ({ line: item.line ?? null, message: say(language, item.text) })),
    },
  };
}

const refused = (key: string, params?: Record<string, number>) => new Invalid(text(`catalogs.${key}`, params));

/** The catalog as the request may change it (404 for one it cannot see, 403 for one it may only read). */
async function writableCatalog(core: Core, req: Request): Promise<{ ctx: RequestContext; row: Row }> {
  const ctx = contextOf(req);
  const resource = core.resource('catalog');
  const visible = await getRecord(core, ctx, resource, req.params.id as string);
  if (!canOnRow(ctx.ability, 'update', resource.name, visible)) throw new Forbidden();
  const row = (await core.model('catalog').findByPk(visible.id as string, { raw: true })) as Row;
  return { ctx, row };
}

async function answerState(core: Core, res: Response, ctx: RequestContext, id: string, status = 200) {
  const row = (await core.model('catalog').findByPk(id, { raw: true })) as Row;
  res.status(status).json(importState(row, ctx.language));
}

/** The multipart `file` written to DATA_DIR/catalog-feeds/uploads (streamed, never held in memory). */
function receiveFeed(core: Core, req: Request, res: Response): Promise<Express.Multer.File> {
  const settings = feedSettings();
  const dir = path.join(feedDir(core), 'uploads');
  mkdirSync(dir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: dir, filename: (_req, _file, done) => done(null, `${randomUUID()}.feed`) }),
    limits: { fileSize: settings.maxBytes, files: 1, fields: 0, parts: 1 },
  }).single('file');
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return reject(refused('upload_too_large', { max: megabytes(settings.maxBytes) }));
      if (error instanceof multer.MulterError && ['LIMIT_FIELD_COUNT', 'LIMIT_PART_COUNT', 'LIMIT_FILE_COUNT'].includes(error.code)) return reject(refused('upload_fields'));
      if (error || !req.file) return reject(refused('upload_missing'));
      resolve(req.file);
    });
  });
}

/** A file name fit to show: no directories, no control characters. */
const shownName = (name: string) => (path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'feed').slice(0, 200);

export function catalogRoutes(core: Core): Router {
  const router = Router();
  const catalogs = () => core.resource('catalog').table;

  router.get('/catalog/:id/import', async (req, res) => {
    const ctx = contextOf(req);
    const visible = await getRecord(core, ctx, core.resource('catalog'), req.params.id);
    await answerState(core, res, ctx, visible.id as string);
  });

  router.post('/catalog/:id/import', async (req, res) => {
    const { ctx, row } = await writableCatalog(core, req);
    if (row.importRunning) throw refused('running');
    let upload: { file: string; name: string } | null = null;
    if (req.is('multipart/form-data')) {
      const file = await receiveFeed(core, req, res);
      upload = { file: path.relative(core.env.dataDir, file.path), name: shownName(file.originalname) };
    } else {
      const body = req.body as unknown;
      const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
      if (!empty) throw refused('bad_body');
      if (!row.url) throw refused('no_source');
    }
    try {
      await core.sequelize.transaction(async (transaction) => {
        const [locked] = await core.sequelize.query<{ import_running: boolean }>(`SELECT import_running FROM ${catalogs()} WHERE id = $1 FOR UPDATE`, { bind: [row.id], type: QueryTypes.SELECT, transaction });
        if (locked.import_running) throw refused('running');
        const job = await core.jobs.enqueue(IMPORT_JOB, { catalog: row.id }, { transaction });
        await core.sequelize.query(
          `UPDATE ${catalogs()} SET import_running = true, import_job = $2, progress = 0, import_file = $3,
             feed_file = CASE WHEN $3::text IS NULL THEN feed_file ELSE $4 END, updated = now() WHERE id = $1`,
          { bind: [row.id, job, upload?.file ?? null, upload?.name ?? null], transaction },
        );
      });
    } catch (error) {
      if (upload) await rm(path.join(core.env.dataDir, upload.file), { force: true });
      throw error;
    }
    await answerState(core, res, ctx, row.id as string, 202);
  });

  router.post('/catalog/:id/import/cancel', async (req, res) => {
    const { ctx, row } = await writableCatalog(core, req);
    await core.sequelize.query(`UPDATE ${catalogs()} SET import_running = false, updated = now() WHERE id = $1 AND import_running`, { bind: [row.id] });
    await answerState(core, res, ctx, row.id as string);
  });

  router.delete('/catalog/:id/products', async (req, res) => {
    const { ctx, row } = await writableCatalog(core, req);
    const products = core.resource('product').table;
    await core.sequelize.transaction(async (transaction) => {
      const [locked] = await core.sequelize.query<{ import_running: boolean }>(`SELECT import_running FROM ${catalogs()} WHERE id = $1 FOR UPDATE`, { bind: [row.id], type: QueryTypes.SELECT, transaction });
      if (locked.import_running) throw refused('running');
      await core.sequelize.query(`DELETE FROM ${products} WHERE catalog_id = $1 AND archived_at IS NULL`, { bind: [row.id], transaction });
      await core.sequelize.query(`UPDATE ${catalogs()} SET count = 0, updated = now() WHERE id = $1`, { bind: [row.id], transaction });
    });
    await answerState(core, res, ctx, row.id as string);
  });

  router.post('/campaign/:id/topproducts', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await topsCampaign(core, ctx, req.params.id);
    res.json({ campaign, products: await generateTopProducts(core, campaign) });
  });

  router.post('/campaign/:id/topreferers', async (req, res) => {
    const ctx = contextOf(req);
    const campaign = await topsCampaign(core, ctx, req.params.id);
    res.json({ campaign, referers: await generateTopReferers(core, campaign) });
  });

  return router;
}

/** The campaign whose tops the request may generate: staff who read top products, and a campaign they see. */
async function topsCampaign(core: Core, ctx: RequestContext, id: string): Promise<string> {
  if (!ctx.ability.can('read', 'topproduct')) throw new Forbidden(text('catalogs.tops.not_allowed'));
  const campaign = await getRecord(core, ctx, core.resource('campaign'), id);
  return campaign.id as string;
}
