/**
 * How a booking's creative is previewed (SPEC section 2, booking detail modal: the creatives panel), from what
 * the booking and its banner know: an image, a video (its first frame or poster), the ad server's rendering of
 * template and HTML banners (`/banner?id=`), or a search ad's text. No React here.
 */

export interface Creative {
  id?: string;
  name?: string;
  bannerType?: string;
  width?: number | null;
  height?: number | null;
  downloadLink?: string | null;
  /** The address the wizard showed an upload at (kept by older drafts). */
  url?: string;
  /** File id of an upload (a creative of the draft before it became a banner). */
  file?: string | null;
  thumbnail?: { downloadLink?: string } | null;
  video?: { downloadLink?: string } | null;
  graphic?: { downloadLink?: string } | null;
  headlines?: unknown;
  descriptions?: unknown;
}

export type CreativePreview =
  | { kind: 'image'; src: string }
  | { kind: 'video'; src: string; poster?: string }
  | { kind: 'frame'; src: string; width: number; height: number }
  | { kind: 'text'; headlines: string[]; descriptions: string[] }
  | { kind: 'icon' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_SIZE = { width: 300, height: 250 };
/** The ad server's frame of a search ad without a size. */
const SEARCH_AD_SIZE = { width: 300, height: 120 };

/**
 * A link the preview may load: an uploaded file on this server by its path (a stored link names the public host,
 * which need not be the one the member area is opened at), else an http(s) or root-relative address.
 */
export function previewLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || !link.trim()) return undefined;
  const uploaded = /\/banner\/file\/([0-9a-f-]{36})(?:[?#]|$)/i.exec(link);
  if (uploaded && UUID.test(uploaded[1])) return `/banner/file/${uploaded[1]}`;
  return /^(https?:\/\/|\/(?!\/))\S+$/i.test(link.trim()) ? link.trim() : undefined;
}

const fileLink = (file: unknown) => (typeof file === 'string' && UUID.test(file) ? `/banner/file/${file}` : undefined);
const texts = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\r?\n/) : [])
  .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').map((entry) => entry.trim());
const side = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

export function previewOf(creative: Creative): CreativePreview {
  const id = typeof creative.id === 'string' && UUID.test(creative.id) ? creative.id : undefined;
  const sized = (fallback: { width: number; height: number }) => ({
    width: side(creative.width) ?? fallback.width, height: side(creative.height) ?? fallback.height,
  });
  const frame = (fallback = DEFAULT_SIZE): CreativePreview => (id ? { kind: 'frame', src: `/banner?id=${encodeURIComponent(id)}`, ...sized(fallback) } : { kind: 'icon' });
  switch (creative.bannerType) {
    case 'search_ad': {
      const headlines = texts(creative.headlines);
      const descriptions = texts(creative.descriptions);
      return headlines.length || descriptions.length ? { kind: 'text', headlines, descriptions } : frame(SEARCH_AD_SIZE);
    }
    case 'video_ad': {
      const src = previewLink(creative.video?.downloadLink) ?? previewLink(creative.downloadLink) ?? previewLink(creative.url) ?? fileLink(creative.file);
      const poster = previewLink(creative.thumbnail?.downloadLink);
      return src ? { kind: 'video', src, ...(poster ? { poster } : {}) } : frame();
    }
    case 'template_ad':
    case 'html_ad':
      return frame();
    default: {
      const src = previewLink(creative.thumbnail?.downloadLink) ?? previewLink(creative.downloadLink) ?? previewLink(creative.graphic?.downloadLink)
        ?? previewLink(creative.url) ?? fileLink(creative.file);
      return src ? { kind: 'image', src } : frame();
    }
  }
}
