import { defineResource, t } from '../resource.ts';
import { ADMINS, STAFF_READERS, union } from '../access.ts';
import { INDUSTRY_CODES } from '../constants.ts';
import { INDUSTRY_LABELS } from '../i18n/industries.ts';

/** A publisher's website with the traffic figures shown in the website details modal. */
export default defineResource({
  name: 'website',
  label: { de: { one: 'Website', many: 'Websites' }, en: { one: 'Website', many: 'Websites' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    url: { type: 'url', label: t('URL', 'URL'), required: true, max: 2000 },
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), required: true },
    industry: { type: 'enum', label: t('Branche', 'Industry'), options: INDUSTRY_CODES, optionLabels: INDUSTRY_LABELS },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 4000 },
    visitorsOrigin: { type: 'stringList', label: t('Herkunft der Besucher', 'Visitors origin'), default: [] },
    monthlyVisitors: { type: 'integer', label: t('Besucher pro Monat', 'Monthly visitors'), min: 0, default: 0 },
    monthlyUniques: { type: 'integer', label: t('Unique Visitors pro Monat', 'Monthly uniques'), min: 0, default: 0 },
    monthlyPageviews: { type: 'integer', label: t('Seitenaufrufe pro Monat', 'Monthly page views'), min: 0, default: 0 },
    avgVisitDuration: { type: 'integer', label: t('Ø Besuchsdauer (Sekunden)', 'Avg. visit duration (seconds)'), min: 0, default: 0 },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: { columns: ['name', 'url', 'publisher', 'industry', 'monthlyVisitors', 'active'], search: ['name', 'url'], filters: ['publisher', 'industry', 'active'] },
  access: {
    read: union(STAFF_READERS, ['publisher']),
    create: union(ADMINS, ['publisher']),
    update: union(ADMINS, ['publisher']),
    delete: union(ADMINS, ['publisher']),
    recover: ADMINS,
  },
  tenant: { by: 'publisher', field: 'publisher' },
});
