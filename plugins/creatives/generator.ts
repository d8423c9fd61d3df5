/**
 * What the banner generator fills into a template (SPEC section 2 "/banner/create", section 5 "slogan and product
 * name required; logo/product image PNG or JPG"), shared by its screen and its route: the texts, the two images
 * (file ids of the advertiser's graphics), the advertiser's colours from its corporate identity, the click URL and
 * the call-to-action. A template may declare more placeholders; these are the ones the generator's form offers.
 */
import { RENDERED_BANNER_SIZES } from '@adsuite/config/constants';

export type GeneratorFieldType = 'text' | 'image' | 'url' | 'colour';

export interface GeneratorField {
  key: string;
  type: GeneratorFieldType;
  required?: boolean;
  max?: number;
}

export const GENERATOR_FIELDS: readonly GeneratorField[] = [
  { key: 'slogan', type: 'text', required: true, max: 90 },
  { key: 'productName', type: 'text', required: true, max: 60 },
  { key: 'productImage', type: 'image' },
  { key: 'logo', type: 'image' },
  { key: 'primaryColor', type: 'colour' },
  { key: 'secondaryColor', type: 'colour' },
  { key: 'textColor', type: 'colour' },
  { key: 'clickUrl', type: 'url' },
  { key: 'cta', type: 'text', max: 30 },
];

/** The sizes the generator renders (the creative service's standard sizes, IAB). */
export const GENERATOR_SIZES = RENDERED_BANNER_SIZES;

export const sizeName = (size: { width: number; height: number }) => `${size.width}x${size.height}`;

export const COLOUR = /^#[0-9a-f]{6}$/i;

/** A placeholder key names a colour when it ends in Color/Colour (primaryColor, backgroundColour). */
export const isColourKey = (key: string) => /colou?r$/i.test(key);

/** A template's placeholder key: letters, digits, `_`, `-` and `.` (the renderer's `{{key}}`). */
export const PLACEHOLDER_KEY = /^[A-Za-z][\w.-]{0,63}$/;

/** The ad server's address of a template rendered at a size with the values (the preview as it will be served). */
export function templateUrl(templateId: string, size: { width: number; height: number }, values: Record<string, string>): string {
  const query = new URLSearchParams({ id: templateId, width: String(size.width), height: String(size.height), placeholder: JSON.stringify(values) });
  return `/banner?${query}`;
}

/** The banner embed code (SPEC section 2 "banner embed code (iframe to /banner?id={id})"), 300 x 250 when the banner has no size. */
export function embedCode(origin: string, banner: { id: string; width?: number | null; height?: number | null }): string {
  const width = banner.width || 300;
  const height = banner.height || 250;
  return `<iframe src="${origin}/banner?id=${encodeURIComponent(banner.id)}" width="${width}" height="${height}" frameborder="0" scrolling="no" style="border:0;overflow:hidden" title="Ad"></iframe>`;
}
