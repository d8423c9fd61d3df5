/**
 * What the server writes, in German (default) and English: the catalogue behind `translate` (serverText.ts).
 * Keyed by area; polyglot `%{name}` placeholders. `ServerMessages` makes a key in one language only a type
 * error, and the key-parity test (i18n.test.ts) fails on it too.
 */
import { manualEntryMessages } from './server/manualEntries.ts';

const de = {
  errors: {
    internal: 'Ein Fehler ist aufgetreten',
    invalid_input: 'Ungültige Eingabe.',
    not_found: 'Nicht gefunden.',
    forbidden: 'Sie haben nicht die nötigen Rechte, um diese Seite zu öffnen.',
    access_expired: 'Zugang abgelaufen.',
    access_changed: 'Zugriff geändert.',
    not_authenticated: 'Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.',
    malformed_json: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    body_too_large: 'Die Anfrage ist zu groß.',
    malformed_path: 'Ungültige Adresse: fehlerhafte Prozent-Kodierung.',
    bad_request: 'Ungültige Anfrage.',
    value_taken: 'Ein Datensatz mit diesem Wert existiert bereits.',
  },
  finances: { manual: manualEntryMessages.de },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
export type ServerMessages = Messages<typeof de>;

const en: ServerMessages = {
  errors: {
    internal: 'An error occured',
    invalid_input: 'Invalid input.',
    not_found: 'Not found.',
    forbidden: "You don't have the required permissions to access this page.",
    access_expired: 'Access Expired.',
    access_changed: 'Access changed.',
    not_authenticated: 'Please log in to enter the member area.',
    malformed_json: 'Malformed JSON body.',
    body_too_large: 'Request body too large.',
    malformed_path: 'Malformed path: invalid percent-escape.',
    bad_request: 'Bad request.',
    value_taken: 'A record with this value exists already.',
  },
  finances: { manual: manualEntryMessages.en },
};

export const serverMessages: Record<'de' | 'en', ServerMessages> = { de, en };
