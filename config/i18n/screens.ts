/**
 * Titles and descriptions of the member area's own screens (plugins/<name>/ui), side by side in both
 * languages. A screen a later release builds says here what it will show.
 */
const de = {
  dashboard: {
    title: 'Übersicht',
    welcome: 'Willkommen, %{name}!',
    bookings: 'Sie sehen eine Buchung. |||| Sie sehen %{smart_count} Buchungen.',
    to_bookings: 'Zu den Buchungen',
    create_booking: 'Neue Buchung anlegen',
    intro: 'Hier erscheinen bald die Statistik der letzten sieben Tage (Impressionen, Klicks, Conversions, CTR), die erfolgreichsten Vorlagen, Buchungen und Websites sowie Ihre Buchungen nach Status gruppiert.',
  },
  instant_report: {
    title: 'Instant Report',
    intro: 'Der Instant Report zeigt die Leistung dieser Kampagne nach Kanälen, Tagen, Werbemitteln, Websites, Conversions und Publishern, mit Diagrammen für Klicks, Impressionen, Conversions, CTR und CR und einem Download der Statistik.',
  },
  expert_analytics: {
    title: 'Expert Analytics',
    intro: 'Expert Analytics zeigt eindeutige Nutzer, Impressionen, Klicks, Site-CR, die Onsite-Analyse nach Ereignisklassen, stündliche Verläufe, die Leistung der Werbemittel je Line Item und Kanal sowie die Assets der Kampagne.',
    not_allowed: 'Sie haben keinen Zugriff auf diese Seite',
  },
  conversion_approval: {
    title: 'Conversion-Freigabe',
    intro: 'Hier werden die Conversions dieser Kampagne gefiltert (Line Items, Werbemittel, Zeitraum, Status, Suche), einzeln freigegeben, abgelehnt oder mit angepasstem Warenkorbwert und Provision gespeichert und als CSV geladen.',
  },
  click_approval: {
    title: 'Klick-Freigabe',
    intro: 'Hier werden die Klicks dieser Kampagne gefiltert, einzeln freigegeben, abgelehnt oder mit angepasster Provision gespeichert und als CSV geladen.',
  },
  approvals: {
    title: 'Freigaben',
    intro: 'Die Freigabe prüft neue Werbemittel und Line-Item-Änderungen je Kanal: Vorschau von Bild, Video, HTML und Suchanzeigen, Freigabe oder Ablehnung mit Begründung, gefiltert nach Werbetreibendem, Kampagne und Buchung, zehn je Seite.',
  },
  network_monitoring: {
    title: 'Netzwerk-Monitoring',
    intro: 'Das Monitoring zeigt den Umsatz je Netzwerk, Provisionen und Kosten im Verlauf, die Optimizer-Tabelle und die Zugriffsprotokolle je Host.',
  },
  affiliate: {
    title: 'Affiliate-Dashboard',
    intro: 'Das Affiliate-Dashboard listet die Kampagnen mit ihren Optimizer-Hinweisen (Info, Warnung, Gefahr), mit Problem- und erweiterter Ansicht, MCT-Rechner und CRR-Übersicht.',
  },
  data_console: {
    title: 'Datenkonsole',
  },
  affiliateold: {
    title: 'Affiliate-Dashboard (alt)',
    intro: 'Die bisherige Ansicht des Affiliate-Dashboards: Umsatz je Netzwerk, Provisionen und Kosten, Optimizer-Tabelle und Zugriffsprotokolle.',
  },
  advertiser_finances: {
    title: 'Finanzen',
    intro: 'Hier laden Sie Guthaben per Kartenzahlung auf, lösen Gutscheine ein und finden Ihre Transaktionen, Rechnungen und Gutschriften.',
  },
  publisher_finances: {
    title: 'Finanzen',
    intro: 'Hier sehen Sie Ihr Publisher-Guthaben, Ihre Gutschriften und Auszahlungen.',
  },
  accounting: {
    title: 'Buchhaltung',
    intro: 'Die Buchhaltung zeigt Rechnungen und Gutschriften aller Werbetreibenden mit Status, Suche und Download.',
  },
  advertiser_transaction: {
    title: 'Transaktion buchen',
    intro: 'Hier buchen Sie eine Gutschrift oder Belastung auf das Guthaben eines Werbetreibenden, etwa eine Überweisung, eine Kulanz oder eine Korrektur. Der Grund erscheint als Name der Buchung in seinen Transaktionen.',
  },
  publisher_area: {
    title: 'Publisher-Bereich',
    intro: 'Der Publisher-Bereich zeigt Ihre Einnahmen, Ihre Websites und die Einladungen, Kampagnen zu bewerben, die Sie annehmen oder ablehnen können.',
  },
  publisher_campaigns: {
    title: 'Kampagnen',
    intro: 'Hier erscheinen die Kampagnen, zu denen Sie eingeladen sind oder die Sie bewerben, mit ihrem Einladungsstatus.',
  },
  publisher_campaign_stats: {
    title: 'Kampagnenstatistik',
    intro: 'Die Statistik dieser Kampagne für Ihre Websites: Impressionen, Klicks und Conversions nach Tagen, Werbemitteln und Websites.',
  },
  profile: {
    title: 'Profil',
    intro: 'Bald ändern Sie hier Ihr Passwort, Ihre Sprache und Ihre Berichts-Abonnements (Kampagne, täglich, wöchentlich, monatlich).',
  },
  subaccounts: {
    title: 'Unterkonten',
    intro: 'Die Unterkonten Ihres Kontos mit Rolle (Betrachter, Kunde, Mitarbeiter), Zugriff auf ausgewählte Werbetreibende, Login erlaubt und letztem Login.',
  },
  subaccount_new: {
    title: 'Neues Unterkonto',
    intro: 'Ein Unterkonto erhält eine E-Mail, mit der es sein Passwort setzt, und Zugriff auf die Werbetreibenden, die Sie auswählen.',
  },
  subaccount_edit: {
    title: 'Unterkonto bearbeiten',
    intro: 'Rolle, Werbetreibende und Login erlaubt eines Unterkontos ändern oder eine E-Mail zur Passwort-Wiederherstellung senden.',
  },
  activity_log: {
    title: 'Aktivitätsprotokoll',
    intro: 'Das Protokoll aller Änderungen mit Suche, Zeitraum, Filtern nach Login, Kampagne, Ebene und Kategorie und dem Vergleich der Versionen. Bis dahin zeigt die Liste der Kampagnen-Logs die Einträge.',
  },
  // The affiliate wizard's create and edit screens (SPEC section 2: 'Create a new entity' / 'Edit').
  wizard_create: { title: 'Neuen Eintrag anlegen' },
  wizard_edit: { title: 'Bearbeiten' },
  // A catalog's screen, headed by its name after this (plugins/catalogs).
  catalog_edit: { title: 'Katalog' },
  gallery: {
    title: 'Galerie',
    intro: 'Die Galerie zeigt die Grafiken nach Ordnern als Vorschaubilder zum Auswählen und Hochladen.',
  },
  banner_create: {
    title: 'Banner-Generator',
    intro: 'Der Banner-Generator erstellt Werbemittel aus einer Vorlage, dem Corporate Design und Produktbildern in allen benötigten Größen.',
  },
  banner_template: {
    title: 'Banner-Vorlagen-Editor',
    intro: 'Im Vorlagen-Editor entstehen die Vorlagen, aus denen der Banner-Generator Werbemittel erstellt.',
  },
  search: {
    title: 'Suche',
    placeholder: 'Suchen…',
    results: 'Ein Ergebnis |||| %{smart_count} Ergebnisse',
    duration: 'in %{ms} ms',
    empty: 'Leider sind keine Ergebnisse vorhanden.',
    statistics: 'Statistik',
    id: 'ID',
  },
  planned: {
    notice: 'Dieser Bereich wird gerade gebaut und folgt in einer der nächsten Versionen.',
  },
};

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

const en: Messages<typeof de> = {
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}!',
    bookings: 'You see one booking. |||| You see %{smart_count} bookings.',
    to_bookings: 'Go to bookings',
    create_booking: 'Create a booking',
    intro: 'Soon this page shows the statistics of the last seven days (impressions, clicks, conversions, CTR), your best templates, bookings and websites, and your bookings grouped by status.',
  },
  instant_report: {
    title: 'Instant Report',
    intro: 'The Instant Report shows this campaign\'s performance by channel, date, creative, website, conversion and publisher, with charts of clicks, impressions, conversions, CTR and CR and a statistics download.',
  },
  expert_analytics: {
    title: 'Expert Analytics',
    intro: 'Expert Analytics shows unique users, impressions, clicks, site CR, onsite analytics per event class, hourly curves, creative performance per line item and channel, and the campaign\'s assets.',
    not_allowed: 'You are not allowed to access this page',
  },
  conversion_approval: {
    title: 'Conversion Approval',
    intro: 'Here this campaign\'s conversions are filtered (line items, creatives, dates, status, search), approved, rejected or saved with an adjusted cart value and provision, and downloaded as CSV.',
  },
  click_approval: {
    title: 'Click Approval',
    intro: 'Here this campaign\'s clicks are filtered, approved, rejected or saved with an adjusted provision, and downloaded as CSV.',
  },
  approvals: {
    title: 'Creative approval',
    intro: 'Creative approval reviews new creatives and line item changes per channel: previews of image, video, HTML and search ads, approval or rejection with a reason, filtered by advertiser, campaign and booking, ten per page.',
  },
  network_monitoring: {
    title: 'Network monitoring',
    intro: 'Monitoring shows the revenue per network, commission and costs over time, the optimizer table and the access logs per host.',
  },
  affiliate: {
    title: 'Affiliate dashboard',
    intro: 'The affiliate dashboard lists the campaigns with their optimizer hints (info, warning, danger), with problems and extended views, the MCT calculator and the CRR overview.',
  },
  data_console: {
    title: 'Data console',
  },
  affiliateold: {
    title: 'Affiliate dashboard (old)',
    intro: 'The previous view of the affiliate dashboard: revenue per network, commission and costs, optimizer table and access logs.',
  },
  advertiser_finances: {
    title: 'Finances',
    intro: 'Here you top up your balance by card payment, redeem coupons and find your transactions, invoices and credit notes.',
  },
  publisher_finances: {
    title: 'Finances',
    intro: 'Here you see your publisher balance, your credit notes and payouts.',
  },
  accounting: {
    title: 'Accounting',
    intro: 'Accounting shows the invoices and credit notes of all advertisers with status, search and download.',
  },
  advertiser_transaction: {
    title: 'Book a transaction',
    intro: 'Here you book a credit or debit on an advertiser\'s balance, such as a bank transfer, a goodwill credit or a correction. The reason is shown as the name of the entry in its transactions.',
  },
  publisher_area: {
    title: 'Publisher area',
    intro: 'The publisher area shows your earnings, your websites and the invitations to promote campaigns, which you may accept or decline.',
  },
  publisher_campaigns: {
    title: 'Campaigns',
    intro: 'Here the campaigns you are invited to or promote appear, with their invitation status.',
  },
  publisher_campaign_stats: {
    title: 'Campaign statistics',
    intro: 'This campaign\'s statistics on your websites: impressions, clicks and conversions by date, creative and website.',
  },
  profile: {
    title: 'Profile',
    intro: 'Soon you change your password, your language and your report subscriptions (campaign, daily, weekly, monthly) here.',
  },
  subaccounts: {
    title: 'Sub-accounts',
    intro: 'The sub-accounts of your account with role (viewer, client, co-worker), access to selected advertisers, login allowed and last login.',
  },
  subaccount_new: {
    title: 'New sub-account',
    intro: 'A sub-account receives an e-mail to set its password, and access to the advertisers you choose.',
  },
  subaccount_edit: {
    title: 'Edit sub-account',
    intro: 'Change a sub-account\'s role, advertisers and login allowed, or send it a password recovery e-mail.',
  },
  activity_log: {
    title: 'Activity log',
    intro: 'The log of every change with search, date range, filters by login, campaign, level and category, and the comparison of versions. Until then the campaign log list shows the entries.',
  },
  wizard_create: { title: 'Create a new entity' },
  wizard_edit: { title: 'Edit' },
  catalog_edit: { title: 'Catalog' },
  gallery: {
    title: 'Gallery',
    intro: 'The gallery shows the graphics by folder as thumbnails to choose and upload.',
  },
  banner_create: {
    title: 'Banner generator',
    intro: 'The banner generator makes creatives from a template, the corporate identity and product images, in every size needed.',
  },
  banner_template: {
    title: 'Banner template editor',
    intro: 'The template editor makes the templates from which the banner generator creates creatives.',
  },
  search: {
    title: 'Search',
    placeholder: 'Search…',
    results: 'One result |||| %{smart_count} results',
    duration: 'in %{ms} ms',
    empty: 'Unfortunately there are no results available.',
    statistics: 'Statistics',
    id: 'ID',
  },
  planned: {
    notice: 'This area is being built and follows in one of the next releases.',
  },
};

export const screenMessages = { de, en };
