import { defineResource, t } from '../resource.ts';
import { ADMINS, SYSOP } from '../access.ts';
import { LANGUAGES, SELECTED_TYPES } from '../constants.ts';
import { ROLES } from '../roles.ts';
import { text } from '../i18n/serverText.ts';
import { STAT_TYPES } from './jsonShapes.ts';

/** Users (the "auth" entity). Passwords never pass through the generic API: see /api/auth. */
export default defineResource({
  name: 'login',
  label: { de: { one: 'Benutzer', many: 'Benutzer' }, en: { one: 'User', many: 'Users' } },
  titleField: 'email',
  fields: {
    // Changed only by its owner, who confirms the new address (SPEC section 6): never through this API.
    email: { type: 'email', label: t('E-Mail', 'E-mail'), required: true, min: 6, max: 254, unique: true, createOnly: true },
    name: { type: 'text', label: t('Vorname', 'Name'), required: true, min: 2, max: 100 },
    surname: { type: 'text', label: t('Nachname', 'Surname'), required: true, min: 2, max: 100 },
    // Only a systemoperator makes someone a systemoperator (SPEC section 6).
    role: { type: 'enum', label: t('Rolle', 'Role'), options: ROLES, required: true, default: 'advertiser', optionRoles: { systemoperator: SYSOP } },
    password: { type: 'text', label: t('Passwort', 'Password'), private: true },
    /** Raised by the database whenever earlier sessions must end (backend/src/auth/sessions.ts). */
    sessionVersion: { type: 'integer', label: t('Sitzungsversion', 'Session version'), private: true, default: 0 },
    avatar: { type: 'url', label: t('Avatar', 'Avatar'), max: 2000 },
    language: { type: 'enum', label: t('Sprache', 'Language'), options: LANGUAGES, default: 'de' },
    // Report e-mails per campaign (SPEC section 3): written by the user alone, with PATCH /api/auth/login, which
    // checks that each campaign is one the user reaches; the reports plugin mails them.
    subscriptions: {
      type: 'json', label: t('Abonnements', 'Subscriptions'), default: [], readOnly: true,
      shape: {
        kind: 'list',
        parts: [
          { key: 'campaign', type: 'ref', resource: 'campaign', label: t('Kampagne', 'Campaign'), required: true },
          { key: 'daily', type: 'boolean', label: t('Täglich', 'Daily') },
          { key: 'weekly', type: 'boolean', label: t('Wöchentlich', 'Weekly') },
          { key: 'monthly', type: 'boolean', label: t('Monatlich', 'Monthly') },
        ],
      },
    },
    // What the statistics downloads show per kind (SPEC section 3), as PATCH /api/auth/login takes them.
    statPreferences: {
      type: 'json', label: t('Statistik-Einstellungen', 'Stat preferences'), default: [],
      shape: {
        kind: 'list',
        parts: [
          { key: 'statType', type: 'choice', label: t('Statistik', 'Statistic'), choices: STAT_TYPES, required: true },
          { key: 'statColumns', type: 'texts', label: t('Spalten', 'Columns') },
          { key: 'statSortBy', type: 'text', label: t('Sortiert nach', 'Sorted by') },
          { key: 'statSortOrder', type: 'choice', label: t('Reihenfolge', 'Order'), choices: ['ASC', 'DESC'] },
        ],
      },
    },
    selectedType: { type: 'enum', label: t('Ausgewählter Typ', 'Selected type'), options: SELECTED_TYPES, default: 'advertiser' },
    selectedAdvertiser: { type: 'ref', ref: 'advertiser', label: t('Ausgewählter Werbetreibender', 'Selected advertiser') },
    selectedPublisher: { type: 'ref', ref: 'publisher', label: t('Ausgewählter Publisher', 'Selected publisher') },
    advertisers: { type: 'refMany', ref: 'advertiser', label: t('Zugriff auf Werbetreibende', 'Advertiser access'), default: [] },
    parent: { type: 'ref', ref: 'login', label: t('Hauptkonto', 'Parent account') },
    loginAllowed: { type: 'boolean', label: t('Login erlaubt', 'Login allowed'), default: true },
    lastLogin: { type: 'datetime', label: t('Letzter Login', 'Last login'), readOnly: true },
    doi: { type: 'datetime', label: t('Bestätigt am', 'Confirmed on'), readOnly: true },
    accountType: { type: 'enum', label: t('Kontotyp', 'Account type'), options: ['company', 'agency', 'publisher', 'subaccount', 'staff'], default: 'company' },
  },
  list: { columns: ['email', 'name', 'surname', 'role', 'loginAllowed', 'lastLogin'], filters: ['role', 'parent', 'loginAllowed', 'accountType'] },
  access: { read: ADMINS, create: ADMINS, update: ADMINS, delete: SYSOP, recover: SYSOP },
  routes: { list: '/logins', create: '/login/new', edit: '/login/edit/:id' },
  // Only a systemoperator changes anything of a systemoperator's account (no takeover by an administrator).
  guardedRows: [{ where: { role: 'systemoperator' }, roles: SYSOP }],
  hooks: {
    validate({ values, before, user }) {
      const grantsSysop = values.role === 'systemoperator' && before?.role !== 'systemoperator';
      const demotesSysop = before?.role === 'systemoperator' && values.role !== undefined && values.role !== 'systemoperator';
      return (grantsSysop || demotesSysop) && user.role !== 'systemoperator'
        ? [{ field: 'role', message: text('resources.login.sysop_only') }]
        : [];
    },
  },
});
