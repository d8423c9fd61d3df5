import { defineResource, t } from '../resource.ts';
import { ADMINS, STAFF_READERS, union } from '../access.ts';
import { INVITATION_STATUSES } from '../constants.ts';

/**
 * An invitation of a publisher to promote a campaign. Staff move it through the invitation statuses
 * (SPEC section 4, config/invitations.ts; the publisher area's API and its send job). The publisher reads its own
 * and answers only through the publisher area (POST /api/publisher/:id/invitations/:invitation), which checks the
 * invitation is open and mails the campaign's affiliate manager: it writes nothing through the generic API.
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
    update: union(ADMINS, ['affiliatemanager']),
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'publisher', field: 'publisher' },
});
