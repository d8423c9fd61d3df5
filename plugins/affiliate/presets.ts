/**
 * The affiliate networks' presets (SPEC section 4 "Affiliate presets by revenueSource"), shared by the wizard's form
 * (applied as the source is chosen) and the server (applied to what a new wizard leaves out): the prefix that turns a
 * target URL into the network's deeplink, the feed's compression, and the banner image the network serves beside its
 * click link. The ad code is that image in a link to `{click}`, which the ad server replaces with its click tracker
 * (plugins/tracking), which then leads on to the deeplink.
 */

export interface Preset {
  /** The affiliate link with what the network's deeplinks append before the (encoded) target URL. */
  prefix(link: string): string;
  /** The network's banner image for the program, from its click link. */
  image(link: string): string;
  /** How the network's product feeds come. */
  compression?: string;
}

export const PRESETS: Readonly<Record<string, Preset>> = {
  // Effiliation: effi.redir counts the click, effi.show serves the program's banner.
  effiliation: { prefix: (link) => `${link}&url=`, image: (link) => link.replace('effi.redir', 'effi.show') },
  // Adtraction: t=2 is the text link, t=1 the banner of the same ad.
  adtraction: { prefix: (link) => `${link}&url=`, image: (link) => link.replace(/([?&]t=)2(?=&|$)/, '$11') },
  // Belboon: the same tracking id under /adtracking/ (click) and /adview/ (banner); its feeds are zipped.
  belboon: { prefix: (link) => `${link}&rmd=3&trg=`, image: (link) => link.replace('/adtracking/', '/adview/'), compression: 'zip' },
  // Kwanko (metaffiliation): mclic counts the click, mbanner serves the banner.
  kwanko: { prefix: (link) => `${link}&redir=`, image: (link) => link.replace('mclic=', 'mbanner=') },
};

export const hasPreset = (revenueSource: unknown): revenueSource is keyof typeof PRESETS =>
  typeof revenueSource === 'string' && Object.prototype.hasOwnProperty.call(PRESETS, revenueSource);

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The ad code of a banner image: a link to the click tracker (`{click}`) around the image, at the wizard's size. */
export function adCodeOf(image: string, width: number, height: number, alt = ''): string {
  return `<a href="{click}" target="_blank" rel="noopener sponsored"><img src="${attribute(image)}" width="${width}" height="${height}" alt="${attribute(alt)}" style="border:0;display:block"></a>`;
}

export interface PresetFields {
  affiliateprefix: string;
  adcode: string;
  compression?: string;
}

/** What choosing `revenueSource` with this affiliate link fills in; null for a network without a preset or without a link. */
export function presetFields(revenueSource: unknown, affiliatelink: unknown, size: { width?: unknown; height?: unknown; name?: unknown } = {}): PresetFields | null {
  if (!hasPreset(revenueSource) || typeof affiliatelink !== 'string' || !affiliatelink.trim()) return null;
  const preset = PRESETS[revenueSource];
  const link = affiliatelink.trim();
  const dimension = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
  const fields: PresetFields = {
    affiliateprefix: preset.prefix(link),
    adcode: adCodeOf(preset.image(link), dimension(size.width, 300), dimension(size.height, 250), typeof size.name === 'string' ? size.name : ''),
  };
  if (preset.compression) fields.compression = preset.compression;
  return fields;
}

/** Where a click on the program's ad leads after the click tracker: the target URL through the prefix, else the affiliate link. */
export function deeplinkOf(affiliateprefix: unknown, targeturl: unknown, affiliatelink: unknown): string {
  if (typeof affiliateprefix === 'string' && affiliateprefix && typeof targeturl === 'string' && targeturl) return `${affiliateprefix}${encodeURIComponent(targeturl)}`;
  return typeof affiliatelink === 'string' ? affiliatelink : '';
}
