import { defineResource, t } from '../resource.ts';
import { SYSOP } from '../access.ts';
import { SYNC_JOB_STATUSES, SYNC_JOB_TYPES } from '../constants.ts';

export default defineResource({
  name: 'sync-queue',
  table: 'sync_queue',
  label: { de: { one: 'Sync-Job', many: 'Sync-Queue' }, en: { one: 'Sync job', many: 'Sync queue' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, max: 255 },
    type: { type: 'enum', label: t('Typ', 'Type'), options: SYNC_JOB_TYPES, required: true },
    status: { type: 'enum', label: t('Status', 'Status'), options: SYNC_JOB_STATUSES, default: 'not run' },
    completed: { type: 'boolean', label: t('Abgeschlossen', 'Completed'), default: false },
    runCount: { type: 'integer', label: t('Durchläufe', 'Run count'), min: 0, default: 0 },
    lastRun: { type: 'datetime', label: t('Letzter Lauf', 'Last run') },
    notified: { type: 'boolean', label: t('Benachrichtigt', 'Notified'), default: false },
    action: { type: 'text', label: t('Aktion', 'Action'), max: 60 },
    foreignId: { type: 'text', label: t('Objekt-ID', 'Foreign ID'), max: 64 },
    parent: { type: 'ref', ref: 'sync-queue', label: t('Übergeordneter Job', 'Parent job') },
    messages: {
      type: 'json', label: t('Meldungen', 'Messages'), default: [],
      shape: { kind: 'list', readOnly: true, parts: [{ key: 'date', type: 'datetime', label: t('Datum', 'Date') }, { key: 'message', type: 'text', label: t('Meldung', 'Message') }] },
    },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    booking: { type: 'ref', ref: 'booking', label: t('Buchung', 'Booking') },
    channel: { type: 'text', label: t('Kanal', 'Channel'), max: 60, labelled: true },
  },
  list: {
    columns: ['name', 'type', 'status', 'runCount', 'lastRun', 'notified'],
    filters: ['type', 'status', 'completed', 'notified', 'parent', 'foreignId', 'campaign', 'booking', 'channel'],
    initialFilter: { status: ['not run', 'failed'] },
    editVia: { field: 'foreignId', resourceField: 'type' },
  },
  access: { read: SYSOP, create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
  routes: { list: '/syncqueue' },
  lookup: { next: { resource: 'sync-queue', field: 'parent' } },
});
