/**
 * The registration form (SPEC sections 3 "Registration payload" and 5 "Registration"): advertisers register
 * as a company or an agency, publishers with their website. The landing page asks for a shorter password.
 */
import { INDUSTRY_CODES } from '@adsuite/config/constants';
import type { Language } from '@adsuite/config/session';
import {
  checkAccepted, checkChosen, checkCompany, checkConfirmation, checkDailyBudget, checkEmail, checkName, checkPassword,
  checkPhone, checkWebsite, PASSWORD_MIN, withoutPasses, type Problem, type Problems,
} from '../validation.ts';

export type UserType = 'advertiser' | 'publisher';
export type AccountType = 'company' | 'agency';
/** The three separate forms. */
export type RegistrationKind = 'company' | 'agency' | 'publisher';

/** Business roles (jobRole codes) in the order of the select. */
export const JOB_ROLES = [9, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170] as const;
export const INDUSTRIES: readonly string[] = INDUSTRY_CODES;
export const DEFAULT_DAILY_BUDGET = 5;

export interface RegistrationValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  advertiser: string;
  jobRole: string;
  industry: string;
  dailyBudget: string;
  website: string;
  password: string;
  passwordConfirm: string;
  terms: boolean;
  privacy: boolean;
  newsletter: boolean;
}

export type RegistrationField = keyof RegistrationValues;

export const emptyRegistration = (): RegistrationValues => ({
  name: '', surname: '', email: '', phone: '', advertiser: '', jobRole: '', industry: '',
  dailyBudget: String(DEFAULT_DAILY_BUDGET), website: '', password: '', passwordConfirm: '',
  terms: false, privacy: false, newsletter: false,
});

/** The fields each form shows, in order. */
export const FIELDS: Record<RegistrationKind, readonly RegistrationField[]> = {
  company: ['name', 'surname', 'email', 'phone', 'advertiser', 'jobRole', 'industry', 'password', 'passwordConfirm', 'terms', 'privacy', 'newsletter'],
  agency: ['name', 'surname', 'email', 'phone', 'advertiser', 'jobRole', 'industry', 'dailyBudget', 'password', 'passwordConfirm', 'terms', 'privacy', 'newsletter'],
  publisher: ['name', 'surname', 'email', 'website', 'password', 'passwordConfirm', 'terms', 'privacy', 'newsletter'],
};

export function validateRegistration(
  kind: RegistrationKind,
  values: RegistrationValues,
  passwordMin = PASSWORD_MIN,
): Problems<RegistrationField> {
  const rules: Record<RegistrationField, () => Problem | null> = {
    name: () => checkName(values.name),
    surname: () => checkName(values.surname),
    email: () => checkEmail(values.email),
    phone: () => checkPhone(values.phone),
    advertiser: () => checkCompany(values.advertiser),
    jobRole: () => checkChosen(values.jobRole, 'validation.jobRole'),
    industry: () => checkChosen(values.industry, 'validation.industry'),
    dailyBudget: () => checkDailyBudget(values.dailyBudget),
    website: () => checkWebsite(values.website),
    password: () => checkPassword(values.password, passwordMin),
    passwordConfirm: () => checkConfirmation(values.password, values.passwordConfirm),
    terms: () => checkAccepted(values.terms, 'validation.terms'),
    privacy: () => checkAccepted(values.privacy, 'validation.privacy'),
    newsletter: () => null,
  };
  const results = {} as Record<RegistrationField, Problem | null>;
  for (const field of FIELDS[kind]) results[field] = rules[field]();
  return withoutPasses(results);
}

export interface AdvertiserRegistration {
  userType: 'advertiser';
  accountType: AccountType;
  email: string;
  name: string;
  surname: string;
  advertiser: string;
  password: string;
  newsletter: boolean;
  dailyBudget: number | null;
  jobRole: number;
  industry: string;
  language: Language;
  phone?: string;
}

export interface PublisherRegistration {
  userType: 'publisher';
  email: string;
  name: string;
  surname: string;
  website: string;
  password: string;
  newsletter: boolean;
  language: Language;
}

/** The body of POST /api/auth/signup. */
export function registrationPayload(
  kind: RegistrationKind,
  values: RegistrationValues,
  language: Language,
): AdvertiserRegistration | PublisherRegistration {
  const person = {
    email: values.email.trim(),
    name: values.name.trim(),
    surname: values.surname.trim(),
    password: values.password,
    newsletter: values.newsletter,
    language,
  };
  if (kind === 'publisher') return { ...person, website: values.website.trim(), userType: 'publisher' };
  const phone = values.phone.trim();
  return {
    ...person,
    advertiser: values.advertiser.trim(),
    dailyBudget: kind === 'agency' ? Number(values.dailyBudget) : null,
    jobRole: Number(values.jobRole),
    industry: values.industry,
    accountType: kind,
    ...(phone ? { phone } : {}),
    userType: 'advertiser',
  };
}
