/**
 * Input rules of SPEC section 5 that the account endpoints share, with the texts the portal shows for the same
 * rules (portal/src/i18n/en.ts, "validation.*"), so a refusal reads the same from either side.
 */
import { LANGUAGES } from '@adsuite/config';
import { type FieldError, Invalid, invalidFields, type Row, text, type ServerText } from '@adsuite/backend/kit';

/** Passwords: 8 characters everywhere but the landing page's sign-up form, which asks for 6 (SPEC section 9). */
export const PASSWORD_MIN = 8;
export const SIGNUP_PASSWORD_MIN = 6;
/** Sign-in compares at most this many characters. */
const PASSWORD_MAX = 200;
const NAME_MAX = 100;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const EMAIL_TAKEN = text('accounts.email_taken');
export const LINK_INVALID = text('accounts.link_invalid');

/** A broken rule's message (a text of the server catalogue), or null. */
export type Check = ServerText | null;

export const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function checkName(value: unknown): Check {
  const name = trimmed(value);
  if (name.length < 2) return text('accounts.name_short');
  return name.length > NAME_MAX ? text('accounts.name_long', { max: NAME_MAX }) : null;
}

export function checkEmail(value: unknown): Check {
  const email = trimmed(value);
  return email.length >= 6 && email.length <= 254 && EMAIL_PATTERN.test(email) ? null : text('validation.email');
}

export function checkPassword(value: unknown, min = PASSWORD_MIN): Check {
  if (typeof value !== 'string' || value === '') return text('accounts.password_required');
  if (value.length < min) return text('accounts.password_short', { min });
  return value.length > PASSWORD_MAX ? text('accounts.password_long', { max: PASSWORD_MAX }) : null;
}

export function checkLanguage(value: unknown): Check {
  return value === undefined || (LANGUAGES as readonly unknown[]).includes(value) ? null : text('accounts.language', { options: LANGUAGES.join(', ') });
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
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Invalid(text('input.body_object'));
  return body as Row;
}

export const emailOf = (value: unknown): string => trimmed(value).toLowerCase();
