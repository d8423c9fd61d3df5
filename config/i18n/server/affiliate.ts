/**
 * The affiliate wizard (plugins/affiliate): the wizard's rules (SPEC section 5 "Wizard"), setting a program live,
 * the tracking code it makes, and pushing an assignment into a booking (SPEC section 8 "Assignment push").
 */
import type { Messages } from './shape.ts';

const de = {
  wizard: {
    adserver: 'Bitte nennen Sie den Adserver als Host (z. B. track.example.com).',
    datasource: 'Bitte nennen Sie als Datenquelle eine Feed-URL (http:// oder https://) oder wählen Sie „manuell“.',
    prefix_needed: 'Eine automatische Datenquelle braucht den Affiliate-Präfix, der die Produktlinks des Feeds zu Affiliate-Links macht.',
    prefix_url: 'Der Affiliate-Präfix muss mit http:// oder https:// beginnen.',
    delimiter_csv: 'Das Trennzeichen einer CSV-Datei ist eines von %{options}.',
    selector_xml: 'Bei XML ist das Trennzeichen der Name des Produkt-Elements (z. B. product oder offers/offer).',
    country_code: 'Bitte wählen Sie genau ein Land.',
    country_unknown: 'Das Land „%{code}“ gibt es nicht.',
    category_value: 'Diese Kategorie ist unbekannt: %{value}.',
    adcode_click: 'Der Ad-Code braucht den Platzhalter {click} als Link, damit der Klick gezählt wird.',
    not_found: 'Diesen Affiliate-Wizard gibt es nicht.',
  },
  assignment: {
    not_found: 'Diese Zuweisung gibt es nicht.',
    no_template: 'Die Zuweisung nennt keine Buchungsvorlage: Ohne sie lässt sich keine Buchung anlegen.',
    template_gone: 'Die Buchungsvorlage der Zuweisung gibt es nicht mehr.',
    booking_created: 'Buchung angelegt',
    create_failed: 'Buchung konnte nicht angelegt werden: %{reason}',
  },
};

const en: Messages<typeof de> = {
  wizard: {
    adserver: 'Please name the ad server as a host (e.g. track.example.com).',
    datasource: 'Please give a feed URL (http:// or https://) as the data source, or choose "manual".',
    prefix_needed: 'An automatic data source needs the affiliate prefix, which turns the feed\'s product links into affiliate links.',
    prefix_url: 'The affiliate prefix must start with http:// or https://.',
    delimiter_csv: 'The delimiter of a CSV file is one of %{options}.',
    selector_xml: 'For XML the delimiter is the name of the product element (e.g. product or offers/offer).',
    country_code: 'Please choose exactly one country.',
    country_unknown: 'There is no country "%{code}".',
    category_value: 'This category is unknown: %{value}.',
    adcode_click: 'The ad code needs the placeholder {click} as its link, so that the click is counted.',
    not_found: 'This affiliate wizard does not exist.',
  },
  assignment: {
    not_found: 'This assignment does not exist.',
    no_template: 'The assignment names no booking template: without one no booking can be created.',
    template_gone: 'The assignment\'s booking template no longer exists.',
    booking_created: 'Booking created',
    create_failed: 'Create booking failed: %{reason}',
  },
};

export const affiliateMessages = { de, en };
