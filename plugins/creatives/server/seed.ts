/**
 * The creative tools' demo data (ServerPlugin.seed), idempotent: each record is found by its natural key and only
 * made when missing. The platform gets a banner template in an advertiser's corporate-identity colours (every size
 * from one responsive page); the Demo Shop gets a folder tree with its logo and a product image as graphics (files
 * of the creative service's store, which the ad server serves) and a corporate identity naming that logo.
 */
import type { Core, Row } from '@adsuite/backend/kit';
import { creativeMessages } from '@adsuite/config/i18n/server/creatives';
import { GENERATOR_FIELDS } from '../generator.ts';
import { publicFileUrl, storeFile } from './creativeService.ts';
import { badge, bag } from './pictures.ts';

export const CI_TEMPLATE = 'Corporate identity (responsive)';
const SHOP = 'Demo Shop GmbH';
const SHOP_COLOURS = { primaryColor: '#0b6fb8', secondaryColor: '#ffb400', textColor: '#ffffff' };

/**
 * One page for every size: a box, a strip (wide) or a tower (tall) by the frame's aspect ratio, in the colours of
 * the placeholders (the generator fills them from the advertiser's corporate identity).
 */
export const CI_TEMPLATE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>{{productName}}</title>
<style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:{{width}}px;height:{{height}}px;overflow:hidden}
a.ad{display:flex;flex-direction:column;justify-content:space-between;gap:6%;width:100%;height:100%;padding:6%;text-decoration:none;
font-family:Arial,Helvetica,sans-serif;color:{{textColor}};background:{{primaryColor}};border-bottom:6px solid {{secondaryColor}}}
.head{display:flex;align-items:center;gap:8px;min-height:0}.logo{height:2.4em;width:auto}
.name{font-weight:bold;font-size:1.25em;line-height:1.1;overflow:hidden;text-overflow:ellipsis}
.product{flex:1;min-height:0;object-fit:contain;width:100%}
.slogan{font-size:.95em;line-height:1.25;overflow:hidden}
.cta{align-self:flex-start;background:{{secondaryColor}};color:{{primaryColor}};font-weight:bold;padding:.45em .8em;border-radius:3px;white-space:nowrap}
@media (min-aspect-ratio:5/2){a.ad{flex-direction:row;align-items:center;padding:0 2%;gap:2%;border-bottom:0;border-right:6px solid {{secondaryColor}}}
.head{flex:none;max-width:45%}.product{flex:none;height:86%;width:auto}.slogan{flex:1;white-space:nowrap;text-overflow:ellipsis}.cta{align-self:center}
.logo{height:calc({{height}}px * .55)}.name{font-size:clamp(11px,calc({{height}}px * .28),24px);white-space:nowrap}
.slogan{font-size:clamp(9px,calc({{height}}px * .2),16px)}.cta{font-size:clamp(9px,calc({{height}}px * .18),14px)}}
@media (max-aspect-ratio:1/2){a.ad{text-align:center;align-items:center}.head{flex-direction:column}.cta{align-self:center}}
</style></head>
<body><a class="ad" href="{{clickUrl}}" target="_blank" rel="noopener">
<div class="head">{{#logo}}<img class="logo" src="{{logo}}" alt="">{{/logo}}<div class="name">{{productName}}</div></div>
{{#productImage}}<img class="product" src="{{productImage}}" alt="{{productName}}">{{/productImage}}
<div class="slogan">{{slogan}}</div>
{{#cta}}<span class="cta">{{cta}}</span>{{/cta}}
</a></body></html>
`;

/** The template's placeholders: the generator's fields, labelled in German (colours as texts, which the generator checks as #rrggbb). */
export const CI_PLACEHOLDERS = GENERATOR_FIELDS.map((field) => ({
  key: field.key, label: creativeMessages.de.fields[field.key as keyof typeof creativeMessages.de.fields] ?? field.key, type: field.type === 'colour' ? 'text' : field.type,
  ...(field.required ? { required: true } : {}), ...(field.max ? { max: field.max } : {}),
}));

export async function seedCreatives(core: Core): Promise<void> {
  const ensure = async (name: string, where: Row, values: Row | (() => Promise<Row>) = {}): Promise<Row> => {
    const model = core.model(name);
    const found = (await model.findOne({ where, raw: true })) as Row | null;
    if (found) return found;
    return (await model.create({ ...where, ...(typeof values === 'function' ? await values() : values) })).get({ plain: true }) as Row;
  };
  await ensure('bannertemplate', { name: CI_TEMPLATE, advertiser: null }, {
    width: 300, height: 250, html: CI_TEMPLATE_HTML, placeholder: CI_PLACEHOLDERS, channels: [], active: true,
  });

  const shop = (await core.model('advertiser').findOne({ where: { name: SHOP }, raw: true })) as Row | null;
  if (!shop) return;
  const advertiser = shop.id as string;
  const folder = (name: string, parent: Row | null) => ensure('folder', { name, advertiser, parent: parent ? parent.id : null });
  const logos = await folder('Logos', null);
  const products = await folder('Products', null);
  const campaigns = await folder('Campaigns', null);
  await folder('Summer Sale 2026', campaigns);
  const graphic = (name: string, into: Row, picture: () => Buffer) => ensure('graphic', { name, advertiser }, async () => {
    const stored = await storeFile(core, advertiser, { name: `${name.toLowerCase().replace(/\W+/g, '-')}.png`, data: picture(), kind: 'image' });
    return {
      folder: into.id, downloadLink: `${core.env.publicUrl}${publicFileUrl(stored.id)}`, width: stored.width, height: stored.height,
      mimeType: stored.mime, size: stored.size,
    };
  });
  const logo = await graphic('Demo Shop logo', logos, () => badge(240, SHOP_COLOURS.primaryColor));
  await graphic('Beach bag', products, () => bag(480, SHOP_COLOURS.secondaryColor));
  await ensure('ci', { name: 'Demo Shop CI', advertiser }, {
    logo: logo.downloadLink, ...SHOP_COLOURS, font: 'Arial', slogan: 'Everything for your summer', productName: 'Beach bag', url: shop.url ?? null,
  });
}
