/**
 * JWT sign-in against /api/auth (SPEC sections 3, 6 and 8): the token and the user's particulars are kept
 * locally; a session idle for longer than SESSION_IDLE_MS ends; a 401 answer signs the user out. Signing in
 * happens on the portal's /login page, which the member area leaves for with a full page load, saying why.
 */
import { fetchUtils, HttpError, type AuthProvider } from 'react-admin';
import { API, fetchCurrentUser, type CurrentUser } from '../api/http.ts';
import { signInReason } from '../notice.ts';
import { session, type SignInAnswer } from '../session.ts';

export type Identity = CurrentUser & { fullName: string };

type SignInReason = 'app.auth.not_authenticated' | 'app.auth.session_idle' | 'app.auth.access_expired';

/**
 * The flag the portal's login page reads for each reason (SPEC section 8: a 401 goes to the login flagged
 * unauthorized); that it was a 401 ("Access Expired.") it reads from the stored reason.
 */
const REASON_FLAGS: Record<SignInReason, string> = {
  'app.auth.not_authenticated': '?unauthorized=1',
  'app.auth.session_idle': '?idle=1',
  'app.auth.access_expired': '?unauthorized=1',
};

/** The portal's sign-in page, absolute so that react-admin leaves the app for it (a full page load). */
export function signInPage(reason?: string | null): string {
  const flag = reason && reason in REASON_FLAGS ? REASON_FLAGS[reason as SignInReason] : '';
  return `${globalThis.location?.origin ?? ''}/login${flag}`;
}

/** Ends the session for `reason`: the portal's login page shows why. */
function signOut(reason: SignInReason) {
  session.clear();
  signInReason.leave(reason);
  return { message: false, redirectTo: signInPage(reason) };
}

async function signIn(email: string, password: string): Promise<SignInAnswer> {
  try {
    const { json } = await fetchUtils.fetchJson(`${API}/auth/signin`, {
      method: 'POST',
      body: JSON.stringify({ email, password }),
    });
    return json as SignInAnswer;
  } catch (error) {
    const refused = error instanceof HttpError && error.status >= 400 && error.status < 500;
    throw new Error(refused ? 'app.auth.login_failed' : 'app.auth.system_error');
  }
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    session.start(await signIn(email, password));
    signInReason.clear();
  },

  /** Answers where to go: the portal's login page, with the reason a check left (none when the user chose to leave). */
  async logout() {
    session.clear();
    return signInPage(signInReason.read());
  },

  /** Runs on every page change too (layout): an idle session ends there (SPEC section 4 "Session"). */
  async checkAuth() {
    const state = session.state();
    if (state === 'active') {
      session.touch();
      return;
    }
    // The sign-in page says why (SPEC section 8); no toast besides.
    throw signOut(state === 'idle' ? 'app.auth.session_idle' : 'app.auth.not_authenticated');
  },

  async checkError(error: { status?: number }) {
    if (error?.status !== 401) return;
    throw signOut('app.auth.access_expired');
  },

  async getIdentity(): Promise<Identity> {
    const user = await fetchCurrentUser();
    if (!session.selectedAdvertiser() && !session.selectedPublisher()) {
      session.select({ advertiser: user.selectedAdvertiser ?? null, publisher: user.selectedPublisher ?? null });
    }
    return { ...user, fullName: [user.name, user.surname].filter(Boolean).join(' ') };
  },

  async getPermissions() {
    return session.role();
  },
};
