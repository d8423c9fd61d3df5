import { defineResource, t, type HookError } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { AGE_CODES, DEFAULT_DAILY_BUDGET, GENDERS, GOALS, INCOME_CODES, PACING } from '../constants.ts';
import { CHANNEL_KEYS } from '../channels.ts';
import { ALLOCATION } from './jsonShapes.ts';
import { CALL_TO_ACTIONS, SPECIAL_CATEGORIES } from '../booking/constants.ts';
import { text } from '../i18n/serverText.ts';

/** Agency/admin presets for bookings: channels, targeting and the daily budget range a booking must keep. */
const TEMPLATE_WRITERS = union(ADMINS, ['agency', 'co_worker']);

export default defineResource({
  name: 'bookingtemplate',
  label: { de: { one: 'Buchungsvorlage', many: 'Buchungsvorlagen' }, en: { one: 'Booking template', many: 'Booking templates' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 4000 },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    allocation: { type: 'json', label: t('Budgetverteilung', 'Allocation'), default: [], shape: ALLOCATION },
    goal: { type: 'enum', label: t('Ziel', 'Goal'), options: GOALS, default: 'clicks' },
    pacing: { type: 'enum', label: t('Pacing', 'Pacing'), options: PACING, default: 'no adjustment' },
    specialCategory: { type: 'enum', label: t('Besondere Kategorie', 'Special category'), options: SPECIAL_CATEGORIES, default: 'none' },
    callToAction: { type: 'enum', label: t('Call-to-Action', 'Call-to-action'), options: CALL_TO_ACTIONS, default: 'NONE' },
    minDailyBudget: { type: 'money', label: t('Min. Tagesbudget', 'Min. daily budget'), min: 0, default: 1 },
    maxDailyBudget: { type: 'money', label: t('Max. Tagesbudget', 'Max. daily budget'), min: 0 },
    defaultDailyBudget: { type: 'money', label: t('Standard-Tagesbudget', 'Default daily budget'), min: 0, default: DEFAULT_DAILY_BUDGET },
    target: { type: 'url', label: t('Ziel-URL', 'Target URL'), max: 2000 },
    gender: { type: 'enum', label: t('Geschlecht', 'Gender'), options: GENDERS, default: 'all' },
    age: { type: 'stringList', label: t('Alter', 'Age'), options: AGE_CODES, default: [] },
    income: { type: 'stringList', label: t('Einkommen', 'Income'), options: INCOME_CODES, default: [] },
    categories: { type: 'stringList', label: t('Kategorien', 'Categories'), default: [] },
    countries: { type: 'stringList', label: t('Länder', 'Countries'), default: [] },
    invoiceItemName: { type: 'text', label: t('Rechnungsposition', 'Invoice item name'), max: 200 },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: {
    columns: ['name', 'advertiser', 'channels', 'minDailyBudget', 'maxDailyBudget', 'active'],
    search: ['name', 'description'],
    filters: ['advertiser', 'goal', 'active', 'channels'],
    columnRoles: { advertiser: { hiddenFor: ['advertiser', 'agency', 'co_worker'] } },
    filterRoles: { advertiser: { only: ['systemoperator'] } },
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: TEMPLATE_WRITERS,
    update: TEMPLATE_WRITERS,
    delete: TEMPLATE_WRITERS,
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  routes: { list: '/bookingtemplate', create: '/bookingtemplate/create', edit: '/bookingtemplate/update/:id' },
  lookup: { bookings: { resource: 'booking', field: 'bookingtemplate' } },
  hooks: {
    validate({ values, before }) {
      const value = (key: string) => (key in values ? values[key] : before?.[key]) as number | null | undefined;
      const min = value('minDailyBudget');
      const max = value('maxDailyBudget');
      const preset = value('defaultDailyBudget');
      const errors: HookError[] = [];
      if (min != null && max != null && Number(max) < Number(min)) {
        errors.push({ field: 'maxDailyBudget', message: text('resources.bookingtemplate.max_below_min') });
      }
      if (preset != null && ((min != null && Number(preset) < Number(min)) || (max != null && Number(preset) > Number(max)))) {
        errors.push({ field: 'defaultDailyBudget', message: text('resources.bookingtemplate.default_outside') });
      }
      return errors;
    },
  },
});
