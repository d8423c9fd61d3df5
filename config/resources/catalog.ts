import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { CATALOG_SOURCES, WIZARD_COMPRESSIONS, WIZARD_DATATYPES } from '../constants.ts';
import { feedDelimiterProblem } from '../catalogFeed.ts';
import { text } from '../i18n/serverText.ts';

/**
 * An advertiser's product catalog (SPEC sections 3 and 4): its products come from a feed (a URL or an uploaded file,
 * CSV or XML, compressed or not) that the job `catalog.import` (plugins/catalogs) reads, or are entered by hand.
 * The import's state is the server's: running, rows read so far, the last finished import, the product count and
 * whether the last run met parsing errors (their first lines are kept privately and read through
 * GET /api/catalog/{id}/import).
 */
export default defineResource({
  name: 'catalog',
  label: { de: { one: 'Katalog', many: 'Kataloge' }, en: { one: 'Catalog', many: 'Catalogs' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaigns: { type: 'refMany', ref: 'campaign', label: t('Kampagnen', 'Campaigns'), default: [] },
    source: { type: 'enum', label: t('Quelle', 'Source'), options: CATALOG_SOURCES, default: 'manual', required: true },
    url: { type: 'url', label: t('Feed-URL', 'Feed URL'), max: 2000 },
    datatype: { type: 'enum', label: t('Datentyp', 'Data type'), options: WIZARD_DATATYPES, default: 'csv', required: true },
    compression: { type: 'enum', label: t('Kompression', 'Compression'), options: WIZARD_COMPRESSIONS, default: 'none', required: true },
    delimiter: {
      type: 'text', label: t('Trennzeichen / XML-Selektor', 'Delimiter / XML selector'), max: 200, default: ',',
      help: t('CSV: ein Zeichen wie , oder ; oder „tab“. XML: das Element, das ein Produkt ist, z. B. product oder products/item.',
        'CSV: one character such as , or ; or "tab". XML: the element that is one product, e.g. product or products/item.'),
    },
    importRunning: { type: 'boolean', label: t('Import läuft', 'Import running'), readOnly: true, default: false },
    progress: { type: 'integer', label: t('Gelesene Zeilen', 'Rows read'), readOnly: true, default: 0 },
    parsingError: { type: 'boolean', label: t('Parserfehler', 'Parsing error'), readOnly: true, default: false },
    lastImport: { type: 'datetime', label: t('Letzter Import', 'Last import'), readOnly: true },
    count: { type: 'integer', label: t('Produkte', 'Products'), readOnly: true, default: 0 },
    feedFile: { type: 'text', label: t('Hochgeladene Datei', 'Uploaded file'), readOnly: true, max: 200 },
    /** The problems of the last run: `{ total, first: [{ line, text }] }`, a catalogue text each (plugins/catalogs). */
    importErrors: { type: 'json', label: t('Importfehler', 'Import errors'), private: true, default: {} },
    /** The job that runs or last ran the import (its id), so a cancelled or superseded run stops. */
    importJob: { type: 'text', label: t('Import-Job', 'Import job'), private: true, max: 100 },
    /** The uploaded feed the queued import reads (relative to DATA_DIR); removed when the import ends. */
    importFile: { type: 'text', label: t('Import-Datei', 'Import file'), private: true, max: 500 },
  },
  list: {
    columns: ['name', 'advertiser', 'campaigns', 'source', 'count', 'lastImport', 'importRunning', 'parsingError'],
    filters: ['advertiser', 'source'],
    columnRoles: { advertiser: { only: ['systemoperator'] }, campaigns: { only: ['systemoperator'] } },
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values, before }) {
      const datatype = (values.datatype ?? before?.datatype ?? 'csv') as string;
      const delimiter = values.delimiter ?? before?.delimiter;
      const problem = delimiter === undefined || delimiter === null ? null : feedDelimiterProblem(datatype, String(delimiter));
      return problem ? [{ field: 'delimiter', message: text(`catalogs.${problem}`) }] : [];
    },
  },
});
