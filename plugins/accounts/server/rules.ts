/**
 * Input rules of SPEC section 5 that the account endpoints share, with the texts the portal shows for the same
 * rules (portal/src/i18n/en.ts, "validation.*"), so a refusal reads the same from either side.
 */
import { LANGUAGES } from '@adsuite/config';
import { type FieldError, Invalid, invalidFields, type Row } from '@adsuite/backend/kit';

/** Passwords: 8 characters everywhere but the landing page's sign-up form, which asks for 6 (SPEC section 9). */
export const PASSWORD_MIN = 8;
export const SIGNUP_PASSWORD_MIN = 6;
/** Sign-in compares at most this many characters. */
const PASSWORD_MAX = 200;
const NAME_MAX = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EMAIL_TAKEN = 'An account with this e-mail address exists already.';
export const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';

export type Check = string | null;

export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function checkName(value: unknown): Check {
  const name = trimmed(value);
  if (name.length < 2) return 'Name should be longer than 2 characters.';
  return name.length > NAME_MAX ? `Name should be at most ${NAME_MAX} characters long.` : null;
}

export function checkEmail(value: unknown): Check {
  const email = trimmed(value);
  return email.length >= 6 && email.length <= 254 && EMAIL_PATTERN.test(email) ? null : 'Please enter a valid e-mail address.';
}

export function checkPassword(value: unknown, min = PASSWORD_MIN): Check {
  if (typeof value !== 'string' || value === '') return 'Please enter a password.';
  if (value.length < min) return `The password must be at least ${min} characters long.`;
  return value.length > PASSWORD_MAX ? `The password must be at most ${PASSWORD_MAX} characters long.` : null;
}

export function checkLanguage(value: unknown): Check {
  return value === undefined || (LANGUAGES as readonly unknown[]).includes(value) ? null : `Language must be one of: ${LANGUAGES.join(', ')}.`;
}

/** The failed checks as field errors. */
export function failed(checks: Record<string, Check>): FieldError[] {
  return Object.entries(checks).filter(([, message]) => message !== null).map(([field, message]) => ({ field, message: message! }));
}

/** Answers 400 with every failed check. */
export function refuseFailed(checks: Record<string, Check>): void {
  const errors = failed(checks);
  if (errors.length) throw invalidFields(errors);
}

export function bodyOf(body: unknown): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Invalid('The request body must be a JSON object.');
  return body as Row;
}

export const emailOf = (value: unknown): string => trimmed(value).toLowerCase();
