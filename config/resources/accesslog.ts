import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';

/**
 * Requests per host and day, written by the tracking endpoints (optimizer Access Logs chart, limit 250). Read-only:
 * only the tracking pipeline writes them, and they are removed after 7 days (ACCESSLOG_RETENTION_DAYS, SPEC section 9).
 * The list reads at most 3 days (SPEC section 5), the last 3 by default; `?search={host}` searches by host.
 */
export default defineResource({
  name: 'accesslog',
  label: { de: { one: 'Zugriffsprotokoll', many: 'Zugriffsprotokolle' }, en: { one: 'Access log', many: 'Access logs' } },
  archivable: false,
  titleField: 'host',
  fields: {
    host: { type: 'text', label: t('Host', 'Host'), required: true, max: 253 },
    day: { type: 'date', label: t('Tag', 'Day') },
    // Added to by every tracked batch: no sort index of its own, so the update is heap-only (the list of a week's
    // hosts sorts without one).
    count: { type: 'integer', label: t('Zugriffe', 'Count'), min: 0, default: 0, noIndex: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
  },
  list: {
    columns: ['host', 'day', 'count', 'campaign'], search: ['host'], filters: ['campaign', 'host', 'day'], defaultSort: ['count', 'DESC'],
    window: { field: 'day', days: 3 },
  },
  access: { read: union(ADMINS, ['affiliatemanager', 'wizard']) },
});
