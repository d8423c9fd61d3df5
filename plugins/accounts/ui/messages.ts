/** Texts of the staff's account actions (German first, as the admin reads by default). */
const de = {
  activate: 'Agentur freischalten',
  activated: 'Die Agentur ist freigeschaltet und kann sich jetzt anmelden.',
  activate_hint: 'Die Agentur hat ihre E-Mail-Adresse bestätigt und wartet auf die Prüfung durch den Vertrieb.',
};

const en: typeof de = {
  activate: 'Activate agency',
  activated: 'The agency is activated and can sign in now.',
  activate_hint: 'The agency confirmed its e-mail address and waits for the check by sales.',
};

export const messages = { de, en };
