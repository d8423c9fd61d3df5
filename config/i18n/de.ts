/** App messages in German (the default language). `en.ts` holds the same keys; the type below enforces it. */
export const de = {
  app: {
    name: 'AdSuite',
    menu: {
      advertiser: 'Werbetreibender',
      panel: 'Panel',
      sections: {
        management: 'Verwaltung',
        adtech: 'Ad Tech',
        admin: 'Admin',
        sysop: 'Sysop',
      },
      new_booking: 'Neue Buchung',
      new_template: 'Neue Buchungsvorlage',
      affiliate_wizard: 'Affiliate-Wizard',
      affiliate_dashboard: 'Affiliate-Dashboard',
      creatives: 'Werbemittel',
      ad_tags: 'Ad-Tags',
    },
    topbar: {
      tenant: 'Werbetreibender / Publisher',
      publisher: 'Publisher',
      container_code: 'Container-Code',
      container_code_intro: 'Binden Sie diesen Code auf jeder Seite Ihres Shops ein, am besten direkt vor </body>. Er misst Besuche, Warenkörbe und Bestellungen für Ihre Kampagnen.',
      finances: 'Finanzen',
      profile: 'Profil',
      menu: 'Menü',
    },
    footer: {
      copyright: '© %{year} AdSuite',
      privacy: 'Datenschutz',
      faq: 'FAQ',
    },
    auth: {
      title: 'Anmeldung im Mitgliederbereich',
      email: 'E-Mail',
      password: 'Passwort',
      sign_in: 'Anmelden',
      login_failed: 'Anmeldung fehlgeschlagen, bitte versuchen Sie es erneut.',
      system_error: 'Systemfehler. Bitte wenden Sie sich an unseren Support (support@adsuite.de).',
      not_authenticated: 'Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.',
      session_idle: 'Aufgrund von Inaktivität ist Ihre Sitzung abgelaufen. Bitte melden Sie sich erneut an',
      access_expired: 'Zugang abgelaufen.',
      access_changed: 'Zugang geändert.',
    },
    list: {
      empty: 'Keine Einträge',
      show_archived: 'Gelöschte anzeigen',
      created: 'Erstellt',
    },
    action: {
      delete: 'Löschen',
      recover: 'Wiederherstellen',
      forget_it: 'Abbrechen',
      copy: 'Kopieren',
      copy_id: 'ID kopieren',
    },
    confirm: {
      delete_title: '%{type} löschen',
      delete: 'Möchten Sie diesen Eintrag (%{type}) wirklich löschen?',
      recover_title: '%{type} wiederherstellen',
      recover: 'Möchten Sie diesen Eintrag (%{type}) wirklich wiederherstellen?',
    },
    notification: {
      created: 'Eintrag erfolgreich erstellt',
      updated: 'Eintrag erfolgreich gespeichert',
      deleted: '%{type} gelöscht.',
      recovered: '%{type} wiederhergestellt.',
      unknown_error: 'Ein Fehler ist aufgetreten',
      copied: 'In die Zwischenablage kopiert',
      copy_failed: 'Kopieren nicht möglich – bitte markieren und von Hand kopieren',
    },
    validation: {
      json: 'Kein gültiges JSON',
      url: 'Die Adresse muss mit http:// oder https:// beginnen',
      integer: 'Bitte eine ganze Zahl eingeben',
      max_items: 'Höchstens %{max} Einträge',
    },
  },
};

/** The shape every language must fill: the same keys, each a string. */
export type AppMessages = MessageTree<typeof de>;
type MessageTree<T> = { [K in keyof T]: T[K] extends string ? string : MessageTree<T[K]> };
