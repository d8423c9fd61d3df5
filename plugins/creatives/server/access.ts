/**
 * Which advertiser a request of the creative tools works for, and the checks every route shares: a staff user
 * names any existing advertiser (or works for the one selected in the top bar), everyone else only one of the
 * advertisers the request's headers select.
 */
import { type Core, Forbidden, Invalid, isUuid, type RequestContext, type Row, text } from '@adsuite/backend/kit';

export const invalid = (field: string, key: string, params?: Parameters<typeof text>[1]) => {
  const message = text(key, params);
  return new Invalid(message, [{ field, message }]);
};

/** The body of a JSON request as an object (anything else reads as empty, so each field is reported missing). */
export const bodyOf = (body: unknown): Row => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Row) : {});

/** The advertiser `requested` (a query or body value), else the selected one; 400 when none, 404 when unknown or out of reach. */
export async function advertiserFor(core: Core, ctx: RequestContext, requested: unknown): Promise<Row & { id: string }> {
  const wanted = requested === undefined || requested === null || requested === '' ? ctx.selectedAdvertiser : requested;
  if (!isUuid(wanted)) throw invalid('advertiser', 'creatives.graphics.advertiser');
  if (!ctx.staff && !ctx.advertiserIds.includes(wanted)) throw invalid('advertiser', 'creatives.banners.advertiser_not_found');
  const row = (await core.model('advertiser').findOne({ where: { id: wanted, archivedAt: null }, raw: true })) as (Row & { id: string }) | null;
  if (!row) throw invalid('advertiser', 'creatives.banners.advertiser_not_found');
  return row;
}

/** 403 unless the role may `action` the resource at all (the row's tenant is checked where the row is known). */
export function mayDo(ctx: RequestContext, action: 'read' | 'create' | 'update' | 'delete', resource: string) {
  if (!ctx.ability.can(action, resource)) throw new Forbidden();
}
