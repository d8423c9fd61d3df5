/**
 * Builds the request context after the token is verified: the user's advertisers and publishers, the
 * tenant the Advertiser/Publisher headers select (406 "Access changed." when the user may not access it)
 * and the CASL ability.
 */
import type { Request } from 'express';
import { Op } from 'sequelize';
import { defineAbilityFor, isRole, isStaff } from '@adsuite/config';
import type { Core, RequestContext } from '../core.ts';
import { languageOf } from '@adsuite/config/i18n/serverText';
import { AccessChanged, text, Unauthorized } from '../errors.ts';
import { isUuid, type Row } from '../resources/values.ts';
import type { CachedSession } from './sessionCache.ts';

declare module 'express-serve-static-core' {
  interface Request {
    adsuite?: RequestContext;
  }
}

export function contextOf(req: Request): RequestContext {
  if (!req.adsuite) throw new Unauthorized(text('errors.not_authenticated'));
  return req.adsuite;
}

/** The advertisers and publishers a (non-staff) user reaches: owned ones, or for a sub-account the granted ones. */
export async function tenantsOf(core: Core, user: Row): Promise<{ advertiserIds: string[]; publisherIds: string[] }> {
  const owner = user.parent ? null : user.id;
  const granted = ((user.advertisers as string[] | null) ?? []).filter(isUuid);
  const advertisers = await core.model('advertiser').findAll({
    attributes: ['id'],
    where: { archivedAt: null, [Op.or]: [...(owner ? [{ owner }] : []), { id: { [Op.in]: granted } }] },
    order: [['name', 'ASC']],
    raw: true,
  });
  const publishers = owner
    ? await core.model('publisher').findAll({ attributes: ['id'], where: { archivedAt: null, owner }, order: [['name', 'ASC']], raw: true })
    : [];
  return {
    advertiserIds: (advertisers as Row[]).map((a) => a.id as string),
    publisherIds: (publishers as Row[]).map((p) => p.id as string),
  };
}

function header(req: Request, name: string): string | null {
  const value = req.get(name);
  return value && value !== 'null' && value !== 'undefined' ? value.trim() : null;
}

async function tenantExists(core: Core, name: 'advertiser' | 'publisher', id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  if (core.sessions.tenantExists(name, id)) return true;
  const stamp = core.sessions.stamp();
  const exists = (await core.model(name).count({ where: { id, archivedAt: null } })) === 1;
  if (exists) core.sessions.rememberTenant(name, id, stamp);
  return exists;
}

/**
 * The context of a request by `user`; `session` (the cached tenants and abilities of a signed-in user) saves
 * the queries and the ability building when given.
 */
export async function buildContext(core: Core, req: Request, user: Row & { id: string; email: string }, session?: CachedSession): Promise<RequestContext> {
  if (!isRole(user.role)) throw new Unauthorized();
  const role = user.role;
  const staff = isStaff(role);
  const { advertiserIds, publisherIds } = session ?? (staff ? { advertiserIds: [], publisherIds: [] } : await tenantsOf(core, user));

  const selectTenant = async (kind: 'advertiser' | 'publisher', accessible: string[], stored: unknown) => {
    const asked = header(req, kind === 'advertiser' ? 'Advertiser' : 'Publisher');
    if (asked) {
      const allowed = staff ? await tenantExists(core, kind, asked) : accessible.includes(asked);
      if (!allowed) throw new AccessChanged();
      return { selected: asked, narrowed: staff ? accessible : [asked] };
    }
    const fallback = typeof stored === 'string' && (staff || accessible.includes(stored)) ? stored : accessible[0] ?? null;
    return { selected: fallback, narrowed: accessible };
  };
  const advertiser = await selectTenant('advertiser', advertiserIds, user.selectedAdvertiser);
  const publisher = await selectTenant('publisher', publisherIds, user.selectedPublisher);

  const abilityKey = `${advertiser.narrowed.join(',')}|${publisher.narrowed.join(',')}`;
  let ability = session?.abilities.get(abilityKey);
  if (!ability) {
    ability = defineAbilityFor({ id: user.id, role, advertiserIds: advertiser.narrowed, publisherIds: publisher.narrowed }, core.resources);
    session?.abilities.set(abilityKey, ability);
  }
  return {
    user,
    role,
    staff,
    accessibleAdvertiserIds: advertiserIds,
    accessiblePublisherIds: publisherIds,
    advertiserIds: advertiser.narrowed,
    publisherIds: publisher.narrowed,
    selectedAdvertiser: advertiser.selected,
    selectedPublisher: publisher.selected,
    ability,
    client: { ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '', referer: req.get('referer') ?? '' },
    language: languageOf(req.get('Language') ?? user.language),
  };
}
