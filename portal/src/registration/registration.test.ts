import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de.ts';
import { en } from '../i18n/en.ts';
import { translator } from '../i18n/translate.ts';
import { LANDING_PASSWORD_MIN } from '../validation.ts';
import { emptyRegistration, registrationPayload, validateRegistration, type RegistrationValues } from './registration.ts';

const english = translator(en);
const german = translator(de);

function messages(problems: ReturnType<typeof validateRegistration>, t = english) {
  return Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, t(problem!.key, problem!.params)]));
}

const filled: RegistrationValues = {
  ...emptyRegistration(),
  name: 'Anna',
  surname: 'Meier',
  email: 'anna@shop.example',
  advertiser: 'Shop GmbH',
  jobRole: '40',
  industry: '1200',
  website: 'www.blog.example',
  password: 'secret-pass',
  passwordConfirm: 'secret-pass',
  terms: true,
  privacy: true,
};

describe('registration rules', () => {
  it('shows the texts of every required company field on an empty form', () => {
    expect(messages(validateRegistration('company', emptyRegistration()))).toEqual({
      name: 'Name should be longer than 2 characters.',
      surname: 'Name should be longer than 2 characters.',
      email: 'Please enter a valid e-mail address.',
      advertiser: 'Please enter the company name (at least 3 characters).',
      jobRole: 'Please choose your position.',
      industry: 'Please choose your industry.',
      password: 'Please enter a password.',
      passwordConfirm: 'Passwords do not match.',
      terms: 'Please agree to the terms and conditions.',
      privacy: 'Please agree to the privacy policy.',
    });
  });

  it('asks a publisher for the website instead of company, role and industry', () => {
    expect(Object.keys(validateRegistration('publisher', emptyRegistration())).sort()).toEqual(
      ['email', 'name', 'passwordConfirm', 'password', 'privacy', 'surname', 'terms', 'website'].sort(),
    );
    expect(messages(validateRegistration('publisher', { ...filled, website: 'ab' }))).toEqual({
      website: 'Please enter your website (at least 3 characters).',
    });
  });

  it('accepts names of two characters and refuses one', () => {
    expect(validateRegistration('company', { ...filled, name: 'Al', surname: 'Li' })).toEqual({});
    expect(messages(validateRegistration('company', { ...filled, surname: ' B ' }), german)).toEqual({
      surname: 'Der Name sollte länger als 2 Zeichen sein.',
    });
  });

  it('wants a valid e-mail address of at least 6 characters and a company name of at least 3', () => {
    expect(Object.keys(validateRegistration('company', { ...filled, email: 'a@b.c' }))).toEqual(['email']);
    expect(Object.keys(validateRegistration('company', { ...filled, email: 'anna@shop' }))).toEqual(['email']);
    expect(Object.keys(validateRegistration('company', { ...filled, advertiser: 'AB' }))).toEqual(['advertiser']);
  });

  it('needs an agency daily budget of whole euros, at least 1, defaulting to 5', () => {
    expect(emptyRegistration().dailyBudget).toBe('5');
    expect(validateRegistration('agency', filled)).toEqual({});
    for (const budget of ['0', '2.5', '', '-3', 'abc']) {
      expect(messages(validateRegistration('agency', { ...filled, dailyBudget: budget })), budget).toEqual({
        dailyBudget: 'Please enter a daily budget of at least 1 € in whole euros.',
      });
    }
    expect(validateRegistration('company', { ...filled, dailyBudget: '0' })).toEqual({});
  });

  it('requires 8 password characters on the register page and 6 on the landing page', () => {
    const six = { ...filled, password: 'abcdef', passwordConfirm: 'abcdef' };
    expect(messages(validateRegistration('company', six))).toEqual({ password: 'The password must be at least 8 characters long.' });
    expect(validateRegistration('company', six, LANDING_PASSWORD_MIN)).toEqual({});
    expect(messages(validateRegistration('company', { ...six, password: 'abcde', passwordConfirm: 'abcde' }, LANDING_PASSWORD_MIN))).toEqual({
      password: 'The password must be at least 6 characters long.',
    });
    expect(messages(validateRegistration('company', { ...filled, passwordConfirm: 'other-pass' }))).toEqual({ passwordConfirm: 'Passwords do not match.' });
  });

  it('leaves phone and newsletter optional but refuses a phone number with letters', () => {
    expect(validateRegistration('company', { ...filled, phone: '', newsletter: false })).toEqual({});
    expect(validateRegistration('company', { ...filled, phone: '+49 (30) 123-456' })).toEqual({});
    expect(messages(validateRegistration('company', { ...filled, phone: 'call me' }))).toEqual({ phone: 'Please enter a valid phone number.' });
  });
});

describe('registration payload', () => {
  it('sends an agency with its daily budget and a company with none', () => {
    expect(registrationPayload('agency', { ...filled, dailyBudget: '12', phone: ' 0301234 ', newsletter: true }, 'en')).toEqual({
      email: 'anna@shop.example', name: 'Anna', surname: 'Meier', advertiser: 'Shop GmbH', password: 'secret-pass', newsletter: true,
      dailyBudget: 12, jobRole: 40, industry: '1200', language: 'en', accountType: 'agency', phone: '0301234', userType: 'advertiser',
    });
    const company = registrationPayload('company', filled, 'de');
    expect(company).toMatchObject({ accountType: 'company', dailyBudget: null, userType: 'advertiser', language: 'de' });
    expect(company).not.toHaveProperty('phone');
  });

  it('sends a publisher with the website and nothing of an advertiser', () => {
    expect(registrationPayload('publisher', filled, 'de')).toEqual({
      email: 'anna@shop.example', name: 'Anna', surname: 'Meier', website: 'www.blog.example', password: 'secret-pass',
      newsletter: false, language: 'de', userType: 'publisher',
    });
  });
});
