/**
 * The creative tools (plugins/creatives): the graphics library's folders and uploads, the banner generator and the
 * template editor's preview, and the coupon history. Sizes are `%{width}x%{height}`.
 */
import type { Messages } from './shape.ts';

const de = {
  folders: {
    not_found: 'Diesen Ordner gibt es nicht (mehr).',
    name: 'Bitte geben Sie dem Ordner einen Namen mit 1 bis 200 Zeichen.',
    parent: 'Der Zielordner muss eine Ordner-ID sein oder leer (Root).',
    cycle: 'Ein Ordner kann nicht in sich selbst oder in einen seiner Unterordner verschoben werden.',
    other_advertiser: 'Der Zielordner gehört zu einem anderen Werbetreibenden.',
    not_empty: 'Der Ordner ist nicht leer: Bitte verschieben oder löschen Sie zuerst seine Grafiken und Unterordner.',
    too_deep: 'Ordner lassen sich höchstens %{max} Ebenen tief verschachteln.',
  },
  graphics: {
    choose_file: 'Bitte wählen Sie eine Bilddatei.',
    one_file: 'Bitte laden Sie genau eine Datei hoch.',
    fields: 'Das Formular enthält unerwartete Felder.',
    unreadable: 'Die Datei konnte nicht gelesen werden.',
    too_large: 'Die Datei ist größer als %{max} MB.',
    not_image: 'Die Datei ist kein PNG-, JPG- oder GIF-Bild.',
    advertiser: 'Bitte wählen Sie einen Werbetreibenden.',
    not_found: 'Diese Grafik gibt es nicht (mehr).',
    ids: 'Bitte nennen Sie Grafiken und Ordner als Listen von IDs (höchstens %{max}).',
    nothing: 'Bitte wählen Sie mindestens eine Grafik oder einen Ordner.',
    name: 'Der Name darf höchstens 200 Zeichen lang sein.',
  },
  banners: {
    template_not_found: 'Diese Werbemittelvorlage gibt es nicht oder sie ist nicht aktiv.',
    template_other: 'Diese Vorlage gehört einem anderen Werbetreibenden.',
    advertiser_not_found: 'Diesen Werbetreibenden gibt es nicht.',
    required: 'Bitte füllen Sie „%{label}“ aus.',
    too_long: '„%{label}“ darf höchstens %{max} Zeichen lang sein.',
    image: '„%{label}“: Bitte wählen Sie ein Bild dieses Werbetreibenden (PNG, JPG oder GIF) aus der Galerie oder laden Sie es hoch.',
    colour: '„%{label}“ muss eine Farbe wie #1a2b3c sein.',
    url: '„%{label}“ muss mit http:// oder https:// beginnen.',
    sizes: 'Bitte wählen Sie mindestens eine der Größen %{sizes}.',
    size: 'Die Größe %{width}x%{height} bietet der Generator nicht an.',
    values: 'Die Platzhalter müssen ein Objekt aus Texten sein.',
    html: 'Das HTML der Vorlage darf höchstens %{max} Zeichen lang sein.',
    placeholders: 'Die Platzhalter müssen eine Liste aus { key, label, type } sein (key aus Buchstaben, Ziffern, _ und -).',
    dimension: 'Breite und Höhe müssen ganze Zahlen von 1 bis 4000 sein.',
  },
  fields: {
    slogan: 'Slogan',
    productName: 'Produktname',
    productImage: 'Produktbild',
    logo: 'Logo',
    primaryColor: 'Primärfarbe',
    secondaryColor: 'Sekundärfarbe',
    textColor: 'Textfarbe',
    clickUrl: 'Ziel-URL',
    cta: 'Call-to-Action',
  },
  coupons: {
    not_found: 'Diesen Gutschein gibt es nicht.',
  },
};

const en: Messages<typeof de> = {
  folders: {
    not_found: 'This folder does not exist (any more).',
    name: 'Please give the folder a name of 1 to 200 characters.',
    parent: 'The target folder must be a folder id or empty (Root).',
    cycle: 'A folder cannot be moved into itself or into one of its subfolders.',
    other_advertiser: 'The target folder belongs to another advertiser.',
    not_empty: 'The folder is not empty: please move or delete its graphics and subfolders first.',
    too_deep: 'Folders nest at most %{max} levels deep.',
  },
  graphics: {
    choose_file: 'Please choose an image file.',
    one_file: 'Please upload exactly one file.',
    fields: 'The form holds unexpected fields.',
    unreadable: 'The file could not be read.',
    too_large: 'The file is larger than %{max} MB.',
    not_image: 'The file is not a PNG, JPG or GIF image.',
    advertiser: 'Please choose an advertiser.',
    not_found: 'This graphic does not exist (any more).',
    ids: 'Please name graphics and folders as lists of ids (at most %{max}).',
    nothing: 'Please choose at least one graphic or folder.',
    name: 'The name may be at most 200 characters long.',
  },
  banners: {
    template_not_found: 'This banner template does not exist or is not active.',
    template_other: 'This template belongs to another advertiser.',
    advertiser_not_found: 'This advertiser does not exist.',
    required: 'Please fill in "%{label}".',
    too_long: '"%{label}" may be at most %{max} characters long.',
    image: '"%{label}": please choose an image of this advertiser (PNG, JPG or GIF) from the gallery or upload it.',
    colour: '"%{label}" must be a colour such as #1a2b3c.',
    url: '"%{label}" must start with http:// or https://.',
    sizes: 'Please choose at least one of the sizes %{sizes}.',
    size: 'The generator does not offer the size %{width}x%{height}.',
    values: 'The placeholders must be an object of texts.',
    html: 'The template\'s HTML may be at most %{max} characters long.',
    placeholders: 'The placeholders must be a list of { key, label, type } (key of letters, digits, _ and -).',
    dimension: 'Width and height must be whole numbers from 1 to 4000.',
  },
  fields: {
    slogan: 'Slogan',
    productName: 'Product name',
    productImage: 'Product image',
    logo: 'Logo',
    primaryColor: 'Primary colour',
    secondaryColor: 'Secondary colour',
    textColor: 'Text colour',
    clickUrl: 'Target URL',
    cta: 'Call-to-action',
  },
  coupons: {
    not_found: 'This coupon does not exist.',
  },
};

export const creativeMessages = { de, en };
