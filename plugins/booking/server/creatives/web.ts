/**
 * The ad server's public endpoints (outside /api, no token): `/banner?id=` serves a banner as a page for an
 * iframe: a stored banner by id, or a template with `width`, `height` and `placeholder` (JSON) for
 * previews. `/banner/file/:id` serves uploaded images and videos, `/banner/html/:id/<entry>` the files of
 * an HTML5 zip. Every page is sandboxed (CSP): template and ad-code HTML, which advertisers write, never
 * runs with the platform's origin (no access to the member area's storage).
 */
import path from 'node:path';
import { Router, type Response } from 'express';
import { type Core, isUuid, NotFound, type Row, text } from '@adsuite/backend/kit';
import { fileIdOf, findFile, isPublic, readContent } from './files.ts';
import { htmlEntry, readZipEntry, zipEntries } from './zip.ts';
import { ensureDefaultTemplates, escapeHtml, placeholderValues, renderTemplate } from './templates.ts';

const SANDBOX = 'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox';

function sendPage(res: Response, html: string) {
  res.set('Content-Security-Policy', SANDBOX);
  res.set('Cache-Control', 'public, max-age=60');
  res.type('html').send(html);
}

/** A page of the banner's size around `inner` (an image, a video, an ad code). */
function frame(width: unknown, height: unknown, inner: string, fallback = { width: 300, height: 250 }): string {
  const style = `margin:0;padding:0;overflow:hidden;width:${Number(width) || fallback.width}px;height:${Number(height) || fallback.height}px`;
  return `<!doctype html><html><head><meta charset="utf-8"></head><body style="${style}">${inner}</body></html>`;
}

const size = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
  return n && n > 0 ? n : undefined;
};

async function findRow(core: Core, resource: string, id: string): Promise<Row | null> {
  return (await core.model(resource).findOne({ where: { id, archivedAt: null }, raw: true })) as Row | null;
}

/** An HTML5 creative uploaded as a page, or the page of its zip (of the banner's own advertiser). */
async function uploadedPage(core: Core, banner: Row): Promise<string | null> {
  const file = await findFile(core, fileIdOf(banner.downloadLink));
  if (!file || file.advertiser !== banner.advertiser) return null;
  const data = await readContent(core, file);
  if (file.mime === 'text/html') return data.toString('utf8');
  const entries = zipEntries(data);
  const page = entries && htmlEntry(entries);
  const html = page && readZipEntry(data, page)?.toString('utf8');
  if (!page || !html) return null;
  // Relative links of the page (scripts, images) resolve to the zip's entries under /banner/html/:id/.
  const folder = page.name.split('/').slice(0, -1).map((part) => `${encodeURIComponent(part)}/`).join('');
  const base = `<base href="/banner/html/${file.id}/${folder}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
}

/** The page of a stored banner of any type (the ad server's delivery, plugins/tracking, serves it too). */
export async function bannerPage(core: Core, banner: Row): Promise<string | null> {
  const link = (value: unknown) => (typeof value === 'string' && /^(https?:\/\/|\/)[^\s"'<>`]*$/.test(value) ? escapeHtml(value) : '');
  const { width, height } = banner;
  switch (banner.bannerType) {
    case 'template_ad': {
      const template = isUuid(banner.template) ? await findRow(core, 'bannertemplate', banner.template) : null;
      return template && renderTemplate(template, placeholderValues(banner.placeholder), { width: width as number, height: height as number });
    }
    case 'image_ad': {
      const src = link(banner.downloadLink);
      return src && frame(width, height, `<img src="${src}" width="${Number(width)}" height="${Number(height)}" alt="${escapeHtml(String(banner.name ?? ''))}">`);
    }
    case 'video_ad': {
      const src = link((banner.video as Row | null)?.downloadLink ?? banner.downloadLink);
      return src && frame(width, height, `<video src="${src}" width="${Number(width)}" height="${Number(height)}" autoplay muted loop playsinline></video>`);
    }
    case 'html_ad':
      if (typeof banner.adCode === 'string' && banner.adCode.trim()) return frame(width, height, banner.adCode);
      return uploadedPage(core, banner);
    case 'search_ad': {
      const lines = (key: string) => ((banner[key] as string[] | null) ?? []).map((text) => escapeHtml(text));
      return frame(width, height, `<div style="font-family:Arial,sans-serif;padding:8px"><div style="color:#1a0dab;font-size:18px">${lines('headlines').slice(0, 3).join(' | ')}</div><div style="color:#4d5156;font-size:14px">${lines('descriptions').slice(0, 2).join(' ')}</div></div>`, { width: 300, height: 120 });
    }
    default:
      return null;
  }
}

export function adServerRoutes(core: Core): Router {
  const router = Router();
  // The default templates exist before the first creative is rendered; failures are retried on first use.
  // (A server of a reduced set of declarations, as some engine tests start, has no banner templates.)
  if (core.models.has('bannertemplate')) {
    ensureDefaultTemplates(core).catch((error) => console.error('[creatives] default banner templates:', error?.message ?? error));
  }

  router.get('/banner', async (req, res, next) => {
    // A banner served for delivery (`lineitem` given) is the ad server's: it counts the view (plugins/tracking).
    if (req.query.lineitem !== undefined) return next();
    const id = req.query.id;
    if (!isUuid(id)) throw new NotFound(text('bookings.files.banner_not_found'));
    const banner = await findRow(core, 'banner', id);
    if (banner) {
      const html = await bannerPage(core, banner);
      if (!html) throw new NotFound(text('bookings.files.banner_not_found'));
      return sendPage(res, html);
    }
    const template = await findRow(core, 'bannertemplate', id);
    if (!template || template.active === false) throw new NotFound(text('bookings.files.banner_not_found'));
    let values = {};
    try {
      values = placeholderValues(typeof req.query.placeholder === 'string' ? JSON.parse(req.query.placeholder) : {});
    } catch {
      // a broken placeholder renders the template empty
    }
    sendPage(res, renderTemplate(template, values, { width: size(req.query.width), height: size(req.query.height) }));
  });

  router.get('/banner/file/:id', async (req, res) => {
    const file = await findFile(core, req.params.id);
    if (!file || !isPublic(file)) throw new NotFound(text('bookings.files.not_found'));
    res.set('Cache-Control', 'public, max-age=86400, immutable');
    res.type(file.mime).send(await readContent(core, file));
  });

  router.get('/banner/html/:id/*entry', async (req, res) => {
    const file = await findFile(core, req.params.id);
    if (!file || file.mime !== 'application/zip') throw new NotFound(text('bookings.files.not_found'));
    const name = (req.params.entry as unknown as string[]).join('/');
    const data = await readContent(core, file);
    const entry = zipEntries(data)?.find((e) => e.name === name);
    const content = entry && readZipEntry(data, entry);
    if (!content) throw new NotFound(text('bookings.files.not_found'));
    res.set('Content-Security-Policy', SANDBOX);
    res.set('Cache-Control', 'public, max-age=86400, immutable');
    res.type(path.extname(name) || 'application/octet-stream').send(content);
  });

  return router;
}
