/**
 * The publisher area (plugins/publisher-area): invitation statuses as the server writes them, refusals of the
 * invitation, website and input checks, and the mails of invitations (MailData `notice`: subject, intro, action).
 * German paragraphs after "Hallo Name," begin in lower case.
 */
import type { Messages } from './shape.ts';

const de = {
  status: {
    not_invited: 'nicht eingeladen',
    to_invite: 'einzuladen',
    invited: 'eingeladen',
    invitation_received: 'Einladung erhalten',
    rejected: 'abgelehnt',
    accepted: 'angenommen',
    to_retract: 'zurückzuziehen',
    retracted: 'zurückgezogen',
    invited_outdated: 'Einladung abgelaufen',
    accepted_finished: 'angenommen, beendet',
    accepted_upcoming: 'angenommen, startet bald',
    active: 'aktiv',
  },
  invitations: {
    staff_only: 'Einladungen verwalten nur Affiliate-Manager, Administratoren und Systembetreiber.',
    unknown_publisher: 'Diesen Publisher gibt es nicht.',
    refused_invite: '%{publisher} kann nicht eingeladen werden: Die Einladung ist %{status}. Einladen lässt sich nur, wer nicht eingeladen ist oder dessen Einladung zurückgezogen wurde.',
    refused_retract: 'Die Einladung von %{publisher} kann nicht zurückgezogen werden: Sie ist %{status}. Zurückziehen lässt sich nur eine Einladung, die eingeladen oder angenommen ist.',
    refused_reset: 'Für %{publisher} ist nichts vorgemerkt, das zurückgesetzt werden könnte (Status: %{status}).',
    not_answerable: 'Diese Einladung kann nicht mehr beantwortet werden (Status: %{status}). Antworten lässt sich nur auf eine offene Einladung, solange die Kampagne läuft.',
  },
  websites: {
    bad_host: 'Bitte nennen Sie die Website als Domain (z. B. news.example.com).',
    no_traffic: 'Von %{host} kam in den letzten 90 Tagen kein Traffic zu Ihnen.',
    registered: '%{host} ist bereits als Ihre Website eingetragen.',
  },
  input: {
    action: 'Die Aktion muss eine von %{options} sein.',
    publishers: 'Bitte wählen Sie 1 bis %{max} Publisher.',
    publisher_id: 'Das ist keine Publisher-ID.',
    publisher_twice: 'Dieser Publisher ist doppelt genannt.',
    answer: 'Die Antwort muss eine von %{options} sein.',
    q: 'Der Suchtext darf höchstens %{max} Zeichen lang sein.',
    status: 'Der Status muss aus %{options} stammen.',
    range: 'Der Bereich muss [erste, letzte] Zeile sein, höchstens %{max} Zeilen.',
  },
  mail: {
    invited: {
      subject: 'Einladung zur Kampagne „%{campaign}“',
      intro: '%{advertiser} lädt Sie ein, die Kampagne „%{campaign}“ zu bewerben. Nehmen Sie die Einladung unter Ihren Kampagnen an, um Ihre Werbemittel-Codes und Links zu erhalten.',
      action: 'Einladung ansehen',
    },
    retracted: {
      subject: 'Einladung zur Kampagne „%{campaign}“ zurückgezogen',
      intro: 'die Einladung zur Kampagne „%{campaign}“ wurde zurückgezogen. Bitte entfernen Sie deren Werbemittel von Ihren Seiten; Klicks und Einblendungen werden nicht mehr vergütet.',
      action: 'Zu Ihren Kampagnen',
    },
    accepted: {
      subject: '%{publisher} hat die Einladung zu „%{campaign}“ angenommen',
      intro: '%{publisher} hat die Einladung zur Kampagne „%{campaign}“ angenommen und kann sie jetzt bewerben.',
      action: 'Einladungen der Kampagne',
    },
    declined: {
      subject: '%{publisher} hat die Einladung zu „%{campaign}“ abgelehnt',
      intro: '%{publisher} hat die Einladung zur Kampagne „%{campaign}“ abgelehnt.',
      action: 'Einladungen der Kampagne',
    },
  },
};

const en: Messages<typeof de> = {
  status: {
    not_invited: 'not invited',
    to_invite: 'to invite',
    invited: 'invited',
    invitation_received: 'invitation received',
    rejected: 'declined',
    accepted: 'accepted',
    to_retract: 'to retract',
    retracted: 'retracted',
    invited_outdated: 'invitation expired',
    accepted_finished: 'accepted, finished',
    accepted_upcoming: 'accepted, starting soon',
    active: 'active',
  },
  invitations: {
    staff_only: 'Only affiliate managers, administrators and system operators manage invitations.',
    unknown_publisher: 'This publisher does not exist.',
    refused_invite: '%{publisher} cannot be invited: the invitation is %{status}. Only publishers not invited or whose invitation was retracted can be invited.',
    refused_retract: 'The invitation of %{publisher} cannot be retracted: it is %{status}. Only an invitation that is invited or accepted can be retracted.',
    refused_reset: 'Nothing is prepared for %{publisher} that could be reset (status: %{status}).',
    not_answerable: 'This invitation can no longer be answered (status: %{status}). Only an open invitation can be answered, while the campaign runs.',
  },
  websites: {
    bad_host: 'Please name the website as a domain (e.g. news.example.com).',
    no_traffic: 'No traffic came to you from %{host} in the last 90 days.',
    registered: '%{host} is registered as your website already.',
  },
  input: {
    action: 'The action must be one of %{options}.',
    publishers: 'Please choose 1 to %{max} publishers.',
    publisher_id: 'This is no publisher id.',
    publisher_twice: 'This publisher is named twice.',
    answer: 'The answer must be one of %{options}.',
    q: 'The search text may be at most %{max} characters long.',
    status: 'The status must be from %{options}.',
    range: 'The range must be [first, last] row, at most %{max} rows.',
  },
  mail: {
    invited: {
      subject: 'Invitation to the campaign "%{campaign}"',
      intro: '%{advertiser} invites you to promote the campaign "%{campaign}". Accept the invitation under your campaigns to get your ad codes and links.',
      action: 'View the invitation',
    },
    retracted: {
      subject: 'Invitation to the campaign "%{campaign}" retracted',
      intro: 'The invitation to the campaign "%{campaign}" was retracted. Please remove its ads from your pages; clicks and views are no longer paid.',
      action: 'Go to your campaigns',
    },
    accepted: {
      subject: '%{publisher} accepted the invitation to "%{campaign}"',
      intro: '%{publisher} accepted the invitation to the campaign "%{campaign}" and can promote it now.',
      action: 'The campaign\'s invitations',
    },
    declined: {
      subject: '%{publisher} declined the invitation to "%{campaign}"',
      intro: '%{publisher} declined the invitation to the campaign "%{campaign}".',
      action: 'The campaign\'s invitations',
    },
  },
};

export const publisherMessages = { de, en };
