import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';
import { CHANNEL_KEYS } from '../channels.ts';
import { ALLOCATION } from './jsonShapes.ts';

/** The staff's media plan of a campaign: period, budget and its split over channels. */
const PLANNERS = union(ADMINS, ['affiliatemanager']);

export default defineResource({
  name: 'mediaplan',
  label: { de: { one: 'Mediaplan', many: 'Mediapläne' }, en: { one: 'Media plan', many: 'Media plans' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    start: { type: 'date', label: t('Start', 'Start') },
    end: { type: 'date', label: t('Ende', 'End') },
    budget: { type: 'money', label: t('Budget', 'Budget'), min: 0 },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    allocation: { type: 'json', label: t('Budgetverteilung', 'Allocation'), default: [], shape: ALLOCATION },
    notes: { type: 'textarea', label: t('Notizen', 'Notes'), max: 10000 },
  },
  list: { columns: ['name', 'campaign', 'start', 'end', 'budget', 'channels'], search: ['name', 'notes'], filters: ['campaign', 'advertiser', 'channels'] },
  access: { read: PLANNERS, create: PLANNERS, update: PLANNERS, delete: PLANNERS, recover: ADMINS },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
