/**
 * A link to a record of another advertiser (or publisher) the user may access than the selected one, say an
 * agency with Agency Client Two selected opening a report link of a Client One campaign: the stored selection
 * moves to the record's tenant and the answer is 406, whose message names it. The admin takes the selection the
 * server now holds and reloads (SPEC sections 4 and 8: "406 refreshes selection from the user record and
 * reloads"), so the same link then opens. A record outside every tenant of the user stays a 404.
 */
import { Op } from 'sequelize';
import { defineAbilityFor, type ResourceDef } from '@adsuite/config';
import type { Core, RequestContext } from '../core.ts';
import { AccessChanged, text } from '../errors.ts';
import { accessWhere } from '../resources/access.ts';
import { isUuid, type Row } from '../resources/values.ts';

const SELECTION = { advertiser: 'selectedAdvertiser', publisher: 'selectedPublisher' } as const;

/**
 * Throws the 406 that switches the selection when the record `id` of `resource`, out of reach of the request's
 * selection, belongs to another tenant the user may access; returns when it does not (the caller's 404 stands).
 */
export async function followTenantOf(core: Core, ctx: RequestContext, resource: ResourceDef, id: string): Promise<void> {
  const tenant = resource.tenant;
  if (ctx.staff || !tenant || tenant.by === 'owner' || !isUuid(id)) return;
  const kind = tenant.by;
  const accessible = kind === 'advertiser' ? ctx.accessibleAdvertiserIds : ctx.accessiblePublisherIds;
  const narrowed = kind === 'advertiser' ? ctx.advertiserIds : ctx.publisherIds;
  // Only a request narrowed to one of several tenants (its Advertiser/Publisher header) can miss this way.
  if (accessible.length <= narrowed.length) return;
  const ability = defineAbilityFor({
    id: ctx.user.id,
    role: ctx.role,
    advertiserIds: kind === 'advertiser' ? accessible : ctx.advertiserIds,
    publisherIds: kind === 'publisher' ? accessible : ctx.publisherIds,
  }, core.resources);
  const access = accessWhere(ability, 'read', resource.name);
  if (access === null) return;
  const row = (await core.model(resource.name).findOne({
    attributes: [tenant.field],
    where: { [Op.and]: [access, { id }, ...(resource.archivable ? [{ archivedAt: null }] : [])] },
    raw: true,
  })) as Row | null;
  const owner = row?.[tenant.field];
  if (typeof owner !== 'string' || !accessible.includes(owner) || narrowed.includes(owner)) return;
  const named = (await core.model(kind).findOne({ attributes: ['name'], where: { id: owner }, raw: true })) as Row | null;
  await core.model('login').update({ [SELECTION[kind]]: owner }, { where: { id: ctx.user.id } });
  const params = { name: String(named?.name ?? '') };
  throw new AccessChanged(kind === 'advertiser' ? text('errors.selection_followed_advertiser', params) : text('errors.selection_followed_publisher', params));
}
