/** Every create, update and delete through the engine leaves an activity-log entry with a version snapshot. */
import { isStaff, type ResourceDef } from '@adsuite/config';
import type { Transaction } from 'sequelize';
import type { Core, RequestContext } from '../core.ts';
import { say, text } from '@adsuite/config/i18n/serverText';
import { serialize, type Row } from './values.ts';

const LOG = 'campaignlog';

export async function recordActivity(core: Core, ctx: RequestContext, resource: ResourceDef, action: 'create' | 'update' | 'delete', row: Row, transaction: Transaction) {
  if (resource.name === LOG || !core.models.has(LOG)) return;
  const campaign = resource.name === 'campaign' ? row.id : (row.campaign as string | undefined) ?? null;
  const advertiser = resource.tenant?.by === 'advertiser' ? (row[resource.tenant.field] as string | undefined) ?? null : null;
  const title = String(row[resource.titleField] ?? row.id).slice(0, 200);
  // Read in each reader's language (the stored English words serve the search).
  const messageText = text(`activity.${action}`, { what: { de: resource.label.de.one, en: resource.label.en.one }, title });
  await core.model(LOG).create({
    message: say('en', messageText),
    messageText,
    level: isStaff(ctx.role) ? 'administrator' : 'advertiser',
    category: 'Campaign Management',
    login: ctx.user.id,
    campaign: typeof campaign === 'string' ? campaign : null,
    advertiser,
    entityId: row.id,
    entityType: resource.name,
    entityAction: action,
    version: serialize(resource, row),
    userIp: ctx.client.ip,
    userAgent: ctx.client.userAgent.slice(0, 500),
    referer: ctx.client.referer.slice(0, 2000),
    location: null,
  }, { transaction });
}
