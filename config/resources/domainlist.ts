import { defineResource, t, type HookError } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { DOMAINLIST_TYPES } from '../constants.ts';
import { CHANNEL_KEYS, channelByKey } from '../channels.ts';
import { text } from '../i18n/serverText.ts';

const HOST = /^(?=.{1,253}$)(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Domains a booking targets (whitelist) or excludes (blacklist); one domain per line. */
export default defineResource({
  name: 'domainlist',
  label: { de: { one: 'Domainliste', many: 'Domainlisten' }, en: { one: 'Domain list', many: 'Domain lists' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    type: { type: 'enum', label: t('Art', 'Type'), options: DOMAINLIST_TYPES, required: true, default: 'whitelist' },
    domains: { type: 'stringList', label: t('Domains', 'Domains'), default: [], help: t('Eine Domain pro Zeile.', 'One domain per line.') },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    /** The campaign whose blacklist this is (the Instant Report's "remove website"; the ad server skips its domains). */
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
  },
  list: { columns: ['name', 'advertiser', 'type', 'channels'], search: ['name'], filters: ['advertiser', 'type', 'channels', 'campaign'] },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values, before }) {
      const errors: HookError[] = [];
      const domains = ((values.domains ?? before?.domains ?? []) as string[]);
      const channels = ((values.channels ?? before?.channels ?? []) as string[]);
      const bad = domains.filter((d) => !HOST.test(d));
      if (values.domains !== undefined && bad.length) {
        errors.push({ field: 'domains', message: text('resources.domainlist.not_domains', { domains: `${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ', ...' : ''}` }) });
      }
      for (const key of channels) {
        const max = channelByKey[key]?.maxDomains;
        if (max != null && domains.length > max) {
          errors.push({ field: 'domains', message: text('resources.domainlist.too_many', { channel: channelByKey[key].name, max: { count: max } }) });
        }
      }
      return errors;
    },
  },
});
