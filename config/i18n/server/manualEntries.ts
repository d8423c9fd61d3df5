/**
 * Manual ledger entries (plugins/finances/server/manualEntries.ts, `finances.manual.*`): what the server says
 * about a credit or debit a systemoperator books by hand. Money params are `{ money: cents }`.
 */
const de = {
  direction: 'Bitte wählen Sie Gutschrift oder Belastung.',
  amount_invalid: 'Bitte geben Sie den Betrag in Euro ein, z. B. 50 oder 1234,50.',
  amount_decimals: 'Der Betrag darf höchstens zwei Nachkommastellen haben.',
  amount_min: 'Bitte geben Sie mindestens %{min} ein.',
  amount_max: 'Höchstens %{max} je Buchung. Bitte geben Sie einen kleineren Betrag ein.',
  reason_required: 'Bitte geben Sie einen Grund ein.',
  reason_too_long: 'Der Grund darf höchstens %{max} Zeichen lang sein.',
  reason_invalid: 'Der Grund darf keine Steuerzeichen enthalten.',
  key_required: 'Der Header Idempotency-Key fehlt (1 bis %{max} sichtbare Zeichen).',
  key_reused: 'Dieser Idempotency-Key wurde schon für eine andere Buchung verwendet.',
  not_covered: 'Das Guthaben von %{balance} deckt die Belastung von %{debit} nicht. Ein Vorkasse-Guthaben fällt nicht unter null.',
};

const en: { [K in keyof typeof de]: string } = {
  direction: 'Please choose credit or debit.',
  amount_invalid: 'Please enter the amount in euros, e.g. 50 or 1234.50.',
  amount_decimals: 'The amount can have at most two decimals.',
  amount_min: 'Please enter at least %{min}.',
  amount_max: 'At most %{max} per entry. Please enter a smaller amount.',
  reason_required: 'Please enter a reason.',
  reason_too_long: 'The reason can be at most %{max} characters long.',
  reason_invalid: 'The reason must not contain control characters.',
  key_required: 'The Idempotency-Key header is missing (1 to %{max} visible characters).',
  key_reused: 'This Idempotency-Key was used for another entry already.',
  not_covered: 'The balance of %{balance} does not cover the debit of %{debit}. A prepaid balance does not go below zero.',
};

export const manualEntryMessages = { de, en };
