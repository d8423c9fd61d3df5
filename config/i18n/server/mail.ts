/**
 * The mails (backend/src/mail/templates.ts): per template a subject, the paragraphs before and after the button
 * and the button's label; the layout's greeting and sign-off. German paragraphs after "Hallo Name," begin in
 * lower case, as a German letter goes on after the comma.
 */
import type { Messages } from './shape.ts';

const de = {
  layout: {
    hello: 'Hallo,',
    hello_name: 'Hallo %{name},',
    regards: 'Viele Grüße',
    team: 'Ihr AdSuite-Team',
    link_removed: '[Link entfernt: Er wurde nur an den Empfänger versandt.]',
  },
  confirmation: {
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    intro: 'vielen Dank für Ihre Registrierung bei AdSuite. Bitte bestätigen Sie Ihre E-Mail-Adresse:',
    action: 'E-Mail-Adresse bestätigen',
    valid: 'Der Link ist 7 Tage gültig.',
    agency: 'Danach prüft unser Vertrieb Ihr Agenturkonto und meldet sich bei Ihnen, sobald es freigeschaltet ist.',
  },
  password_reset: {
    subject: 'Ihr neues Passwort für AdSuite',
    intro: 'Sie haben ein neues Passwort angefordert. Mit diesem Link legen Sie es fest:',
    action: 'Neues Passwort festlegen',
    valid: 'Der Link ist eine Stunde gültig und funktioniert einmal. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail.',
  },
  invitation: {
    subject: '%{inviter} lädt Sie zu AdSuite ein',
    intro: '%{inviter} hat Ihnen einen Zugang zu AdSuite eingerichtet. Wählen Sie Ihr Passwort, um ihn zu aktivieren:',
    action: 'Passwort festlegen',
    valid: 'Der Link ist 7 Tage gültig.',
  },
  ready_to_publish: {
    subject: 'Ihre Buchung "%{booking}" ist bereit zur Veröffentlichung',
    intro: 'die Prüfung Ihrer Buchung "%{booking}" ist abgeschlossen. Sie können sie jetzt veröffentlichen; das dauert bis zu zwei Minuten.',
    action: 'Zu den Buchungen',
  },
  booking_rejected: {
    subject: 'Ihre Buchung "%{booking}" wurde abgelehnt',
    intro: 'wir haben die Werbemittel Ihrer Buchung "%{booking}" geprüft und können sie so nicht veröffentlichen.',
    reasons: 'Gründe: %{reasons}',
    action: 'Werbemittel ersetzen',
    again: 'Sobald Sie neue Werbemittel hochladen, prüfen wir sie erneut.',
  },
  live_change_rejected: {
    subject: 'Eine Änderung Ihrer Buchung "%{booking}" wurde abgelehnt',
    intro: 'wir haben eine Änderung Ihrer laufenden Buchung "%{booking}" geprüft und können sie so nicht übernehmen. Die Buchung liefert weiter mit den bisher freigegebenen Werbemitteln und Werten aus.',
    reasons: 'Gründe: %{reasons}',
    action: 'Buchung öffnen',
    again: 'Sobald Sie die Änderung überarbeiten, prüfen wir sie erneut.',
  },
  low_balance: {
    subject: 'Niedriges Guthaben bei %{advertiser}',
    intro: 'das Guthaben von %{advertiser} beträgt nur noch %{balance}. Laden Sie es auf, damit Ihre Kampagnen weiterlaufen.',
    action: 'Guthaben aufladen',
  },
  out_of_balance: {
    subject: 'Kein Guthaben mehr bei %{advertiser}',
    intro: 'das Guthaben von %{advertiser} ist aufgebraucht (%{balance}). Ihre Kampagnen laufen erst weiter, wenn Sie Guthaben aufladen.',
    action: 'Guthaben aufladen',
  },
  payment_receipt: {
    subject: 'Zahlungsbestätigung über %{amount}',
    intro: 'vielen Dank für Ihre Zahlung über %{amount} für %{advertiser} (Referenz %{reference}).',
    balance: 'Ihr neues Guthaben beträgt %{balance}.',
    action: 'Zu den Finanzen',
  },
  campaign_report: {
    subject_daily: 'Tagesbericht %{campaign}: %{period}',
    subject_weekly: 'Wochenbericht %{campaign}: %{period}',
    subject_monthly: 'Monatsbericht %{campaign}: %{period}',
    period: '%{start} bis %{end}',
    intro: 'hier sind die Zahlen Ihrer Kampagne %{campaign} für %{period}.',
    figures: 'Impressionen: %{impressions} · Klicks: %{clicks} · CTR: %{ctr} % · Conversions: %{conversions} · Kosten: %{cost}',
    attachment: 'Die Zahlen pro Tag und Kanal finden Sie in der angehängten CSV-Datei.',
    action: 'Sofortbericht öffnen',
    unsubscribe: 'Sie erhalten diese E-Mail, weil Sie die Berichte dieser Kampagne abonniert haben. Abbestellen können Sie sie über die Glocke im Sofortbericht oder in Ihrem Profil.',
    csv_day: 'Datum',
    csv_channel: 'Kanal',
    csv_impressions: 'Impressionen',
    csv_clicks: 'Klicks',
    csv_ctr: 'CTR (%)',
    csv_conversions: 'Conversions',
    csv_cost: 'Kosten (EUR)',
  },
};

const en: Messages<typeof de> = {
  layout: {
    hello: 'Hello,',
    hello_name: 'Hello %{name},',
    regards: 'Kind regards',
    team: 'Your AdSuite team',
    link_removed: '[Link removed: it was sent to the recipient only.]',
  },
  confirmation: {
    subject: 'Please confirm your e-mail address',
    intro: 'Thank you for registering with AdSuite. Please confirm your e-mail address:',
    action: 'Confirm e-mail address',
    valid: 'The link is valid for 7 days.',
    agency: 'Our sales team then checks your agency account and will contact you as soon as it is activated.',
  },
  password_reset: {
    subject: 'Your new AdSuite password',
    intro: 'You asked for a new password. Set it with this link:',
    action: 'Set a new password',
    valid: 'The link is valid for one hour and works once. If you did not ask for a new password, ignore this e-mail.',
  },
  invitation: {
    subject: '%{inviter} invites you to AdSuite',
    intro: '%{inviter} has set up an AdSuite account for you. Choose your password to activate it:',
    action: 'Choose password',
    valid: 'The link is valid for 7 days.',
  },
  ready_to_publish: {
    subject: 'Your booking "%{booking}" is ready to publish',
    intro: 'The check of your booking "%{booking}" is complete. You can publish it now; this takes up to two minutes.',
    action: 'Go to bookings',
  },
  booking_rejected: {
    subject: 'Your booking "%{booking}" was rejected',
    intro: 'We reviewed the creatives of your booking "%{booking}" and cannot publish them as they are.',
    reasons: 'Reasons: %{reasons}',
    action: 'Replace the creatives',
    again: 'Once you upload new creatives, we review them again.',
  },
  live_change_rejected: {
    subject: 'A change of your booking "%{booking}" was rejected',
    intro: 'We reviewed a change of your running booking "%{booking}" and cannot apply it as it is. The booking keeps delivering with the creatives and values approved before.',
    reasons: 'Reasons: %{reasons}',
    action: 'Open the booking',
    again: 'Once you revise the change, we review it again.',
  },
  low_balance: {
    subject: 'Low balance for %{advertiser}',
    intro: 'The balance of %{advertiser} is down to %{balance}. Top it up to keep your campaigns running.',
    action: 'Top up credit',
  },
  out_of_balance: {
    subject: '%{advertiser} is out of balance',
    intro: 'The balance of %{advertiser} is used up (%{balance}). Your campaigns continue once you top up your credit.',
    action: 'Top up credit',
  },
  payment_receipt: {
    subject: 'Payment receipt for %{amount}',
    intro: 'Thank you for your payment of %{amount} for %{advertiser} (reference %{reference}).',
    balance: 'Your new balance is %{balance}.',
    action: 'Go to finances',
  },
  campaign_report: {
    subject_daily: 'Daily report %{campaign}: %{period}',
    subject_weekly: 'Weekly report %{campaign}: %{period}',
    subject_monthly: 'Monthly report %{campaign}: %{period}',
    period: '%{start} to %{end}',
    intro: 'Here are the figures of your campaign %{campaign} for %{period}.',
    figures: 'Impressions: %{impressions} · Clicks: %{clicks} · CTR: %{ctr} % · Conversions: %{conversions} · Cost: %{cost}',
    attachment: 'The figures per day and channel are in the attached CSV file.',
    action: 'Open the Instant Report',
    unsubscribe: 'You receive this e-mail because you subscribed to this campaign\'s reports. Unsubscribe with the bell on the Instant Report or on your profile.',
    csv_day: 'Date',
    csv_channel: 'Channel',
    csv_impressions: 'Impressions',
    csv_clicks: 'Clicks',
    csv_ctr: 'CTR (%)',
    csv_conversions: 'Conversions',
    csv_cost: 'Cost (EUR)',
  },
};

export const mailMessages = { de, en };
