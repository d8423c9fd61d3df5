/**
 * The creative rules of SPEC section 5 with what only the server knows: the real files. A creative names
 * an uploaded file (`file`) or a stored banner (`id`); both must be the advertiser's own, the file must be
 * of the creative's type, and the file's real size and duration (not what the browser claims) go into the
 * shared rules of config/booking (each channel needs a creative it takes, types, sizes, ratios, video
 * length, search ads, ad codes).
 */
import { Op } from 'sequelize';
import { creativesErrors, type CreativeDraft } from '@adsuite/config/booking/index';
import { type Core, type FieldError, inBoth, isUuid, type Row, text, valueLabel } from '@adsuite/backend/kit';
import { ruleError } from '../ruleErrors.ts';
import { advertiserFile, fileIdOf } from './files.ts';
import { isImage, isVideo } from './media.ts';

/** Which files each creative type takes. */
const FILE_FITS: Record<string, { fits: (mime: string) => boolean; text: string }> = {
  image_ad: { fits: isImage, text: 'bookings.files.needs_image' },
  video_ad: { fits: isVideo, text: 'bookings.files.needs_video' },
  html_ad: { fits: (mime) => mime === 'text/html' || mime === 'application/zip', text: 'bookings.files.needs_html' },
};

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The banners among `ids` that belong to the advertiser. */
async function advertiserBanners(core: Core, advertiser: string, ids: string[]): Promise<Map<string, Row>> {
  if (!ids.length) return new Map();
  const rows = (await core.model('banner').findAll({ where: { id: { [Op.in]: ids }, advertiser, archivedAt: null }, raw: true })) as Row[];
  return new Map(rows.map((row) => [row.id as string, row]));
}

/** A creative with the facts of its stored banner and real file; errors for what cannot be found or does not fit. */
async function resolve(core: Core, advertiser: string, entry: Row, field: string, banners: Map<string, Row>): Promise<{ creative: CreativeDraft; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  const stored = isUuid(entry.id) ? banners.get(entry.id) : undefined;
  if (present(entry.id) && !stored) errors.push({ field, message: text('bookings.files.creative_not_found') });
  const source = stored ? { ...stored, channels: entry.channels ?? stored.channels } : entry;
  const video = (source.video && typeof source.video === 'object' ? source.video : {}) as Row;
  const fileId = stored ? fileIdOf(stored.downloadLink) ?? fileIdOf(video.downloadLink) : entry.file;
  const file = present(fileId) ? await advertiserFile(core, advertiser, fileId) : null;
  if (present(fileId) && !file) errors.push({ field: `${field}.file`, message: text('bookings.files.upload_again') });
  const fit = FILE_FITS[String(source.bannerType)];
  if (file && !fit?.fits(file.mime)) {
    errors.push({ field: `${field}.file`, message: fit ? text('bookings.files.creative_file', { expected: inBoth(fit.text) }) : text('bookings.files.creative_no_file', { type: valueLabel(String(source.bannerType)) }) });
  }
  const creative: CreativeDraft = {
    ...(source as CreativeDraft),
    file: file ? file.id : (entry.file as string | undefined),
    width: file?.width ?? (source.width as number | null | undefined),
    height: file?.height ?? (source.height as number | null | undefined),
    duration: file?.duration ?? (source.duration as number | undefined) ?? (video.duration as number | undefined),
  };
  return { creative, errors };
}

/**
 * Field errors (empty = the creatives serve every chosen channel). `creatives` are draft entries
 * (`{ id?, bannerType, name, file?, width?, height?, headlines?, descriptions?, keywords?, adCode?, channels }`)
 * or banner ids; files and banners of other advertisers count as not found.
 */
export async function checkCreativesForChannels(core: Core, advertiserId: string, creatives: unknown, channels: unknown): Promise<FieldError[]> {
  const entries = (Array.isArray(creatives) ? creatives : []).map((entry) => (isUuid(entry) ? { id: entry } : entry)) as unknown[];
  const isEntry = (entry: unknown): entry is Row => !!entry && typeof entry === 'object' && !Array.isArray(entry);
  const banners = await advertiserBanners(core, advertiserId, entries.filter(isEntry).map((e) => e.id).filter(isUuid));
  const errors: FieldError[] = [];
  const resolved: CreativeDraft[] = [];
  for (const [index, entry] of entries.entries()) {
    if (!isEntry(entry)) {
      resolved.push(entry as CreativeDraft);
      continue;
    }
    const { creative, errors: own } = await resolve(core, advertiserId, entry, `creatives.${index}`, banners);
    errors.push(...own);
    resolved.push(creative);
  }
  const ruleErrors = creativesErrors({ channels: Array.isArray(channels) ? channels : [], creatives: resolved });
  const seen = new Set<string>();
  const key = (e: FieldError) => `${e.field}\n${JSON.stringify(e.message)}`;
  return [...errors, ...ruleErrors.map((error) => ({ field: error.field, message: ruleError(error).message }))]
    .filter((e) => !seen.has(key(e)) && !!seen.add(key(e)));
}
