/**
 * The creative service: from logo, product image, slogan and product name the platform renders banners in
 * the standard sizes from banner templates. Previews are ad-server URLs with the values in the query;
 * a booking's generated creatives are template_ad banners holding the values as placeholders.
 */
import { channelByKey } from '@adsuite/config';
import { CALL_TO_ACTIONS } from '@adsuite/config/booking/index';
import { type Core, type FieldError, inBoth, invalidFields, type Row, text } from '@adsuite/backend/kit';
import { advertiserFile } from './files.ts';
import { ACCEPTED } from './media.ts';
import { ensureDefaultTemplates, SERVICE_PLACEHOLDERS, serviceTemplates, type PlaceholderValues } from './templates.ts';

export const SLOGAN_REQUIRED = text('bookings.service.required');

/** The button text of a booking's call-to-action (BUY_NOW -> "Buy now"); none for NONE or an unknown code. */
export function callToActionText(code: unknown): string | undefined {
  if (typeof code !== 'string' || code === 'NONE' || !(CALL_TO_ACTIONS as readonly string[]).includes(code)) return undefined;
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words[0].toUpperCase() + words.slice(1);
}

/** The service's values, checked: slogan and product name required, images PNG or JPG of this advertiser. */
export async function serviceValues(core: Core, advertiser: string, input: unknown, prefix = ''): Promise<PlaceholderValues> {
  const body = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Row;
  const errors: FieldError[] = [];
  const values: PlaceholderValues = {};
  for (const placeholder of SERVICE_PLACEHOLDERS) {
    const raw = body[placeholder.key];
    const value = typeof raw === 'string' ? raw.trim() : '';
    const field = `${prefix}${placeholder.key}`;
    const label = inBoth(`bookings.service.${placeholder.key}`);
    if (placeholder.required && !value) errors.push({ field, message: SLOGAN_REQUIRED });
    else if (placeholder.max && value.length > placeholder.max) errors.push({ field, message: text('bookings.service.too_long', { label, max: placeholder.max }) });
    else if (placeholder.type === 'image' && value) {
      const file = await advertiserFile(core, advertiser, value);
      if (!file) errors.push({ field, message: text('bookings.service.upload_again', { label }) });
      else if (!ACCEPTED.logo.mimes.includes(file.mime)) errors.push({ field, message: text('bookings.service.png_or_jpg', { label }) });
    } else if (placeholder.type === 'url' && value && !/^https?:\/\/\S+$/i.test(value)) {
      errors.push({ field, message: text('bookings.service.target_url') });
    }
    if (value) values[placeholder.key] = value;
  }
  if (errors.length) throw invalidFields(errors);
  return values;
}

export interface Preview {
  width: number;
  height: number;
  url: string;
}

export function bannerUrl(templateId: string, width: number, height: number, values: PlaceholderValues): string {
  const query = new URLSearchParams({ id: templateId, width: String(width), height: String(height), placeholder: JSON.stringify(values) });
  return `/banner?${query}`;
}

export async function previews(core: Core, advertiser: string, values: PlaceholderValues): Promise<Preview[]> {
  await ensureDefaultTemplates(core);
  const templates = await serviceTemplates(core, advertiser);
  return templates.map((t) => ({ width: t.width as number, height: t.height as number, url: bannerUrl(t.id as string, t.width as number, t.height as number, values) }));
}

/** The chosen channels that take generated banners. */
export function templateChannels(channels: unknown): string[] {
  return (Array.isArray(channels) ? channels : []).filter((key): key is string => {
    const channel = typeof key === 'string' ? channelByKey[key] : undefined;
    return !!channel && channel.creativeRequirements.bannerTypes.includes('template_ad');
  });
}
