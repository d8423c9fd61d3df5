/** The creative tools' routes under /api (openapi.ts describes them). Thin: read the request, call the service, answer. */
import { Router, type Request, type RequestHandler } from 'express';
import { contextOf, type Core, Forbidden, isUuid, NotFound, text } from '@adsuite/backend/kit';
import { bodyOf, invalid } from './access.ts';
import { generateBanners, generatorStart, previewTemplate } from './banners.ts';
import { couponAdvertisers } from './coupons.ts';
import { createFolder, deleteFolder, folderContent, folderTree, moveItems, updateFolder } from './folders.ts';
import { oneImage, uploadGraphic } from './graphics.ts';

/** Graphics shown per page of a folder (SPEC section 9: pages of 10, 20, 50, 100; the gallery shows more at once). */
export const PAGE_MAX = 200;

function whole(raw: unknown, fallback: number, min: number, max: number, field: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' && /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(field, 'query.whole_number', { name: field, max: { count: max } });
  return value;
}

const one = (value: unknown) => (typeof value === 'string' ? value : undefined);

const folderId = (req: Request) => {
  if (!isUuid(req.params.id)) throw new NotFound(text('creatives.folders.not_found'));
  return req.params.id as string;
};

export function creativeRoutes(core: Core): Router {
  const router = Router();

  router.get('/graphics/tree', async (req, res) => {
    res.json(await folderTree(core, contextOf(req), one(req.query.advertiser)));
  });

  router.get('/graphics/folders', async (req, res) => {
    res.json(await folderContent(core, contextOf(req), {
      advertiser: one(req.query.advertiser), parent: one(req.query.parent), search: one(req.query.search),
      offset: whole(req.query.offset, 0, 0, 1_000_000, 'offset'), qty: whole(req.query.qty, 50, 1, PAGE_MAX, 'qty'),
    }));
  });

  router.post('/graphics/folder', async (req, res) => {
    res.status(201).json(await createFolder(core, contextOf(req), bodyOf(req.body)));
  });

  router.patch('/graphics/folder/:id', async (req, res) => {
    res.json(await updateFolder(core, contextOf(req), folderId(req), bodyOf(req.body)));
  });

  router.delete('/graphics/folder/:id', async (req, res) => {
    res.json(await deleteFolder(core, contextOf(req), folderId(req)));
  });

  router.post('/graphics/move', async (req, res) => {
    res.json(await moveItems(core, contextOf(req), bodyOf(req.body)));
  });

  // Who may upload is settled before the body is read.
  const mayUpload: RequestHandler = (req, _res, next) => {
    if (!contextOf(req).ability.can('create', 'graphic')) throw new Forbidden();
    next();
  };
  router.post('/graphics/upload', mayUpload, oneImage(), async (req, res) => {
    res.status(201).json(await uploadGraphic(core, contextOf(req), bodyOf(req.body), req.file));
  });

  router.get('/banner/generator', async (req, res) => {
    res.json(await generatorStart(core, contextOf(req), one(req.query.advertiser)));
  });

  router.post('/banner/generate', async (req, res) => {
    res.status(201).json(await generateBanners(core, contextOf(req), req.body));
  });

  router.post('/banner/template/preview', (req, res) => {
    res.json(previewTemplate(contextOf(req), req.body));
  });

  router.get('/coupon/:id/advertisers', async (req, res) => {
    res.json(await couponAdvertisers(core, contextOf(req), req.params.id as string));
  });

  return router;
}
