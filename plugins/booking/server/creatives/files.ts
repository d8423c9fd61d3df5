/**
 * Uploaded creative files, kept on disk under DATA_DIR/uploads/<id>/: `content` (the bytes) and
 * `meta.json` (the record). The record names its advertiser; every read through the API checks it, so an
 * id of another advertiser's file answers 404. Ids are random UUIDs: the public `/banner/file/:id` that
 * serves images and videos to ad slots and previews only reveals what someone already holds the id of.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Core, isUuid, NotFound, type RequestContext, text } from '@adsuite/backend/kit';
import { inspectUpload, isImage, isVideo, type FileKind, type Mime } from './media.ts';

export interface StoredFile {
  id: string;
  advertiser: string;
  name: string;
  kind: FileKind;
  mime: Mime;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  /** The content's path relative to DATA_DIR. */
  path: string;
  created: string;
}

/** The answer of the upload endpoint. */
export interface FileInfo {
  id: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  url: string;
}

const uploadsDir = (core: Core) => path.join(core.env.dataDir, 'uploads');

/** Images and videos are public (ad slots load them without a token); HTML uploads only through the API. */
export const isPublic = (file: Pick<StoredFile, 'mime'>) => isImage(file.mime) || isVideo(file.mime);

export const publicFileUrl = (id: string) => `/banner/file/${id}`;

export function fileUrl(file: StoredFile): string {
  return isPublic(file) ? publicFileUrl(file.id) : `/api/booking/files/${file.id}`;
}

export function fileInfo(file: StoredFile): FileInfo {
  const { id, name, mime, size, width, height, duration } = file;
  return { id, name, mime, size, width, height, duration, url: fileUrl(file) };
}

/** A file name fit for the record and a download header: no directories, no control characters. */
function cleanName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'upload').slice(0, 200);
}

export async function storeFile(core: Core, advertiser: string, upload: { name: string; data: Buffer; kind: FileKind }): Promise<StoredFile> {
  const name = cleanName(upload.name);
  const facts = inspectUpload(upload.data, name, upload.kind);
  const id = randomUUID();
  const dir = path.join(uploadsDir(core), id);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'content'), upload.data);
  const record: StoredFile = {
    id, advertiser, name, kind: upload.kind, size: upload.data.length, ...facts,
    path: path.relative(core.env.dataDir, path.join(dir, 'content')), created: new Date().toISOString(),
  };
  // The record appears last and at once: a reader never sees a record without its content.
  await writeFile(path.join(dir, 'meta.json.tmp'), JSON.stringify(record));
  await rename(path.join(dir, 'meta.json.tmp'), path.join(dir, 'meta.json'));
  return record;
}

/** The record of `id`, whoever owns it, or null. */
export async function findFile(core: Core, id: unknown): Promise<StoredFile | null> {
  if (!isUuid(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(uploadsDir(core), id, 'meta.json'), 'utf8')) as StoredFile;
  } catch {
    return null;
  }
}

/** The record of `id` if it belongs to `advertiser`, or null. */
export async function advertiserFile(core: Core, advertiser: string, id: unknown): Promise<StoredFile | null> {
  const file = await findFile(core, id);
  return file && file.advertiser === advertiser ? file : null;
}

/** The record of `id` if the request reaches its advertiser (staff reach all), else 404. */
export async function visibleFile(core: Core, ctx: RequestContext, id: string): Promise<StoredFile> {
  const file = await findFile(core, id);
  if (!file || (!ctx.staff && !ctx.advertiserIds.includes(file.advertiser))) throw new NotFound(text('bookings.files.not_found'));
  return file;
}

export function readContent(core: Core, file: StoredFile): Promise<Buffer> {
  return readFile(path.join(uploadsDir(core), file.id, 'content'));
}

/** The id of an uploaded file a link points at (`/banner/file/:id` or `/api/booking/files/:id`), if any. */
export function fileIdOf(link: unknown): string | null {
  const match = typeof link === 'string' ? /\/(?:banner\/file|api\/booking\/files)\/([0-9a-f-]{36})(?:[/?#]|$)/i.exec(link) : null;
  return match && isUuid(match[1]) ? match[1] : null;
}
