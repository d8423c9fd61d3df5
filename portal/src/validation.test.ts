import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.ts';
import { translator } from './i18n/translate.ts';
import { validateNewPassword, validateSignIn } from './validation.ts';

const t = translator(en);
const texts = (problems: Record<string, { key: Parameters<typeof t>[0]; params?: Record<string, string | number> } | undefined>) =>
  Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem && t(problem.key, problem.params)]));

describe('sign-in and new-password rules', () => {
  it('asks for a valid e-mail address and a password of at least 8 characters', () => {
    expect(texts(validateSignIn({ email: 'nope', password: '' }))).toEqual({
      email: 'Please enter a valid e-mail address.',
      password: 'Please enter a password.',
    });
    expect(texts(validateSignIn({ email: 'a@b.de', password: 'short' }))).toEqual({
      password: 'The password must be at least 8 characters long.',
    });
    expect(validateSignIn({ email: 'anna@shop.de', password: 'long enough' })).toEqual({});
  });

  it('wants both new passwords equal and at least 8 characters long', () => {
    expect(texts(validateNewPassword({ password: '1234567', passwordConfirm: '1234567' }))).toEqual({
      password: 'The password must be at least 8 characters long.',
    });
    expect(texts(validateNewPassword({ password: '12345678', passwordConfirm: '12345679' }))).toEqual({
      passwordConfirm: 'Passwords do not match.',
    });
    expect(validateNewPassword({ password: '12345678', passwordConfirm: '12345678' })).toEqual({});
  });
});
