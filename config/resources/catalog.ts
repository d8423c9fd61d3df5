import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { CATALOG_SOURCES } from '../constants.ts';

export default defineResource({
  name: 'catalog',
  label: { de: { one: 'Katalog', many: 'Kataloge' }, en: { one: 'Catalog', many: 'Catalogs' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaigns: { type: 'refMany', ref: 'campaign', label: t('Kampagnen', 'Campaigns'), default: [] },
    source: { type: 'enum', label: t('Quelle', 'Source'), options: CATALOG_SOURCES, default: 'manual', required: true },
    url: { type: 'url', label: t('Feed-URL', 'Feed URL'), max: 2000 },
    importRunning: { type: 'boolean', label: t('Import läuft', 'Import running'), readOnly: true, default: false },
    parsingError: { type: 'boolean', label: t('Parserfehler', 'Parsing error'), readOnly: true, default: false },
    lastImport: { type: 'datetime', label: t('Letzter Import', 'Last import'), readOnly: true },
    count: { type: 'integer', label: t('Produkte', 'Products'), readOnly: true, default: 0 },
  },
  list: {
    columns: ['name', 'advertiser', 'campaigns', 'source', 'count', 'lastImport', 'importRunning'],
    filters: ['advertiser', 'source'],
    columnRoles: { advertiser: { only: ['systemoperator'] }, campaigns: { only: ['systemoperator'] } },
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
});
