import { defineResource, t } from '../resource.ts';
import { SYSOP } from '../access.ts';
import { LANGUAGES } from '../constants.ts';

/**
 * Every e-mail the platform sends (backend/src/mail): written by the server, read by the systemoperator.
 * Without SMTP_URL it is the only place mails go; with SMTP it records when each went out or why it failed.
 */
export default defineResource({
  name: 'outbox',
  label: { de: { one: 'E-Mail', many: 'Postausgang' }, en: { one: 'E-mail', many: 'Outbox' } },
  archivable: false,
  titleField: 'subject',
  fields: {
    to: { type: 'email', label: t('Empfänger', 'Recipient'), readOnly: true },
    subject: { type: 'text', label: t('Betreff', 'Subject'), readOnly: true },
    text: { type: 'textarea', label: t('Text', 'Text'), readOnly: true },
    html: { type: 'textarea', label: t('HTML', 'HTML'), readOnly: true },
    template: { type: 'text', label: t('Vorlage', 'Template'), readOnly: true },
    language: { type: 'enum', label: t('Sprache', 'Language'), options: LANGUAGES, readOnly: true },
    sentAt: { type: 'datetime', label: t('Versendet am', 'Sent at'), readOnly: true },
    error: { type: 'text', label: t('Fehler', 'Error'), readOnly: true },
    // Files sent with the mail (a subscribed report's CSV): `[{ filename, contentType, content }]`, content as text.
    attachments: {
      type: 'json', label: t('Anhänge', 'Attachments'), readOnly: true, default: [],
      shape: {
        kind: 'list', readOnly: true,
        parts: [
          { key: 'filename', type: 'text', label: t('Datei', 'File') },
          { key: 'contentType', type: 'text', label: t('Typ', 'Type') },
        ],
      },
    },
  },
  list: {
    columns: ['created', 'to', 'subject', 'template', 'language', 'sentAt', 'error'],
    search: ['to', 'subject'],
    filters: ['template', 'language'],
  },
  access: { read: SYSOP },
  routes: { list: '/outbox' },
});
