import { describe, expect, it } from 'vitest';
import { JOB_ROLES } from '../registration/registration.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { translator } from './translate.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('portal messages', () => {
  it('has the same keys in German and English', () => {
    const german = Object.keys(de).sort();
    const english = Object.keys(en).sort();
    expect(german.filter((key) => !(key in en)), 'only in de.ts').toEqual([]);
    expect(english.filter((key) => !(key in de)), 'only in en.ts').toEqual([]);
    expect(english).toEqual(german);
  });

  it('has no empty text and the same placeholders in both languages', () => {
    for (const [key, text] of Object.entries(de)) {
      expect(text.trim(), key).not.toBe('');
      expect(en[key as keyof typeof en].trim(), key).not.toBe('');
      expect(placeholders(en[key as keyof typeof en]), key).toEqual(placeholders(text));
    }
  });

  it('names every business role in both languages', () => {
    for (const code of JOB_ROLES) {
      expect(de).toHaveProperty([`jobRole.${code}`]);
      expect(en).toHaveProperty([`jobRole.${code}`]);
    }
  });

  it('uses the English texts of the specification word for word', () => {
    const t = translator(en);
    expect(t('status.notfound')).toBe("SORRY! The page you're looking for was not found.");
    expect(t('status.forbidden')).toBe("You don't have the required permissions to access this page.");
    expect(t('terms.progress')).toBe('Still in progress');
    expect(t('login.failed')).toBe('Login failed, please try again.');
    expect(t('login.reset.failed')).toBe('Are you sure this is your email address?');
    expect(t('login.notAuthenticated')).toBe('Please log in to enter the member area.');
    expect(t('login.accessExpired')).toBe('Access Expired.');
    expect(t('login.idle')).toBe('Due to inactivity your session expired. Please log in again');
    expect(t('validation.name')).toBe('Name should be longer than 2 characters.');
    expect(t('login.systemError', { email: t('support.email') })).toContain('support@adsuite.example');
  });

  it('never tells an agency that waits for sales that it may sign in now', () => {
    expect(de['login.token.agency']).not.toMatch(/jetzt anmelden/i);
    expect(en['login.token.agency']).not.toMatch(/sign in now/i);
    expect(de['login.token.agency']).toMatch(/Vertrieb/);
  });

  it('fills parameters and shows unknown keys as themselves', () => {
    const t = translator(de);
    expect(t('footer.copyright', { year: 2030 })).toBe('© 2030 AdSuite. Alle Rechte vorbehalten.');
    expect(t('validation.password', { min: 8 })).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(t('no.such.key' as never)).toBe('no.such.key');
  });
});
