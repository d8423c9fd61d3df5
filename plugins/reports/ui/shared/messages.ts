/**
 * Texts of the statistics' shared parts (`app.report_tools.*`): the subscription dropdown, the download modal, when
 * the figures are of and the comparison with the previous period.
 */
import { statLabels } from '@adsuite/config/i18n/statColumns';

const de = {
  subscriptions: 'Berichte per E-Mail',
  subscriptions_hint: 'Die Zahlen dieser Kampagne regelmäßig per E-Mail, mit einer CSV-Datei.',
  subscribed: 'Abonniert',
  not_subscribed: 'Nicht abonniert',
  frequencies: { daily: 'Täglich', weekly: 'Wöchentlich', monthly: 'Monatlich' },
  subscriptions_saved: 'Berichtsabonnements gespeichert',
  download: 'Statistiken herunterladen',
  download_title: 'Statistiken herunterladen',
  download_intro: 'Wählen Sie die Statistiken und ihre Spalten. Ihre Auswahl bleibt für den nächsten Download gespeichert.',
  columns_label: 'Spalten',
  sort_by: 'Sortieren nach',
  order: 'Reihenfolge',
  ascending: 'Aufsteigend',
  descending: 'Absteigend',
  format: 'Format',
  range: 'Zeitraum: %{start} bis %{end}',
  cancel: 'Abbrechen',
  start_download: 'Herunterladen',
  need_type: 'Wählen Sie mindestens eine Statistik.',
  need_columns: 'Wählen Sie für jede gewählte Statistik mindestens eine Spalte.',
  data_as_of: 'Daten vom %{time} UTC',
  compare: 'Vorperiode vergleichen',
  previous_period: 'Vorperiode',
  previous_range: 'Vorperiode: %{start} – %{end}',
  previous_value: 'Vorperiode: %{value}',
  current_period: 'Gewählter Zeitraum',
  change: 'Veränderung zur Vorperiode',
  ...statLabels.de,
};

const en: typeof de = {
  subscriptions: 'Reports by e-mail',
  subscriptions_hint: 'This campaign\'s figures by e-mail, regularly, with a CSV file.',
  subscribed: 'Subscribed',
  not_subscribed: 'Not subscribed',
  frequencies: { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' },
  subscriptions_saved: 'Report subscriptions saved',
  download: 'Download statistics',
  download_title: 'Download statistics',
  download_intro: 'Choose the statistics and their columns. Your choice is kept for the next download.',
  columns_label: 'Columns',
  sort_by: 'Sort by',
  order: 'Order',
  ascending: 'Ascending',
  descending: 'Descending',
  format: 'Format',
  range: 'Range: %{start} to %{end}',
  cancel: 'Cancel',
  start_download: 'Download',
  need_type: 'Choose at least one statistic.',
  need_columns: 'Choose at least one column for each chosen statistic.',
  data_as_of: 'Data as of %{time} UTC',
  compare: 'Compare with previous period',
  previous_period: 'Previous period',
  previous_range: 'Previous period: %{start} – %{end}',
  previous_value: 'Previous period: %{value}',
  current_period: 'Selected period',
  change: 'Change from the previous period',
  ...statLabels.en,
};

export const messages = { de, en };
