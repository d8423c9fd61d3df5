/**
 * Input rules of SPEC section 5 shared by the portal's forms. A rule answers null when the value passes,
 * else the message (key and parameters) to show under the field.
 */
import type { MessageKey } from './i18n/de.ts';
import type { Params } from './i18n/translate.ts';

export interface Problem {
  key: MessageKey;
  params?: Params;
}

export const NAME_MIN = 2;
export const EMAIL_MIN = 6;
export const COMPANY_MIN = 3;
export const WEBSITE_MIN = 3;
/** Passwords: 6 on the landing page's registration form, 8 everywhere else (SPEC section 9). */
export const PASSWORD_MIN = 8;
export const LANDING_PASSWORD_MIN = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_PATTERN = /^\+?[\d\s()/.-]{5,}$/;

export const isEmail = (value: string) => value.trim().length >= EMAIL_MIN && EMAIL_PATTERN.test(value.trim());

export const checkName = (value: string): Problem | null =>
  value.trim().length >= NAME_MIN ? null : { key: 'validation.name' };

export const checkEmail = (value: string): Problem | null => (isEmail(value) ? null : { key: 'validation.email' });

export const checkPassword = (value: string, min = PASSWORD_MIN): Problem | null => {
  if (!value) return { key: 'validation.passwordRequired' };
  return value.length >= min ? null : { key: 'validation.password', params: { min } };
};

export const checkConfirmation = (password: string, confirmation: string): Problem | null =>
  confirmation && confirmation === password ? null : { key: 'validation.passwordConfirm' };

export const checkPhone = (value: string): Problem | null =>
  !value.trim() || PHONE_PATTERN.test(value.trim()) ? null : { key: 'validation.phone' };

export const checkCompany = (value: string): Problem | null =>
  value.trim().length >= COMPANY_MIN ? null : { key: 'validation.company' };

export const checkWebsite = (value: string): Problem | null =>
  value.trim().length >= WEBSITE_MIN && !/\s/.test(value.trim()) ? null : { key: 'validation.website' };

/** Agency daily budget: a whole number of euros, at least 1. */
export const checkDailyBudget = (value: string): Problem | null => {
  const budget = Number(value);
  return value.trim() !== '' && Number.isInteger(budget) && budget >= 1 ? null : { key: 'validation.dailyBudget' };
};

export const checkChosen = (value: string, key: MessageKey): Problem | null => (value ? null : { key });

export const checkAccepted = (value: boolean, key: MessageKey): Problem | null => (value ? null : { key });

/** Sign-in (SPEC section 5 "Login"). */
export function validateSignIn(values: { email: string; password: string }) {
  return withoutPasses({ email: checkEmail(values.email), password: checkPassword(values.password) });
}

/** A new password, twice (reset page, sub-account invitation). */
export function validateNewPassword(values: { password: string; passwordConfirm: string }) {
  return withoutPasses({
    password: checkPassword(values.password),
    passwordConfirm: checkConfirmation(values.password, values.passwordConfirm),
  });
}

export type Problems<F extends string> = Partial<Record<F, Problem>>;

export function withoutPasses<F extends string>(results: Record<F, Problem | null>): Problems<F> {
  const problems: Problems<F> = {};
  for (const field of Object.keys(results) as F[]) if (results[field]) problems[field] = results[field]!;
  return problems;
}

export const hasProblems = (problems: object) => Object.keys(problems).length > 0;
