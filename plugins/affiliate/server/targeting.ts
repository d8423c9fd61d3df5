/**
 * The wizard's pickers (SPEC section 7 "GET /targeting/country, /targeting/category"): the targeting countries with
 * their names in the reader's language, and the content categories in SPEC section 3's shape, whose form value joins
 * id and code (`id|||code`).
 */
import { QueryTypes } from 'sequelize';
import { type Core, Forbidden, type RequestContext } from '@adsuite/backend/kit';

export interface TargetingCountry { id: string; name: string; alpha2: string }
export interface TargetingCategory { id: string; attributes: { name: string; code: string } }

export async function targetingCountries(core: Core, ctx: RequestContext): Promise<TargetingCountry[]> {
  if (!ctx.ability.can('read', 'country')) throw new Forbidden();
  const rows = await core.sequelize.query<TargetingCountry>('SELECT id, name, alpha2 FROM countries WHERE archived_at IS NULL', { type: QueryTypes.SELECT });
  const names = new Intl.DisplayNames([ctx.language], { type: 'region' });
  const named = rows.map((row) => {
    let name = row.name;
    try {
      name = names.of(row.alpha2) ?? row.name;
    } catch {
      // A code the region names do not know keeps the stored name.
    }
    return { id: row.id, name, alpha2: row.alpha2 };
  });
  return named.sort((a, b) => a.name.localeCompare(b.name, ctx.language));
}

export async function targetingCategories(core: Core, ctx: RequestContext): Promise<TargetingCategory[]> {
  if (!ctx.ability.can('read', 'category')) throw new Forbidden();
  const rows = await core.sequelize.query<{ id: string; name: string; code: string }>(
    'SELECT id, name, code FROM categories WHERE archived_at IS NULL ORDER BY name, code', { type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ id: row.id, attributes: { name: row.name, code: row.code } }));
}
