/**
 * What an uploaded file really is, from its bytes (magic numbers), not its name: PNG, JPEG and GIF images
 * with their dimensions, MP4 and WebM videos with duration and frame size, HTML5 creatives as a single page
 * or a zip holding one. The name's extension must not contradict the content (SPEC "wrong file extension").
 */
import path from 'node:path';
import { imageSize } from 'image-size';
import { CREATIVE_SERVICE_IMAGE_TYPES } from '@adsuite/config/booking/index';
import { inBoth, Invalid, type ServerText, text } from '@adsuite/backend/kit';
import { isMp4, readMp4, type VideoFacts } from './mp4.ts';
import { isWebm, readWebm } from './webm.ts';
import { htmlEntry, isZip, readZipEntry, zipEntries } from './zip.ts';

export const FILE_KINDS = ['image', 'video', 'html', 'logo', 'productImage'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export type Mime = 'image/png' | 'image/jpeg' | 'image/gif' | 'video/mp4' | 'video/webm' | 'text/html' | 'application/zip';

export interface MediaFacts {
  mime: Mime;
  width: number | null;
  height: number | null;
  duration: number | null;
}

/** What a file is ('a PNG image'), as a key of the server catalogue (bookings.files.*). */
const LABEL: Record<Mime, string> = {
  'image/png': 'bookings.files.png',
  'image/jpeg': 'bookings.files.jpeg',
  'image/gif': 'bookings.files.gif',
  'video/mp4': 'bookings.files.mp4',
  'video/webm': 'bookings.files.webm',
  'text/html': 'bookings.files.html',
  'application/zip': 'bookings.files.zip',
};

const EXTENSIONS: Record<string, Mime[]> = {
  '.png': ['image/png'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.gif': ['image/gif'],
  '.mp4': ['video/mp4'],
  '.m4v': ['video/mp4'],
  '.webm': ['video/webm'],
  '.html': ['text/html'],
  '.htm': ['text/html'],
  '.zip': ['application/zip'],
};

/** What each kind of upload accepts (SPEC section 5: logo and product image PNG or JPG). */
export const ACCEPTED: Record<FileKind, { mimes: Mime[]; text: string }> = {
  image: { mimes: ['image/png', 'image/jpeg', 'image/gif'], text: 'bookings.files.accepts_image' },
  video: { mimes: ['video/mp4', 'video/webm'], text: 'bookings.files.accepts_video' },
  html: { mimes: ['text/html', 'application/zip'], text: 'bookings.files.accepts_html' },
  logo: { mimes: [...CREATIVE_SERVICE_IMAGE_TYPES], text: 'bookings.files.accepts_logo' },
  productImage: { mimes: [...CREATIVE_SERVICE_IMAGE_TYPES], text: 'bookings.files.accepts_logo' },
};

export const isImage = (mime: string) => mime.startsWith('image/');
export const isVideo = (mime: string) => mime.startsWith('video/');

function sniff(data: Buffer): Mime | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47 && data.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return 'image/gif';
  if (isMp4(data)) return 'video/mp4';
  if (isWebm(data)) return 'video/webm';
  if (isZip(data)) return 'application/zip';
  if (looksLikeHtml(data)) return 'text/html';
  return null;
}

/** Text (valid UTF-8, no NUL bytes) with at least one HTML element. */
function looksLikeHtml(data: Buffer): boolean {
  if (data.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  return /<\s*(!doctype\s+html|html|head|body|div|a|img|span|p|table|script|style|iframe|canvas|svg)[\s>/]/i.test(text);
}

/** A 400 at the upload's file field. */
const wrongType = (message: ServerText) => new Invalid(message, [{ field: 'file', message }]);

function imageFacts(data: Buffer, mime: Mime): MediaFacts {
  try {
    const { width, height } = imageSize(data);
    if (width && height) return { mime, width, height, duration: null };
  } catch {
    // reported below
  }
  throw wrongType(text('bookings.files.unreadable_image'));
}

function videoFacts(data: Buffer, mime: Mime): MediaFacts {
  const facts: VideoFacts = mime === 'video/mp4' ? readMp4(data) : readWebm(data);
  if (mime === 'video/mp4' && facts.duration === null) {
    throw wrongType(text('bookings.files.no_duration'));
  }
  return { mime, ...facts };
}

/** Largest side an HTML5 banner may declare, px. */
const MAX_DECLARED_SIDE = 10_000;

/**
 * The size an HTML5 banner declares for itself: `<meta name="ad.size" content="width=300,height=250">`, the
 * convention of the IAB and of Google's HTML5 ads. Null when the page declares none (the wizard then asks).
 */
export function declaredAdSize(html: string): { width: number; height: number } | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const nameOf = attribute('name');
    if ((nameOf?.[1] ?? nameOf?.[2] ?? nameOf?.[3])?.toLowerCase() !== 'ad.size') continue;
    const content = attribute('content');
    const text = content?.[1] ?? content?.[2] ?? content?.[3] ?? '';
    const side = (key: string) => Number(new RegExp(`\\b${key}\\s*=\\s*(\\d{1,5})\\b`, 'i').exec(text)?.[1] ?? NaN);
    const [width, height] = [side('width'), side('height')];
    if (width > 0 && height > 0 && width <= MAX_DECLARED_SIDE && height <= MAX_DECLARED_SIDE) return { width, height };
  }
  return null;
}

function htmlFacts(data: Buffer, mime: Mime): MediaFacts {
  let page = data;
  if (mime === 'application/zip') {
    const entries = zipEntries(data);
    const entry = entries && htmlEntry(entries);
    if (!entry) {
      throw wrongType(text('bookings.files.zip_no_html'));
    }
    page = readZipEntry(data, entry);
  }
  const size = declaredAdSize(page.toString('utf8'));
  return { mime, width: size?.width ?? null, height: size?.height ?? null, duration: null };
}


/** The facts of an upload of `kind`, or 400 naming what was expected and what arrived. */
export function inspectUpload(data: Buffer, name: string, kind: FileKind): MediaFacts {
  const accepted = ACCEPTED[kind];
  const mime = sniff(data);
  if (!mime) throw wrongType(text('bookings.files.wrong_type_unknown', { name, expected: inBoth(accepted.text) }));
  if (!accepted.mimes.includes(mime)) throw wrongType(text('bookings.files.wrong_type', { name, actual: inBoth(LABEL[mime]), expected: inBoth(accepted.text) }));
  const expected = EXTENSIONS[path.extname(name).toLowerCase()];
  if (expected && !expected.includes(mime)) {
    throw wrongType(text('bookings.files.wrong_extension', { name, actual: inBoth(LABEL[mime]) }));
  }
  if (isImage(mime)) return imageFacts(data, mime);
  if (isVideo(mime)) return videoFacts(data, mime);
  return htmlFacts(data, mime);
}

/** The kind an upload without `kind` is taken as, from its content. */
export function kindOf(data: Buffer): FileKind {
  const mime = sniff(data);
  return mime && isVideo(mime) ? 'video' : mime === 'text/html' || mime === 'application/zip' ? 'html' : 'image';
}
