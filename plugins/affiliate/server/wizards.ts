/**
 * Writing affiliate wizards (SPEC sections 3 and 5 "Wizard"): the generic resource service with what the declaration
 * cannot know by itself: the network's preset for what a new wizard leaves out (presets.ts), the ad server's host
 * from the tracking domain (PUBLIC_URL), and whether the country and categories the pickers gave exist. Every rule is
 * checked before anything is written, and all of a body's errors are answered together.
 */
import { QueryTypes } from 'sequelize';
import {
  checkInput, createRecord, type Core, type FieldError, getRecord, invalidFields, isUuid, type RequestContext, type Row, text, updateRecord,
} from '@adsuite/backend/kit';
import { presetFields } from '../presets.ts';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The ad server of a new program: the host of the tracking domain, where the click tracker and the banners are served. */
export const trackingHost = (core: Core) => new URL(core.env.publicUrl).host;

/**
 * A body with the defaults a person would otherwise type: the network's prefix, compression and ad code for what it
 * leaves empty (a new wizard also for what it leaves out), and the ad server's host.
 */
export function withPreset(core: Core, body: Row, before?: Row): Row {
  const filled = { ...body };
  const missing = (key: string) => (before ? key in body && isBlank(body[key]) : isBlank(body[key]));
  const value = (key: string) => (key in body ? body[key] : before?.[key]);
  const preset = presetFields(value('revenueSource'), value('affiliatelink'), { width: value('width'), height: value('height'), name: value('name') });
  if (preset) {
    if (missing('affiliateprefix')) filled.affiliateprefix = preset.affiliateprefix;
    if (missing('adcode')) filled.adcode = preset.adcode;
    if (preset.compression && !before && body.compression === undefined) filled.compression = preset.compression;
  }
  if (!before && isBlank(body.adserver)) filled.adserver = trackingHost(core);
  return filled;
}

/** Whether the pickers' values name existing records: one country by its code, categories as `id|||code`. */
async function lookupErrors(core: Core, values: Row, before?: Row): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const changed = (key: string) => JSON.stringify(values[key] ?? null) !== JSON.stringify(before?.[key] ?? null);
  const countries = values.countries;
  if (Array.isArray(countries) && countries.length === 1 && typeof countries[0] === 'string' && changed('countries')) {
    const [found] = await core.sequelize.query('SELECT 1 FROM countries WHERE alpha2 = $1 AND archived_at IS NULL', { bind: [countries[0]], type: QueryTypes.SELECT });
    if (!found) errors.push({ field: 'countries', message: text('affiliate.wizard.country_unknown', { code: countries[0].slice(0, 10) }) });
  }
  const categories = values.categories;
  if (Array.isArray(categories) && categories.length && changed('categories')) {
    const pairs = categories.map((entry) => String(entry).split('|||'));
    const ids = pairs.map(([id]) => id).filter(isUuid);
    const rows = ids.length
      ? await core.sequelize.query<{ id: string; code: string }>('SELECT id, code FROM categories WHERE id = ANY($1::uuid[]) AND archived_at IS NULL', { bind: [ids], type: QueryTypes.SELECT })
      : [];
    const known = new Set(rows.map((row) => `${row.id}|||${row.code}`));
    const unknown = categories.find((entry) => !known.has(String(entry)));
    if (unknown !== undefined) errors.push({ field: 'categories', message: text('affiliate.wizard.category_value', { value: String(unknown).slice(0, 80) }) });
  }
  return errors;
}

/**
 * Every error of a body at once: the field types and required fields, the declaration's rules, and the lookups. The
 * resource service checks the first two again (and the references, access and tenant) as it writes.
 */
async function refuseInvalid(core: Core, ctx: RequestContext, body: unknown, before?: Row): Promise<void> {
  const resource = core.resource('wizard');
  const { values, errors } = checkInput(resource, body, before ? 'update' : 'create');
  const ruleErrors = resource.hooks?.validate?.({ values, before, user: { id: ctx.user.id, role: ctx.role } }) ?? [];
  const fieldErrors: FieldError[] = [...errors, ...ruleErrors.filter((rule) => !errors.some((error) => error.field === rule.field))];
  const looked = await lookupErrors(core, values, before);
  fieldErrors.push(...looked.filter((lookup) => !fieldErrors.some((error) => error.field === lookup.field)));
  if (fieldErrors.length) throw invalidFields(fieldErrors);
}

const asBody = (body: unknown): Row | null => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Row) : null);

export async function createWizard(core: Core, ctx: RequestContext, body: unknown): Promise<Row> {
  const given = asBody(body);
  const filled = given ? withPreset(core, given) : body;
  if (ctx.ability.can('create', 'wizard')) await refuseInvalid(core, ctx, filled);
  return createRecord(core, ctx, core.resource('wizard'), filled);
}

export async function updateWizard(core: Core, ctx: RequestContext, id: string, body: unknown): Promise<Row> {
  const resource = core.resource('wizard');
  const given = asBody(body);
  if (!given) return updateRecord(core, ctx, resource, id, body);
  // Read as the user may (404 for a wizard out of reach) before anything about its values is said.
  const before = await getRecord(core, ctx, resource, id);
  const filled = withPreset(core, given, before);
  if (ctx.ability.can('update', 'wizard')) await refuseInvalid(core, ctx, filled, before);
  return updateRecord(core, ctx, resource, id, filled);
}
