/** The own password change (SPEC sections 5 and 9: at least 8 characters, the repetition equal). */
import { API, apiFetch, session } from '@adsuite/admin/kit';

export const PASSWORD_MIN = 8;

export interface PasswordValues {
  currentPassword: string;
  password: string;
  passwordConfirm: string;
}

export const EMPTY_PASSWORDS: PasswordValues = { currentPassword: '', password: '', passwordConfirm: '' };

/** Field -> message key (under app.profile.password). */
export function checkPasswords(values: PasswordValues): Partial<Record<keyof PasswordValues, string>> {
  const problems: Partial<Record<keyof PasswordValues, string>> = {};
  if (!values.currentPassword) problems.currentPassword = 'password.required';
  if (values.password.length < PASSWORD_MIN) problems.password = 'password.too_short';
  else if (values.password === values.currentPassword) problems.password = 'password.same';
  if (values.passwordConfirm !== values.password) problems.passwordConfirm = 'password.mismatch';
  return problems;
}

/**
 * POST /api/auth/password `{ currentPassword, password }`: the signed-in user's own password, proven by the
 * current one. Nobody changes another user's password (that goes through the recovery mail).
 */
export async function changeOwnPassword(values: PasswordValues): Promise<void> {
  const { json } = await apiFetch(`${API}/auth/password`, { method: 'POST', body: JSON.stringify({ currentPassword: values.currentPassword, password: values.password }) });
  // The change ended every earlier session, this one's token too: go on with the one the answer carries.
  if (typeof json?.accessToken === 'string') session.replaceToken(json.accessToken);
}

/** POST /api/auth/signout-everywhere: every session of the signed-in user ends, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await apiFetch(`${API}/auth/signout-everywhere`, { method: 'POST' });
}
