/**
 * Payouts of publishers' earnings (plugins/finances/server/payouts.ts): refusals, the ledger entry's name, the
 * credit note (Gutschrift) PDF and the mail to the publisher (MailData `notice`). Money params are `{ money }`.
 */
import type { Messages } from './shape.ts';

const de = {
  status: { open: 'offen', paid: 'bezahlt', canceled: 'storniert' },
  below_minimum: 'Ihr verfügbares Guthaben von %{available} erreicht die Mindestauszahlung von %{minimum} nicht.',
  amount_below_minimum: 'Eine Auszahlung muss mindestens %{minimum} betragen.',
  amount_above_available: 'Sie können höchstens %{available} auszahlen lassen.',
  balance_short: 'Das Guthaben von %{balance} deckt die Auszahlung von %{amount} nicht.',
  not_open: 'Diese Auszahlung ist %{status} und lässt sich nicht mehr ändern.',
  publisher_only: 'Eine Auszahlung fordert nur der Publisher selbst an.',
  accountants_only: 'Auszahlungen bearbeiten nur Buchhaltung und Administratoren.',
  bad_body: 'Bitte senden Sie ein Objekt mit dem Betrag (amount) oder ohne ihn für das ganze Guthaben.',
  bad_status: 'Der Status muss einer von %{options} sein.',
  bad_range: 'Der Bereich muss [erste, letzte] Zeile sein, höchstens %{max} Zeilen.',
  no_credit_note: 'Eine Gutschrift gibt es erst, wenn die Auszahlung bezahlt ist.',
  ledger_entry: 'Auszahlung, Gutschrift %{number}',
  document: {
    title: 'Gutschrift',
    line: 'Auszahlung Ihrer Provisionen aus AdSuite-Kampagnen',
    requested: 'Angefordert am: %{date}',
    amount: 'Auszahlungsbetrag',
    transfer: 'Der Betrag wird auf Ihr hinterlegtes Konto überwiesen.',
    self_billing: 'Gutschrift im Gutschriftsverfahren: Sie rechnet Ihre Provisionen ab, eine eigene Rechnung ist nicht nötig.',
  },
  mail: {
    paid: {
      subject: 'Ihre Auszahlung über %{amount}',
      intro: 'wir haben Ihre Auszahlung über %{amount} veranlasst. Die Gutschrift %{number} finden Sie unter Ihren Finanzen.',
      action: 'Zu den Finanzen',
    },
  },
};

const en: Messages<typeof de> = {
  status: { open: 'open', paid: 'paid', canceled: 'canceled' },
  below_minimum: 'Your available balance of %{available} does not reach the minimum payout of %{minimum}.',
  amount_below_minimum: 'A payout must be at least %{minimum}.',
  amount_above_available: 'You can have at most %{available} paid out.',
  balance_short: 'The balance of %{balance} does not cover the payout of %{amount}.',
  not_open: 'This payout is %{status} and can no longer be changed.',
  publisher_only: 'Only the publisher itself requests a payout.',
  accountants_only: 'Only accounting and administrators handle payouts.',
  bad_body: 'Please send an object with the amount, or without it for the whole balance.',
  bad_status: 'The status must be one of %{options}.',
  bad_range: 'The range must be [first, last] row, at most %{max} rows.',
  no_credit_note: 'A credit note exists once the payout is paid.',
  ledger_entry: 'Payout, credit note %{number}',
  document: {
    title: 'Credit note',
    line: 'Payout of your commissions from AdSuite campaigns',
    requested: 'Requested on: %{date}',
    amount: 'Amount paid out',
    transfer: 'The amount is transferred to the account you gave us.',
    self_billing: 'Self-billing credit note: it settles your commissions, no invoice of yours is needed.',
  },
  mail: {
    paid: {
      subject: 'Your payout of %{amount}',
      intro: 'We have paid out %{amount} to you. The credit note %{number} is under your finances.',
      action: 'Go to finances',
    },
  },
};

export const payoutMessages = { de, en };
