import { describe, expect, it } from 'vitest';
import { englishLines, germanLines, languageProblems } from './language.ts';

const page = (lines: string[], labels: string[] = []) => ({ text: lines.join('\n'), labels });

describe('the English-sentence check the German browser runs share', () => {
  it('finds English sentences among German lines, product names and demo data', () => {
    const text = [
      'Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.', 'Google Ads · Facebook · Display & Video 360', 'Summer Sale 2026',
      'Please log in to enter the member area.', 'Das Tagesbudget darf höchstens 100.000,00 € betragen.', 'The daily budget may be at most 100.000,00\u00a0€.',
      'Failed for good: the technicians were informed.', 'Everything for your home.', 'Only this week', 'Up to 50% off',
    ].join('\n');
    expect(englishLines(text)).toEqual(['Please log in to enter the member area.', 'The daily budget may be at most 100.000,00\u00a0€.', 'Failed for good: the technicians were informed.']);
  });

  it('keeps a German sentence German when it has words English shares (in, an) or quotes a few', () => {
    const privacy = 'Wenn Sie bei der Registrierung den Newsletter wählen, senden wir Ihnen Tipps und Angebote zu AdSuite an Ihre E-Mail-Adresse (Art. 6 Abs. 1 lit. a DSGVO). Sie können den Newsletter jederzeit über den Abmeldelink in jeder Ausgabe oder in Ihrem Profil abbestellen.';
    expect(englishLines(privacy)).toEqual([]);
    expect(englishLines('Die Kampagne „Fit for the summer“ ist für Sie und Ihr Team angelegt.')).toEqual([]);
  });

  it('finds German sentences on an English page, not German names', () => {
    expect(germanLines(['Bitte laden Sie Ihr Guthaben auf, damit die Kampagnen weiterlaufen.', 'Demo Shop GmbH', 'Your balance is low.'].join('\n')))
      .toEqual(['Bitte laden Sie Ihr Guthaben auf, damit die Kampagnen weiterlaufen.']);
  });
});

describe('the language check of every browser suite', () => {
  it('finds MUI\'s English defaults and row counts on a German page, in its text and its labels', () => {
    expect(languageProblems(page(['Zeilen pro Seite: 10', '1–10 of 448', 'Werbemittel'], ['Go to previous page', 'Gehe zur nächsten Seite', 'Clear']), 'de')).toEqual([
      'English text: 1–10 of 448', 'English text: Go to previous page', 'English text: Clear',
    ]);
    expect(languageProblems(page(['1–10 von 448']), 'de')).toEqual([]);
  });

  it('finds stored values where their label belongs, in cells, chips and lists, in both languages', () => {
    const table = ['Kanal\tArt\tKategorie', 'googleads\tdelivery\tCampaign Management', 'Google Ads · facebook', 'outbrain, Instagram'];
    expect(languageProblems(page(table), 'de')).toEqual([
      'stored value: googleads (reads "Google Ads")', 'stored value: delivery (reads "Auslieferungsbericht")',
      'stored value: Campaign Management (reads "Kampagnenverwaltung")', 'stored value: facebook (reads "Facebook")', 'stored value: outbrain (reads "Outbrain")',
    ]);
    expect(languageProblems(page(['Channel\tKind', 'googleads\tconversion', 'Outbrain\tConversion']), 'en')).toEqual([
      'stored value: googleads (reads "Google Ads")', 'stored value: conversion (reads "Conversion")',
    ]);
  });

  it('finds English catalogue texts on a German page and German ones on an English page, and catalogue keys', () => {
    expect(languageProblems(page(['Activity log', 'Aktivitätsprotokoll', 'app.dashboard.title']), 'de')).toEqual(['English text: Activity log', 'catalogue key: app.dashboard.title']);
    expect(languageProblems(page(['Werbemittel', 'Creatives', 'Menü schließen']), 'en')).toEqual(['German text: Werbemittel', 'German text: Menü schließen']);
  });

  it('lets product names, numbers, words both languages share and sentences that name a value pass', () => {
    expect(languageProblems(page(['Views, clicks, conversions and CTR per channel, creative and website – as an instant report or a CSV export.']), 'en')).toEqual([]);
    const shared = ['Status\tBudget\tName', 'Facebook\t100\t1.234,56 €', 'Summer Sale 2026', 'Die Buchung wartet auf die Auslieferung.'];
    expect(languageProblems(page(shared), 'de')).toEqual([]);
    expect(languageProblems(page(['Status\tBudget\tName', 'Facebook\t100\t1.234,56 €', 'Summer Sale 2026']), 'en')).toEqual([]);
  });
});
