/**
 * The Instant Report's "remove website" (SPEC section 7 updateDomainlist: a campaign, a website's name and the
 * channels chosen on the Websites tab): the domain goes onto the campaign's blacklist domain list, made on first use
 * as a `domainlist` of type blacklist that names the campaign. The house ad server (plugins/tracking delivery.ts)
 * reads those lists with a line item and serves nothing on their domains, on the list's channels, within a few
 * seconds in every process.
 */
import { QueryTypes } from 'sequelize';
import { channelByKey } from '@adsuite/config';
import { type Core, createRecord, Forbidden, Invalid, type RequestContext, text, updateRecord } from '@adsuite/backend/kit';
import type { ReportCampaign } from './access.ts';
import { isApp } from './figures.ts';

/** A host name as domain lists take them (config/resources/domainlist.ts). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface RemovedWebsite {
  website: string;
  channels: string[];
  domainlist: { id: string; name: string; domains: string[]; channels: string[] };
}

const refuse = (field: string, message: ReturnType<typeof text>) => new Invalid(message, [{ field, message }]);

/** The body `{ name, channels }`: a website (not an app) and at least one Banner Ads channel. */
export function removalInput(body: unknown): { website: string; channels: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refuse('name', text('reports.website_name'));
  const { name, channels } = body as Record<string, unknown>;
  const website = typeof name === 'string' ? name.trim().toLowerCase().replace(/\.$/, '') : '';
  if (!HOST.test(website)) throw refuse('name', text('reports.website_name'));
  if (isApp(website)) throw refuse('name', text('reports.website_app'));
  const keys = Array.isArray(channels) ? channels : [];
  if (!keys.length || keys.length > 20 || !keys.every((key) => typeof key === 'string' && channelByKey[key]?.category === 'Banner Ads')) {
    throw refuse('channels', text('reports.website_channels'));
  }
  return { website, channels: [...new Set(keys as string[])].sort() };
}

/** Puts `website` onto the campaign's blacklist for `channels` (the list's channels grow to hold them). */
export async function removeWebsite(core: Core, ctx: RequestContext, campaign: ReportCampaign, body: unknown): Promise<RemovedWebsite> {
  if (!ctx.ability.can('create', 'domainlist') || !ctx.ability.can('update', 'domainlist')) throw new Forbidden();
  const { website, channels } = removalInput(body);
  const resource = core.resource('domainlist');
  const [list] = await core.sequelize.query<{ id: string; domains: string[] | null; channels: string[] | null }>(
    `SELECT id, domains, channels FROM ${resource.table}
     WHERE advertiser_id = $1 AND campaign_id = $2 AND type = 'blacklist' AND archived_at IS NULL ORDER BY created, id LIMIT 1`,
    { bind: [campaign.advertiser, campaign.id], type: QueryTypes.SELECT },
  );
  const row = list
    ? await updateRecord(core, ctx, resource, list.id, {
      domains: [...new Set([...(list.domains ?? []), website])],
      channels: [...new Set([...(list.channels ?? []), ...channels])].sort(),
    })
    : await createRecord(core, ctx, resource, {
      name: `Blacklist ${campaign.name}`.slice(0, 200), advertiser: campaign.advertiser, campaign: campaign.id, type: 'blacklist', domains: [website], channels,
    });
  return {
    website,
    channels,
    domainlist: { id: String(row.id), name: String(row.name), domains: (row.domains as string[]) ?? [], channels: (row.channels as string[]) ?? [] },
  };
}
