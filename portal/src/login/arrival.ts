/**
 * Why the member area sent the user to /login (SPEC sections 2 and 8): `?idle=1` for an idle session;
 * `?unauthorized=1` for no session ('session expired' while a token is still stored, else 'no authentication'),
 * unless the admin left the reason "Access Expired." (a 401) in the session storage.
 */
import type { MessageKey } from '../i18n/de.ts';

/** The flag a saved new password arrives with (`/login?passwordChanged=1`): the sign-in page confirms it. */
export const PASSWORD_CHANGED = 'passwordChanged';

/** The admin leaves its reason for the redirect here (admin/src/notice.ts); the keys are the admin's. */
export const ADMIN_SIGN_IN_REASON = 'adsuite.signInReason';
const ADMIN_REASONS: Record<string, MessageKey> = {
  'app.auth.session_idle': 'login.idle',
  'app.auth.not_authenticated': 'login.notAuthenticated',
  'app.auth.access_expired': 'login.accessExpired',
};

export function arrivalNotice(search: string, reason: string | null | undefined, tokenStored: boolean): MessageKey | undefined {
  const query = new URLSearchParams(search);
  if (query.get('idle')) return 'login.idle';
  if (reason === 'app.auth.access_expired') return 'login.accessExpired';
  if (query.get('unauthorized')) return tokenStored ? 'login.sessionExpired' : 'login.notAuthenticated';
  return reason ? ADMIN_REASONS[reason] : undefined;
}
