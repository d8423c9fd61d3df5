/**
 * Catalogs (plugins/catalogs): the import's refusals, the problems it reports per feed line and for the whole feed
 * (SPEC section 8 "catalog parsing-error flag"), the feed fetch's refusals, and the top products' and referers'
 * generation. Sizes are `{ count }` params (bytes or megabytes as the key says).
 */
import type { Messages } from './shape.ts';

const de = {
  delimiter_csv: 'Bitte geben Sie als CSV-Trennzeichen ein einzelnes Zeichen wie , oder ; oder „tab“ ein.',
  selector_xml: 'Bitte geben Sie als XML-Selektor das Element eines Produkts ein, z. B. product oder products/item.',
  no_source: 'Der Katalog hat keine Feed-URL: bitte eine URL eintragen oder eine Datei hochladen.',
  running: 'Für diesen Katalog läuft bereits ein Import.',
  upload_missing: 'Bitte laden Sie genau eine Feed-Datei im Feld „file“ hoch.',
  upload_too_large: 'Die Feed-Datei ist größer als %{max} MB.',
  upload_fields: 'Das Formular darf nur die Datei im Feld „file“ enthalten.',
  bad_body: 'Bitte senden Sie ein leeres JSON-Objekt (Import von der Feed-URL) oder eine Datei als multipart/form-data.',
  line: {
    missing_id: 'Die Produkt-ID fehlt.',
    long_id: 'Die Produkt-ID ist länger als 200 Zeichen.',
    missing_name: 'Der Produktname fehlt.',
    bad_url: 'Die Produkt-URL ist keine gültige http(s)-URL.',
    bad_image: 'Die Bild-URL ist keine gültige http(s)-URL.',
    bad_price: 'Der Preis „%{value}“ ist kein gültiger Betrag.',
    bad_sale_price: 'Der Angebotspreis „%{value}“ ist kein gültiger Betrag.',
    duplicate: 'Die Produkt-ID „%{id}“ steht schon in Zeile %{first}.',
    bad_record: 'Die Zeile ist kein gültiger CSV-Datensatz: %{detail}',
    bad_text: 'Die Zeile enthält Zeichen, die nicht gespeichert werden können.',
  },
  feed: {
    no_id_column: 'Der Feed hat keine Spalte für die Produkt-ID (erwartet z. B. id, sku oder product_id; gefunden: %{columns}).',
    no_products: 'Der Feed enthält kein gültiges Produkt.',
    no_elements: 'Der Feed enthält kein Element „%{selector}“.',
    csv: 'Der CSV-Feed ist fehlerhaft: %{detail}',
    xml: 'Der XML-Feed ist fehlerhaft: %{detail}',
    unpack: 'Der Feed lässt sich nicht als „%{compression}“ entpacken: %{detail}',
    archive_empty: 'Das Archiv enthält keine Datei.',
    too_large: 'Der Feed ist größer als %{max} MB.',
    unpacked_too_large: 'Der entpackte Feed ist größer als %{max} MB.',
    too_many: 'Der Feed enthält mehr als %{max} Produkte.',
    timeout: 'Der Feed wurde nicht innerhalb von %{seconds} Sekunden geladen.',
    status: 'Der Feed-Server antwortete mit dem Status %{status}.',
    too_many_redirects: 'Der Feed-Server leitete mehr als %{max}-mal weiter.',
    bad_url: 'Die Feed-URL muss mit http:// oder https:// beginnen.',
    refused_address: 'Die Feed-URL zeigt auf eine nicht öffentliche Adresse (%{address}); solche Adressen werden nicht abgerufen.',
    unresolved: 'Der Host „%{host}“ der Feed-URL lässt sich nicht auflösen.',
    network: 'Der Feed konnte nicht geladen werden: %{detail}',
    file_missing: 'Die hochgeladene Feed-Datei ist nicht mehr vorhanden; bitte erneut hochladen.',
    cancelled: 'Der Import wurde abgebrochen; der Katalog blieb unverändert.',
    failed: 'Der Import ist fehlgeschlagen; der Katalog blieb unverändert.',
  },
  tops: {
    not_allowed: 'Nur Administratoren, Systemoperatoren und Affiliate-Manager erzeugen Top-Produkte und Top-Referrer.',
  },
};

const en: Messages<typeof de> = {
  delimiter_csv: 'Please enter a single character such as , or ; or "tab" as the CSV delimiter.',
  selector_xml: 'Please enter the element of one product as the XML selector, e.g. product or products/item.',
  no_source: 'The catalog has no feed URL: please enter a URL or upload a file.',
  running: 'An import of this catalog is running already.',
  upload_missing: 'Please upload exactly one feed file in the field "file".',
  upload_too_large: 'The feed file is larger than %{max} MB.',
  upload_fields: 'The form may only hold the file in the field "file".',
  bad_body: 'Please send an empty JSON object (import from the feed URL) or a file as multipart/form-data.',
  line: {
    missing_id: 'The product ID is missing.',
    long_id: 'The product ID is longer than 200 characters.',
    missing_name: 'The product name is missing.',
    bad_url: 'The product URL is not a valid http(s) URL.',
    bad_image: 'The image URL is not a valid http(s) URL.',
    bad_price: 'The price "%{value}" is not a valid amount.',
    bad_sale_price: 'The sale price "%{value}" is not a valid amount.',
    duplicate: 'The product ID "%{id}" is on line %{first} already.',
    bad_record: 'The line is not a valid CSV record: %{detail}',
    bad_text: 'The line holds characters that cannot be stored.',
  },
  feed: {
    no_id_column: 'The feed has no column for the product ID (expected e.g. id, sku or product_id; found: %{columns}).',
    no_products: 'The feed holds no valid product.',
    no_elements: 'The feed holds no element "%{selector}".',
    csv: 'The CSV feed is broken: %{detail}',
    xml: 'The XML feed is broken: %{detail}',
    unpack: 'The feed cannot be unpacked as "%{compression}": %{detail}',
    archive_empty: 'The archive holds no file.',
    too_large: 'The feed is larger than %{max} MB.',
    unpacked_too_large: 'The unpacked feed is larger than %{max} MB.',
    too_many: 'The feed holds more than %{max} products.',
    timeout: 'The feed was not loaded within %{seconds} seconds.',
    status: 'The feed server answered with status %{status}.',
    too_many_redirects: 'The feed server redirected more than %{max} times.',
    bad_url: 'The feed URL must start with http:// or https://.',
    refused_address: 'The feed URL points to an address that is not public (%{address}); such addresses are not fetched.',
    unresolved: 'The host "%{host}" of the feed URL does not resolve.',
    network: 'The feed could not be loaded: %{detail}',
    file_missing: 'The uploaded feed file is gone; please upload it again.',
    cancelled: 'The import was cancelled; the catalog stayed as it was.',
    failed: 'The import failed; the catalog stayed as it was.',
  },
  tops: {
    not_allowed: 'Only administrators, systemoperators and affiliate managers generate top products and top referers.',
  },
};

export const catalogMessages = { de, en };
