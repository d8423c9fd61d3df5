/** Texts of the dashboard's own parts (`app.dashboard.*` beyond the admin's catalogue), German first. */
const de = {
  balance_low: 'Ihr Guthaben ist niedrig: %{balance}. Laden Sie rechtzeitig auf, damit Ihre Kampagnen weiterlaufen.',
  balance_out: 'Ihr Guthaben ist aufgebraucht: %{balance}. Ihre Kampagnen können nicht mehr ausgeliefert werden.',
  to_finances: 'Guthaben aufladen',
};

const en: Record<keyof typeof de, string> = {
  balance_low: 'Your balance is low: %{balance}. Top up in time so that your campaigns keep running.',
  balance_out: 'Your balance is used up: %{balance}. Your campaigns can no longer be delivered.',
  to_finances: 'Top up balance',
};

export const messages = { de, en };
