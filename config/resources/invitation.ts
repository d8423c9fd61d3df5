import { defineResource, t } from '../resource.ts';
import { ADMINS, STAFF_READERS, union } from '../access.ts';
import { INVITATION_STATUSES } from '../constants.ts';
import { text } from '../i18n/serverText.ts';
import { mayAnswer } from '../invitations.ts';

/** What a publisher may do with an invitation: answer one that is invited (or received) and still open. */
const ANSWERS = ['accepted', 'rejected'];

/**
 * An invitation of a publisher to promote a campaign. Staff move it through the invitation statuses
 * (SPEC section 4, config/invitations.ts; the publisher area's API and its send job); the publisher only accepts
 * or declines while it is open (continuous or end not passed).
 */
export default defineResource({
  name: 'invitation',
  label: { de: { one: 'Einladung', many: 'Einladungen' }, en: { one: 'Invitation', many: 'Invitations' } },
  titleField: 'invitationStatus',
  fields: {
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true },
    website: { type: 'ref', ref: 'website', label: t('Website', 'Website') },
    invitationStatus: { type: 'enum', label: t('Status', 'Status'), options: INVITATION_STATUSES, required: true, default: 'not_invited' },
    newInvitationStatus: { type: 'enum', label: t('Neuer Status', 'New status'), options: INVITATION_STATUSES },
    end: { type: 'date', label: t('Ende', 'End') },
    continously: { type: 'boolean', label: t('Läuft unbegrenzt', 'Never ends'), default: false },
    message: { type: 'textarea', label: t('Nachricht', 'Message'), max: 2000 },
  },
  list: {
    columns: ['campaign', 'publisher', 'website', 'invitationStatus', 'end', 'continously'],
    search: ['message'],
    filters: ['publisher', 'campaign', 'website', 'invitationStatus', 'continously'],
  },
  access: {
    read: union(STAFF_READERS, ['publisher']),
    create: union(ADMINS, ['affiliatemanager']),
    update: union(ADMINS, ['affiliatemanager', 'publisher']),
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'publisher', field: 'publisher' },
  hooks: {
    validate({ values, before, user }) {
      if (user.role !== 'publisher') return [];
      if (!before) return [{ field: 'invitationStatus', message: text('resources.invitation.staff_only') }];
      const plain = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === '' || v === undefined ? null : v);
      const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));
      const changed = Object.keys(values).filter((key) => key !== 'invitationStatus' && !same(values[key], before[key]));
      if (changed.length) return changed.map((field) => ({ field, message: text('resources.invitation.answer_only') }));
      const status = values.invitationStatus;
      if (status === undefined || status === before.invitationStatus) return [];
      const end = before.end ? String(plain(before.end)).slice(0, 10) : null;
      const open = mayAnswer(String(before.invitationStatus), { end, continuous: before.continously === true }, new Date().toISOString().slice(0, 10));
      if (!ANSWERS.includes(status as string) || !open) {
        return [{ field: 'invitationStatus', message: text('resources.invitation.open_only') }];
      }
      return [];
    },
  },
});
