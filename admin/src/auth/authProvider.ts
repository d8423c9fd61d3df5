/**
 * JWT sign-in against /api/auth (SPEC sections 3, 6 and 8): the token and the user's particulars are kept
 * locally; a session idle for longer than SESSION_IDLE_MS ends; a 401 answer signs the user out.
 */
import { fetchUtils, HttpError, type AuthProvider } from 'react-admin';
import { API, fetchCurrentUser, type CurrentUser } from '../api/http.ts';
import { signInReason } from '../notice.ts';
import { session, type SignInAnswer } from '../session.ts';

export type Identity = CurrentUser & { fullName: string };

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

  async logout() {
    session.clear();
  },

  async checkAuth() {
    const state = session.state();
    if (state === 'active') {
      session.touch();
      return;
    }
    session.clear();
    // The sign-in page says why (SPEC section 8), here and on 401; no toast besides.
    signInReason.leave(state === 'idle' ? 'app.auth.session_idle' : 'app.auth.not_authenticated');
    throw { message: false, redirectTo: '/login' };
  },

  async checkError(error: { status?: number }) {
    if (error?.status !== 401) return;
    signInReason.leave('app.auth.access_expired');
    throw { message: false, redirectTo: '/login' };
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
