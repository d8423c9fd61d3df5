import { defineResource, t } from '../resource.ts';
import { SYSOP } from '../access.ts';

/** A platform setting (key and JSON value), maintained by the systemoperator. */
export default defineResource({
  name: 'setting',
  label: { de: { one: 'Einstellung', many: 'Einstellungen' }, en: { one: 'Setting', many: 'Settings' } },
  titleField: 'key',
  fields: {
    key: { type: 'text', label: t('Schlüssel', 'Key'), required: true, min: 1, max: 200, unique: true },
    value: { type: 'json', label: t('Wert', 'Value'), default: {} },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 2000 },
  },
  list: { columns: ['key', 'description'], defaultSort: ['key', 'ASC'] },
  access: { read: SYSOP, create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
});
