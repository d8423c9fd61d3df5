import { describe, expect, it } from 'vitest';
import { englishLines } from './browser.ts';

describe('the English-sentence check the German browser runs share', () => {
  it('finds English sentences among German lines, product names and demo data', () => {
    const page = [
      'Bitte melden Sie sich an, um den Mitgliederbereich zu betreten.', 'Google Ads · Facebook · Display & Video 360', 'Summer Sale 2026',
      'Please log in to enter the member area.', 'Das Tagesbudget darf höchstens 100.000,00 € betragen.', 'The daily budget may be at most 100.000,00\u00a0€.',
      'Failed for good: the technicians were informed.', 'Everything for your home.', 'Only this week', 'Up to 50% off',
    ].join('\n');
    expect(englishLines(page)).toEqual(['Please log in to enter the member area.', 'The daily budget may be at most 100.000,00\u00a0€.', 'Failed for good: the technicians were informed.']);
  });

  it('keeps a German sentence German when it has words English shares (in, an) or quotes a few', () => {
    const privacy = 'Wenn Sie bei der Registrierung den Newsletter wählen, senden wir Ihnen Tipps und Angebote zu AdSuite an Ihre E-Mail-Adresse (Art. 6 Abs. 1 lit. a DSGVO). Sie können den Newsletter jederzeit über den Abmeldelink in jeder Ausgabe oder in Ihrem Profil abbestellen.';
    expect(englishLines(privacy)).toEqual([]);
    expect(englishLines('Die Kampagne „Fit for the summer“ ist für Sie und Ihr Team angelegt.')).toEqual([]);
  });
});
