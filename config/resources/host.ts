import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { text } from '../i18n/serverText.ts';

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A shop host of an advertiser whose pages carry the container script (tracking and onsite events). */
export default defineResource({
  name: 'host',
  label: { de: { one: 'Host', many: 'Hosts' }, en: { one: 'Host', many: 'Hosts' } },
  fields: {
    name: { type: 'text', label: t('Host', 'Host'), required: true, min: 3, max: 253, unique: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    url: { type: 'url', label: t('Start-URL', 'Start URL'), max: 2000 },
    verified: { type: 'boolean', label: t('Verifiziert', 'Verified'), readOnly: true, default: false },
    lastSeen: { type: 'datetime', label: t('Zuletzt gesehen', 'Last seen'), readOnly: true },
  },
  list: { columns: ['name', 'advertiser', 'campaign', 'verified', 'lastSeen'], search: ['name', 'url'], filters: ['advertiser', 'campaign', 'verified'] },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values }) {
      return typeof values.name === 'string' && !HOST.test(values.name)
        ? [{ field: 'name', message: text('resources.host.name') }]
        : [];
    },
  },
});
