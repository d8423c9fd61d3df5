/**
 * The banner generator and the template editor's preview (SPEC section 2 "/banner/create", "/banner/template").
 * The generator fills a banner template with an advertiser's texts, images and corporate-identity colours and saves
 * one template_ad banner per chosen size: the ad server renders each from the template and its placeholder values
 * (/banner?id=), exactly as the preview showed it, and the advertiser finds them among its creatives.
 */
import { Op } from 'sequelize';
import {
  canOnRow, type Core, type FieldError, Forbidden, inBoth, invalidFields, isUuid, recordActivity, type RequestContext, type Row,
  serialize, text,
} from '@adsuite/backend/kit';
import { COLOUR, GENERATOR_FIELDS, GENERATOR_SIZES, isColourKey, PLACEHOLDER_KEY, sizeName, type GeneratorFieldType } from '../generator.ts';
import { advertiserFor, bodyOf, invalid, mayDo } from './access.ts';
import { ensureDefaultTemplates, fileIdOf, findFile, placeholderList, publicFileUrl, renderTemplate, type Placeholder, type PlaceholderValues } from './creativeService.ts';

const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif'];
export const HTML_MAX = 200_000;
/** Most images of an advertiser the generator offers. */
const IMAGES_MAX = 500;

/** The templates an advertiser's banners may be made from: its own active ones and the platform's. */
async function templatesFor(core: Core, advertiser: string): Promise<Row[]> {
  await ensureDefaultTemplates(core);
  return (await core.model('bannertemplate').findAll({
    where: { active: true, archivedAt: null, [Op.or]: [{ advertiser }, { advertiser: null }] },
    order: [['advertiser', 'ASC NULLS LAST'], ['name', 'ASC']], raw: true,
  })) as Row[];
}

const templateView = (row: Row) => ({
  id: row.id as string, name: row.name as string, width: row.width as number, height: row.height as number,
  advertiser: (row.advertiser as string | null) ?? null, placeholder: Array.isArray(row.placeholder) ? row.placeholder : [],
});

/** The advertiser's graphics the ad server serves, by file id: the images a template can show (newest first). */
async function imagesOf(core: Core, advertiser: string) {
  const rows = (await core.model('graphic').findAll({
    where: { advertiser, archivedAt: null, mimeType: { [Op.in]: IMAGE_MIMES } }, order: [['created', 'DESC'], ['id', 'ASC']], limit: IMAGES_MAX, raw: true,
  })) as Row[];
  return rows.flatMap((row) => {
    const file = fileIdOf(row.downloadLink);
    return file ? [{ file, graphic: row.id as string, name: row.name as string, url: publicFileUrl(file), width: (row.width as number | null) ?? null, height: (row.height as number | null) ?? null }] : [];
  });
}

/** What the generator's form starts with for an advertiser: its templates, its corporate identity (colours, logo), the sizes. */
export async function generatorStart(core: Core, ctx: RequestContext, requested: unknown) {
  mayDo(ctx, 'read', 'bannertemplate');
  const advertiser = await advertiserFor(core, ctx, requested);
  const ci = ctx.ability.can('read', 'ci')
    ? (await core.model('ci').findOne({ where: { advertiser: advertiser.id, archivedAt: null }, order: [['created', 'DESC']], raw: true })) as Row | null
    : null;
  // The logo counts when it is a file of the advertiser's (a graphic); a logo elsewhere on the web the ad server does not serve.
  const logoFile = ci ? await findFile(core, fileIdOf(ci.logo)) : null;
  const logo = logoFile && logoFile.advertiser === advertiser.id && IMAGE_MIMES.includes(logoFile.mime) ? logoFile.id : null;
  return {
    advertiser: { id: advertiser.id, name: advertiser.name as string, url: (advertiser.url as string | null) ?? null },
    ci: ci && {
      id: ci.id as string, name: ci.name as string, logo, logoUrl: logo ? publicFileUrl(logo) : null,
      primaryColor: ci.primaryColor ?? null, secondaryColor: ci.secondaryColor ?? null, textColor: ci.textColor ?? null,
      slogan: ci.slogan ?? null, productName: ci.productName ?? null, url: ci.url ?? null,
    },
    templates: (await templatesFor(core, advertiser.id)).map(templateView),
    sizes: GENERATOR_SIZES,
    images: ctx.ability.can('read', 'graphic') ? await imagesOf(core, advertiser.id) : [],
  };
}

const declarationsOf = (template: Row): Placeholder[] => (Array.isArray(template.placeholder) ? (template.placeholder as Placeholder[]) : [])
  .filter((entry) => entry && typeof entry.key === 'string');

/** A placeholder's label as the form names it: the template's own, else the key. */
const labelOf = (key: string, declared?: Placeholder) => {
  const own = typeof declared?.label === 'string' && declared.label.trim() ? declared.label.trim() : key;
  return { de: own, en: own };
};

/**
 * The values of the form checked against the template: texts within their length, images the advertiser's own
 * uploads, colours #rrggbb, links http(s); slogan and product name always required. Keys the template neither
 * declares nor the generator knows are left out.
 */
export async function checkedValues(core: Core, advertiser: string, template: Row, input: unknown): Promise<PlaceholderValues> {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) throw invalid('values', 'creatives.banners.values');
  const raw = (input ?? {}) as Row;
  const declared = new Map(declarationsOf(template).map((entry) => [entry.key, entry]));
  const known = new Map(GENERATOR_FIELDS.map((field) => [field.key, field]));
  const errors: FieldError[] = [];
  const values: PlaceholderValues = {};
  for (const key of new Set([...known.keys(), ...declared.keys()])) {
    const own = declared.get(key);
    const field = known.get(key);
    const type: GeneratorFieldType = isColourKey(key) ? 'colour' : (own?.type as GeneratorFieldType | undefined) ?? field?.type ?? 'text';
    const max = own?.max ?? field?.max ?? 1000;
    const label = field ? inBoth(`creatives.fields.${key}`) : labelOf(key, own);
    const value = typeof raw[key] === 'string' ? (raw[key] as string).trim() : '';
    const at = `values.${key}`;
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string') errors.push({ field: at, message: text('creatives.banners.values') });
    else if (!value) {
      if (own?.required || field?.required) errors.push({ field: at, message: text('creatives.banners.required', { label }) });
    } else if (type === 'colour' && !COLOUR.test(value)) errors.push({ field: at, message: text('creatives.banners.colour', { label }) });
    else if (type === 'url' && !/^https?:\/\/[^\s"'<>`]+$/i.test(value)) errors.push({ field: at, message: text('creatives.banners.url', { label }) });
    else if (type === 'image') {
      const file = await findFile(core, value);
      if (!file || file.advertiser !== advertiser || !IMAGE_MIMES.includes(file.mime)) errors.push({ field: at, message: text('creatives.banners.image', { label }) });
    } else if ((type === 'text') && value.length > max) errors.push({ field: at, message: text('creatives.banners.too_long', { label, max }) });
    if (value && !errors.some((error) => error.field === at)) values[key] = value;
  }
  if (errors.length) throw invalidFields(errors);
  return values;
}

function chosenSizes(input: unknown): { width: number; height: number }[] {
  if (input === undefined || input === null) return [...GENERATOR_SIZES];
  const all = GENERATOR_SIZES.map(sizeName).join(', ');
  if (!Array.isArray(input) || !input.length || input.length > GENERATOR_SIZES.length) throw invalid('sizes', 'creatives.banners.sizes', { sizes: all });
  const chosen = new Map<string, { width: number; height: number }>();
  for (const entry of input) {
    const [width, height] = typeof entry === 'string' ? entry.split('x').map(Number) : [Number((entry as Row)?.width), Number((entry as Row)?.height)];
    const size = GENERATOR_SIZES.find((s) => s.width === width && s.height === height);
    if (!size) {
      if (!Number.isInteger(width) || !Number.isInteger(height)) throw invalid('sizes', 'creatives.banners.sizes', { sizes: all });
      throw invalid('sizes', 'creatives.banners.size', { width, height });
    }
    chosen.set(sizeName(size), size);
  }
  return [...chosen.values()];
}

/** Saves the advertiser's banners of the template at the chosen sizes: all of them or, on any error, none. */
export async function generateBanners(core: Core, ctx: RequestContext, input: unknown) {
  mayDo(ctx, 'create', 'banner');
  const body = bodyOf(input);
  const advertiser = await advertiserFor(core, ctx, body.advertiser);
  if (!isUuid(body.template)) throw invalid('template', 'creatives.banners.template_not_found');
  const template = (await core.model('bannertemplate').findOne({ where: { id: body.template, active: true, archivedAt: null }, raw: true })) as Row | null;
  if (!template || !canOnRow(ctx.ability, 'read', 'bannertemplate', template)) throw invalid('template', 'creatives.banners.template_not_found');
  if (template.advertiser && template.advertiser !== advertiser.id) throw invalid('template', 'creatives.banners.template_other');
  const sizes = chosenSizes(body.sizes);
  const values = await checkedValues(core, advertiser.id, template, body.values);
  const resource = core.resource('banner');
  const rows = sizes.map(({ width, height }) => ({
    name: `${values.productName} ${width}x${height}`.slice(0, 200), advertiser: advertiser.id, campaign: null, bannerType: 'template_ad',
    width, height, template: template.id, placeholder: placeholderList(values), channels: [],
  }));
  if (!rows.every((row) => canOnRow(ctx.ability, 'create', 'banner', row))) throw new Forbidden();
  const created = await core.sequelize.transaction(async (transaction) => {
    const saved: Row[] = [];
    for (const row of rows) {
      const banner = (await core.model('banner').create(row, { transaction })).get({ plain: true }) as Row;
      await recordActivity(core, ctx, resource, 'create', banner, transaction);
      saved.push(banner);
    }
    return saved;
  });
  return { banners: created.map((row) => ({ ...serialize(resource, row, ctx.language), url: `/banner?id=${row.id}` })) };
}

function checkedDeclarations(input: unknown): Placeholder[] {
  if (input === undefined || input === null) return [];
  const ok = Array.isArray(input) && input.length <= 50 && input.every((entry) => entry && typeof entry === 'object' && !Array.isArray(entry)
    && typeof entry.key === 'string' && PLACEHOLDER_KEY.test(entry.key)
    && (entry.label === undefined || entry.label === null || (typeof entry.label === 'string' && entry.label.length <= 200))
    && (entry.type === undefined || entry.type === null || ['text', 'image', 'url'].includes(entry.type))
    && (entry.required === undefined || entry.required === null || typeof entry.required === 'boolean')
    && (entry.max === undefined || entry.max === null || (Number.isInteger(entry.max) && entry.max > 0 && entry.max <= 100_000)));
  if (!ok) throw invalid('placeholder', 'creatives.banners.placeholders');
  return input as Placeholder[];
}

/**
 * The template editor's preview of HTML not saved yet: rendered by the ad server's own renderer with sample values,
 * answered as text for a sandboxed frame of the editor (it never runs with the member area's origin).
 */
export function previewTemplate(ctx: RequestContext, input: unknown) {
  // A preview writes nothing: those who write templates, and staff who open the editor to read them (the affiliate
  // manager, SPEC section 6: /banner/template), see it.
  const writes = ctx.ability.can('create', 'bannertemplate') || ctx.ability.can('update', 'bannertemplate');
  if (!writes && !(ctx.staff && ctx.ability.can('read', 'bannertemplate'))) throw new Forbidden();
  const body = bodyOf(input);
  if (typeof body.html !== 'string' || body.html.length > HTML_MAX) throw invalid('html', 'creatives.banners.html', { max: HTML_MAX });
  const placeholder = checkedDeclarations(body.placeholder);
  const side = (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 4000 ? (value as number) : null);
  const [width, height] = [side(body.width), side(body.height)];
  if (!width) throw invalid('width', 'creatives.banners.dimension');
  if (!height) throw invalid('height', 'creatives.banners.dimension');
  const values = body.values ?? {};
  if (typeof values !== 'object' || Array.isArray(values) || Object.values(values as Row).some((value) => typeof value !== 'string' || value.length > 2000)) {
    throw invalid('values', 'creatives.banners.values');
  }
  return { html: renderTemplate({ html: body.html, placeholder, width, height }, values as PlaceholderValues, { width, height }) };
}
