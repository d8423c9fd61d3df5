/**
 * Uploads into the graphics library: one image (PNG, JPG or GIF, judged by its bytes, at most 10 MB) into a folder
 * of an advertiser (or its Root). The file goes to the creative service's file store, so the ad server serves it
 * (/banner/file/:id) and the banner generator's templates can show it; the graphic records its link and real size.
 */
import type { RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { type Core, Forbidden, canOnRow, isUuid, NotFound, recordActivity, type RequestContext, type Row, text } from '@adsuite/backend/kit';
import { advertiserFor, invalid, mayDo } from './access.ts';
import { publicFileUrl, storeFile } from './creativeService.ts';
import { graphicView } from './folders.ts';

const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/** multer's refusals as 400 answers (a file over the limit, a second file, unexpected fields). */
export function oneImage(): RequestHandler {
  // Browsers send file names as UTF-8 without saying so.
  const single = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 } }).single('file');
  return (req, res, next) => {
    single(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(invalid('file', 'creatives.graphics.too_large', { max: MAX_MB }));
        if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return next(invalid('file', 'creatives.graphics.one_file'));
        return next(invalid(error.field ?? 'file', 'creatives.graphics.fields'));
      }
      next(invalid('file', 'creatives.graphics.unreadable'));
    });
  };
}

export interface Upload {
  originalname: string;
  buffer: Buffer;
}

/** Stores the image and files it as a graphic of the folder's advertiser (or `advertiser`'s Root). */
export async function uploadGraphic(core: Core, ctx: RequestContext, fields: Row, file: Upload | undefined) {
  mayDo(ctx, 'create', 'graphic');
  const folderId = fields.folder === '' || fields.folder === undefined ? null : fields.folder;
  let advertiser: string;
  if (folderId !== null) {
    if (!isUuid(folderId)) throw invalid('folder', 'creatives.folders.parent');
    const folder = (await core.model('folder').findOne({ where: { id: folderId, archivedAt: null }, raw: true })) as Row | null;
    if (!folder || !canOnRow(ctx.ability, 'read', 'folder', folder)) throw new NotFound(text('creatives.folders.not_found'));
    if (fields.advertiser && fields.advertiser !== folder.advertiser) throw invalid('folder', 'creatives.folders.other_advertiser');
    advertiser = folder.advertiser as string;
  } else {
    advertiser = (await advertiserFor(core, ctx, fields.advertiser)).id;
  }
  const name = typeof fields.name === 'string' && fields.name.trim() ? fields.name.trim() : file?.originalname.replace(/\.[^.]+$/, '').trim() || 'image';
  if (name.length > 200) throw invalid('name', 'creatives.graphics.name');
  if (!canOnRow(ctx.ability, 'create', 'graphic', { advertiser, folder: folderId })) throw new Forbidden();
  if (!file) throw invalid('file', 'creatives.graphics.choose_file');
  const stored = await storeFile(core, advertiser, { name: file.originalname, data: file.buffer, kind: 'image' });
  const resource = core.resource('graphic');
  const row = await core.sequelize.transaction(async (transaction) => {
    const created = (await core.model('graphic').create({
      name, advertiser, folder: folderId, downloadLink: `${core.env.publicUrl}${publicFileUrl(stored.id)}`,
      width: stored.width, height: stored.height, mimeType: stored.mime, size: stored.size,
    }, { transaction })).get({ plain: true }) as Row;
    await recordActivity(core, ctx, resource, 'create', created, transaction);
    return created;
  });
  return graphicView(core, row, ctx.language);
}
