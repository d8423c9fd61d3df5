import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';

/**
 * The activity log: written by the server on every change, read by staff; the affiliatemanager follows the
 * optimization dashboards' links to a campaign's log (`/campaignlogs?campaign={id}`, SPEC section 2).
 */
export default defineResource({
  name: 'campaignlog',
  label: { de: { one: 'Kampagnen-Log', many: 'Kampagnen-Logs' }, en: { one: 'Campaign log', many: 'Campaign logs' } },
  archivable: false,
  titleField: 'message',
  fields: {
    message: { type: 'text', label: t('Nachricht', 'Message'), readOnly: true, translatedFrom: 'messageText' },
    messageText: { type: 'json', label: t('Nachricht als Katalogtext', 'Message as catalogue text'), private: true },
    level: { type: 'enum', label: t('Ebene', 'Level'), options: ['administrator', 'system', 'advertiser'], readOnly: true },
    category: { type: 'enum', label: t('Kategorie', 'Category'), options: ['Campaign Management', 'Optimizer', 'Subscription'], readOnly: true },
    login: { type: 'ref', ref: 'login', label: t('Benutzer', 'User'), readOnly: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), readOnly: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), readOnly: true },
    entityId: { type: 'text', label: t('Objekt-ID', 'Entity ID'), readOnly: true },
    entityType: { type: 'text', label: t('Objekttyp', 'Entity type'), readOnly: true },
    entityAction: { type: 'enum', label: t('Aktion', 'Action'), options: ['create', 'update', 'delete'], readOnly: true },
    version: { type: 'json', label: t('Version', 'Version'), readOnly: true },
    location: { type: 'text', label: t('Ort', 'Location'), readOnly: true },
    referer: { type: 'text', label: t('Referrer', 'Referer'), readOnly: true },
    userAgent: { type: 'text', label: t('User-Agent', 'User agent'), readOnly: true },
    userIp: { type: 'text', label: t('IP-Adresse', 'IP address'), readOnly: true },
  },
  list: {
    columns: ['created', 'message', 'login', 'campaign', 'level', 'category', 'entityAction'],
    search: ['message', 'entityType', 'entityId'],
    filters: ['login', 'campaign', 'advertiser', 'level', 'category', 'entityType', 'entityAction'],
    // SPEC section 5: campaign logs are read 3 days at a time, the last 3 by default.
    window: { field: 'created', days: 3 },
  },
  access: { read: union(ADMINS, ['affiliatemanager']) },
  tenant: { by: 'advertiser', field: 'advertiser' },
  routes: { list: '/campaignlogs' },
});
