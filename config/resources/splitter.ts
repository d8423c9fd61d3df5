import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { text } from '../i18n/serverText.ts';

/** A click splitter: /s/{id}/{lineItem}/1/SUBID sends each click to one of the weighted targets. */
export default defineResource({
  name: 'splitter',
  label: { de: { one: 'Splitter', many: 'Splitter' }, en: { one: 'Splitter', many: 'Splitters' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    targets: {
      type: 'json', label: t('Ziele (URL, Gewicht)', 'Targets (URL, weight)'), default: [],
      shape: { kind: 'list', parts: [{ key: 'url', type: 'url', label: t('URL', 'URL'), required: true }, { key: 'weight', type: 'number', label: t('Gewichtung', 'Weight'), min: 0 }] },
    },
    fallbackUrl: { type: 'url', label: t('Ausweich-URL', 'Fallback URL'), max: 2000 },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: { columns: ['name', 'advertiser', 'campaign', 'active'], search: ['name'], filters: ['advertiser', 'campaign', 'active'] },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values }) {
      const targets = values.targets;
      if (targets === undefined || targets === null) return [];
      const valid = Array.isArray(targets) && targets.every((entry) =>
        typeof entry === 'object' && entry !== null
        && typeof (entry as { url?: unknown }).url === 'string' && /^https?:\/\/\S+$/i.test((entry as { url: string }).url)
        && typeof (entry as { weight?: unknown }).weight === 'number' && (entry as { weight: number }).weight >= 0);
      return valid ? [] : [{ field: 'targets', message: text('resources.splitter.targets') }];
    },
  },
});
