/**
 * Banner templates of the creative service: HTML with `{{key}}` placeholders and `{{#key}}...{{/key}}`
 * sections (kept only when the value is not empty). The platform's default set (advertiser = none) covers
 * the standard sizes and is created once, idempotently, at start-up; an advertiser's own active template of
 * a size takes precedence over the default of that size.
 */
import { Op, type Transaction } from 'sequelize';
import { type Core, isUuid, type Row } from '@adsuite/backend/kit';
import { RENDERED_BANNER_SIZES } from '@adsuite/config/constants';
import { publicFileUrl } from './files.ts';

/** The standard banner sizes the creative service renders (IAB). */
export const STANDARD_SIZES = RENDERED_BANNER_SIZES;

export interface Placeholder {
  key: string;
  type: 'text' | 'image' | 'url';
  label: string;
  required?: boolean;
  max?: number;
}

export const SERVICE_PLACEHOLDERS: Placeholder[] = [
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'productImage', type: 'image', label: 'Product image' },
  { key: 'slogan', type: 'text', label: 'Slogan', required: true, max: 90 },
  { key: 'productName', type: 'text', label: 'Product name', required: true, max: 60 },
  { key: 'clickUrl', type: 'url', label: 'Target URL' },
  { key: 'cta', type: 'text', label: 'Call-to-action', max: 30 },
];

const STYLE = `*{box-sizing:border-box;margin:0;padding:0}html,body{width:{{width}}px;height:{{height}}px;overflow:hidden}
a.ad{display:flex;width:100%;height:100%;text-decoration:none;color:#fff;font-family:Arial,Helvetica,sans-serif;
background:linear-gradient(135deg,#0b6fb8,#14395e);border:1px solid #0a3d62}
img{display:block;object-fit:contain;min-width:0;min-height:0}.copy{display:flex;flex-direction:column;justify-content:center;min-width:0}
.name{font-weight:bold;overflow:hidden;text-overflow:ellipsis}.slogan{opacity:.92;overflow:hidden}
.cta{display:inline-block;background:#ffb400;color:#14395e;font-weight:bold;border-radius:3px;white-space:nowrap}`;

const page = (css: string, body: string) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width={{width}},height={{height}}"><title>{{productName}}</title>
<style>${STYLE}
${css}</style></head>
<body><a class="ad" href="{{clickUrl}}" target="_blank" rel="noopener">${body}</a></body></html>
`;

const LOGO = '{{#logo}}<img class="logo" src="{{logo}}" alt="">{{/logo}}';
const PRODUCT = '{{#productImage}}<img class="product" src="{{productImage}}" alt="{{productName}}">{{/productImage}}';
const CTA = '{{#cta}}<span class="cta">{{cta}}</span>{{/cta}}';
const COPY = '<div class="copy"><div class="name">{{productName}}</div><div class="slogan">{{slogan}}</div></div>';

/** Three layouts: a box, a wide strip and a tall skyscraper; sizes are set through the placeholders. */
const LAYOUTS = {
  box: page(
    `a.ad{flex-direction:column;justify-content:center;padding:12px;gap:8px}.logo{height:18%;align-self:flex-start}.product{flex:1}
.name{font-size:20px}.slogan{font-size:14px}.cta{font-size:13px;padding:6px 10px;align-self:flex-start}`,
    `${LOGO}${PRODUCT}${COPY}${CTA}`,
  ),
  strip: page(
    `a.ad{flex-direction:row;align-items:center;padding:6px 12px;gap:12px}.logo,.product{height:100%;max-width:22%}.copy{flex:1}
.name{font-size:clamp(11px,calc({{height}}px * .22),28px)}.slogan{font-size:clamp(9px,calc({{height}}px * .16),18px);white-space:nowrap;text-overflow:ellipsis}
.cta{font-size:clamp(10px,calc({{height}}px * .1),20px);padding:.5em .8em}`,
    `${LOGO}${COPY}${PRODUCT}${CTA}`,
  ),
  tower: page(
    `a.ad{flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:16px 10px;gap:14px}.logo{width:80%;max-height:15%}.product{width:100%;flex:1}
.copy{align-items:center}.name{font-size:20px}.slogan{font-size:15px}.cta{font-size:14px;padding:8px 12px}`,
    `${LOGO}${COPY}${PRODUCT}${CTA}`,
  ),
};

function layoutOf(width: number, height: number): keyof typeof LAYOUTS {
  return width / height >= 2.5 ? 'strip' : height / width >= 1.8 ? 'tower' : 'box';
}

export function defaultTemplateName(width: number, height: number): string {
  return `Standard ${width}x${height}`;
}

const ensured = new WeakMap<Core, Promise<void>>();

/** Creates the missing default templates (archived ones count as present: staff retired them). */
export function ensureDefaultTemplates(core: Core): Promise<void> {
  let running = ensured.get(core);
  if (!running) {
    running = core.sequelize.transaction(async (transaction) => {
      // Several server processes may start at once.
      await core.sequelize.query('SELECT pg_advisory_xact_lock(4242005)', { transaction });
      const model = core.model('bannertemplate');
      const names = STANDARD_SIZES.map((s) => defaultTemplateName(s.width, s.height));
      const existing = (await model.findAll({ attributes: ['name'], where: { advertiser: null, name: { [Op.in]: names } }, raw: true, transaction })) as Row[];
      const have = new Set(existing.map((row) => row.name));
      for (const { width, height } of STANDARD_SIZES) {
        const name = defaultTemplateName(width, height);
        if (have.has(name)) continue;
        await model.create({ name, advertiser: null, width, height, html: LAYOUTS[layoutOf(width, height)], placeholder: SERVICE_PLACEHOLDERS, channels: [], active: true }, { transaction });
      }
    });
    running.catch(() => ensured.delete(core));
    ensured.set(core, running);
  }
  return running;
}

/**
 * For each standard size, the template to render: the advertiser's own active one, else the default.
 * Ensure the defaults first, outside `transaction` (they are created in a transaction of their own).
 */
export async function serviceTemplates(core: Core, advertiser: string, transaction?: Transaction): Promise<Row[]> {
  const rows = (await core.model('bannertemplate').findAll({
    where: { active: true, archivedAt: null, [Op.or]: [{ advertiser }, { advertiser: null }] },
    order: [['created', 'ASC']],
    raw: true,
    transaction,
  })) as Row[];
  return STANDARD_SIZES.flatMap(({ width, height }) => {
    const fits = rows.filter((row) => row.width === width && row.height === height);
    const chosen = fits.find((row) => row.advertiser === advertiser) ?? fits.find((row) => row.name === defaultTemplateName(width, height)) ?? fits[0];
    return chosen ? [chosen] : [];
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"'`]/g, (c) => ESCAPES[c]);

export type PlaceholderValues = Record<string, string>;

/**
 * Placeholder values from the forms they arrive in: an object `{ slogan: '...' }` or the stored list
 * `[{ key, value }]` (also `name` for `key`). Non-string values are dropped.
 */
export function placeholderValues(input: unknown): PlaceholderValues {
  const values: PlaceholderValues = {};
  if (Array.isArray(input)) {
    for (const item of input) {
      const key = item && typeof item === 'object' ? ((item as Row).key ?? (item as Row).name) : undefined;
      const value = item && typeof item === 'object' ? (item as Row).value : undefined;
      if (typeof key === 'string' && typeof value === 'string') values[key] = value;
    }
  } else if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) if (typeof value === 'string') values[key] = value;
  }
  return values;
}

export const placeholderList = (values: PlaceholderValues) => Object.entries(values).map(([key, value]) => ({ key, value }));

/** A value as it may appear in the HTML: text escaped; images only as uploaded files; links only http(s). */
function htmlValue(key: string, value: string, declared: Map<string, Placeholder>): string {
  const type = declared.get(key)?.type ?? 'text';
  if (type === 'image') return isUuid(value) ? publicFileUrl(value) : '';
  if (type === 'url') return /^https?:\/\/[^\s"'<>`]+$/i.test(value) ? escapeHtml(value) : '#';
  return escapeHtml(value.slice(0, declared.get(key)?.max ?? 1000));
}

/** The template's HTML with the values filled in; unknown placeholders render empty. */
export function renderTemplate(template: Row, input: PlaceholderValues, size?: { width?: number; height?: number }): string {
  const declared = new Map((Array.isArray(template.placeholder) ? (template.placeholder as Placeholder[]) : []).filter((p) => p && typeof p.key === 'string').map((p) => [p.key, p]));
  const values: PlaceholderValues = { ...input, width: String(size?.width ?? template.width ?? 300), height: String(size?.height ?? template.height ?? 250) };
  const filled = (key: string) => (values[key] ? htmlValue(key, values[key], declared) : declared.get(key)?.type === 'url' ? '#' : '');
  return String(template.html ?? '')
    .replace(/\{\{#\s*([\w.-]+)\s*\}\}([\s\S]*?)\{\{\/\s*\1\s*\}\}/g, (_, key: string, inner: string) => (filled(key) && filled(key) !== '#' ? inner : ''))
    .replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, key: string) => filled(key));
}
