/** Texts of the staff's account actions (German first, as the admin reads by default). */
const de = {
  activate: 'Agentur freischalten',
  activated: 'Die Agentur ist freigeschaltet und kann sich jetzt anmelden.',
  activate_hint: 'Die Agentur hat ihre E-Mail-Adresse bestätigt und wartet auf die Prüfung durch den Vertrieb.',
  outbox_local: 'Kein SMTP-Server eingerichtet (SMTP_URL): E-Mails werden nicht versandt, sondern nur hier abgelegt. Dieser Postausgang ist der Weg, sie zu lesen, mit ihren Bestätigungs-, Passwort- und Einladungs-Links. Nur Systemoperatoren sehen ihn.',
  outbox_smtp: 'E-Mails gehen über den SMTP-Server %{server} hinaus. Die Kopien hier enthalten keine nutzbaren Konto-Links (Bestätigung, Passwort, Einladung): Die bekommt nur der Empfänger.',
};

const en: typeof de = {
  activate: 'Activate agency',
  activated: 'The agency is activated and can sign in now.',
  activate_hint: 'The agency confirmed its e-mail address and waits for the check by sales.',
  outbox_local: 'No SMTP server is set up (SMTP_URL): mails are not sent, only kept here. This outbox is the way to read them, with their confirmation, password and invitation links. Only systemoperators see it.',
  outbox_smtp: 'Mails go out through the SMTP server %{server}. The copies here hold no working account links (confirmation, password, invitation): only the recipient gets those.',
};

export const messages = { de, en };
