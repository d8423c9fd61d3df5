/**
 * /api/booking/files (upload, download), /api/booking/creatives/check and
 * /api/booking/creative-service/preview (`{ logo, productImage, slogan, productName, callToAction? }`).
 * Uploads go to the request's selected advertiser.
 */
import { Router, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { contextOf, type Core, Forbidden, Invalid, invalidFields, type RequestContext, type ServerText, text } from '@adsuite/backend/kit';
import { checkCreativesForChannels } from './check.ts';
import { fileInfo, readContent, storeFile, visibleFile } from './files.ts';
import { FILE_KINDS, kindOf, type FileKind } from './media.ts';
import { callToActionText, previews, serviceValues } from './service.ts';

const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;
export const TOO_LARGE = text('bookings.files.too_large', { max: MAX_MB });

const invalid = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);

/** multer's errors as 400 answers (a file over the limit, a second file, unexpected fields). */
function upload(): RequestHandler {
  // Browsers send file names as UTF-8 without saying so.
  const single = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } }).single('file');
  return (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(invalid('file', TOO_LARGE));
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(invalid('file', text('bookings.files.one_file')));
        return next(invalid(error.field ?? 'file', text('bookings.files.fields')));
      }
      next(invalid('file', text('bookings.files.unreadable_upload')));
    });
  };
}

/** The advertiser new creatives belong to: the selected one, for a user who may create banners. */
function creativeAdvertiser(ctx: RequestContext): string {
  if (!ctx.ability.can('create', 'banner')) throw new Forbidden();
  if (!ctx.selectedAdvertiser) throw invalid('advertiser', text('bookings.files.select_advertiser'));
  return ctx.selectedAdvertiser;
}

function kindOfRequest(req: Request, data: Buffer): FileKind {
  const kind = req.body?.kind;
  if (kind === undefined || kind === '') return kindOf(data);
  if (!(FILE_KINDS as readonly string[]).includes(kind)) throw invalid('kind', text('bookings.files.kind', { options: FILE_KINDS.join(', ') }));
  return kind as FileKind;
}

const body = (req: Request) => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;

export function creativeApiRoutes(core: Core): Router {
  const router = Router();

  // Who may upload is settled before the body is read.
  const mayUpload: RequestHandler = (req, _res, next) => {
    creativeAdvertiser(contextOf(req));
    next();
  };

  router.post('/booking/files', mayUpload, upload(), async (req, res) => {
    const advertiser = creativeAdvertiser(contextOf(req));
    if (!req.file) throw invalid('file', text('bookings.files.choose_file'));
    const data = req.file.buffer;
    const stored = await storeFile(core, advertiser, { name: req.file.originalname, data, kind: kindOfRequest(req, data) });
    res.status(201).json(fileInfo(stored));
  });

  router.get('/booking/files/:id', async (req, res) => {
    const file = await visibleFile(core, contextOf(req), req.params.id);
    res.set('Content-Type', file.mime);
    res.set('Content-Security-Policy', 'sandbox');
    res.attachment(file.name);
    res.send(await readContent(core, file));
  });

  router.post('/booking/creatives/check', async (req, res) => {
    const advertiser = creativeAdvertiser(contextOf(req));
    const { creatives, channels } = body(req);
    // A list of creatives (draft entries or banner ids) and a list of channel names; anything else is no check.
    if (!Array.isArray(creatives) || !creatives.every((c) => typeof c === 'string' || (!!c && typeof c === 'object' && !Array.isArray(c)))) {
      throw invalid('creatives', text('bookings.files.creatives_list'));
    }
    if (!Array.isArray(channels) || !channels.every((c) => typeof c === 'string')) throw invalid('channels', text('bookings.files.channels_list'));
    const errors = await checkCreativesForChannels(core, advertiser, creatives, channels);
    if (errors.length) throw invalidFields(errors);
    res.json({ ok: true });
  });

  router.post('/booking/creative-service/preview', async (req, res) => {
    const advertiser = creativeAdvertiser(contextOf(req));
    const input = body(req);
    res.json(await previews(core, advertiser, await serviceValues(core, advertiser, { ...input, cta: callToActionText(input.callToAction) })));
  });

  return router;
}
