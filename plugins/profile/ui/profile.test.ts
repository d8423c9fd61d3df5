import { describe, expect, it } from 'vitest';
import { checkPasswords, EMPTY_PASSWORDS } from './password.ts';

describe('own password change', () => {
  it('asks for the current password, at least 8 new characters, a different password and an equal repetition', () => {
    expect(checkPasswords(EMPTY_PASSWORDS)).toEqual({ currentPassword: 'password.required', password: 'password.too_short' });
    expect(checkPasswords({ currentPassword: 'old-password', password: 'short', passwordConfirm: 'short' })).toEqual({ password: 'password.too_short' });
    expect(checkPasswords({ currentPassword: 'old-password', password: 'old-password', passwordConfirm: 'old-password' })).toEqual({ password: 'password.same' });
    expect(checkPasswords({ currentPassword: 'old-password', password: 'new-password', passwordConfirm: 'new-passw0rd' })).toEqual({ passwordConfirm: 'password.mismatch' });
    expect(checkPasswords({ currentPassword: 'old-password', password: 'new-password', passwordConfirm: 'new-password' })).toEqual({});
  });
});
