/** Texts of the profile page (`app.profile.*` beyond the admin's title), German first; English carries every key. */
const de = {
  personal: 'Persönliche Angaben',
  email: 'E-Mail',
  role: 'Rolle',
  name: 'Vorname',
  surname: 'Nachname',
  name_short: 'Name sollte länger als 2 Zeichen sein.',
  language: 'Sprache',
  languages: { de: 'Deutsch', en: 'English' },
  subscriptions: 'Berichte per E-Mail',
  subscriptions_hint: 'Welche Statistik-Berichte möchten Sie per E-Mail erhalten?',
  subscription: {
    campaign: 'Kampagnenberichte',
    daily: 'Täglich',
    weekly: 'Wöchentlich',
    monthly: 'Monatlich',
  },
  save: 'Speichern',
  saved: 'Profil gespeichert',
  names_not_saved: 'Vor- und Nachname konnten nicht gespeichert werden: Der Server übernimmt Namensänderungen noch nicht.',
  password: {
    title: 'Passwort ändern',
    current: 'Aktuelles Passwort',
    new: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    hint: 'Mindestens %{min} Zeichen',
    submit: 'Passwort ändern',
    changed: 'Passwort geändert',
    required: 'Bitte das aktuelle Passwort eingeben',
    too_short: 'Das Passwort muss mindestens %{min} Zeichen lang sein.',
    mismatch: 'Die Passwörter stimmen nicht überein',
    same: 'Das neue Passwort muss sich vom aktuellen unterscheiden',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

const en: Messages<typeof de> = {
  personal: 'Personal details',
  email: 'E-mail',
  role: 'Role',
  name: 'Name',
  surname: 'Surname',
  name_short: 'Name should be longer than 2 characters.',
  language: 'Language',
  languages: { de: 'Deutsch', en: 'English' },
  subscriptions: 'Reports by e-mail',
  subscriptions_hint: 'Which statistics reports would you like to receive by e-mail?',
  subscription: {
    campaign: 'Campaign reports',
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
  },
  save: 'Save',
  saved: 'Profile saved',
  names_not_saved: 'Name and surname could not be saved: the server does not accept name changes yet.',
  password: {
    title: 'Change password',
    current: 'Current password',
    new: 'New password',
    repeat: 'Repeat new password',
    hint: 'At least %{min} characters',
    submit: 'Change password',
    changed: 'password changed',
    required: 'Please enter your current password',
    too_short: 'The password must be at least %{min} characters long.',
    mismatch: 'Passwords do not match',
    same: 'The new password must differ from the current one',
  },
};

export const messages = { de, en };
