/**
 * The public auth calls of the portal (SPEC section 7). Every call gives up after REQUEST_TIMEOUT_MS and carries
 * the Language header of the page's language, so the server's answers (a refused sign-in) read in it.
 * A failed call throws ApiError: status 0 for a network failure or time-out, else the HTTP status.
 */
import { REQUEST_TIMEOUT_MS } from '@adsuite/config/constants';
import { storedLanguage, type SignInAnswer } from '@adsuite/config/session';
import type { AdvertiserRegistration, PublisherRegistration } from './registration/registration.ts';

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body?: unknown) {
    super(message);
  }
}

async function call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers: { Accept: 'application/json', Language: storedLanguage(), ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, body);
  }
  return body as T;
}

export const signIn = (email: string, password: string) =>
  call<SignInAnswer>('/auth/signin', { method: 'POST', body: { email: email.trim(), password } });

export const signUp = (registration: AdvertiserRegistration | PublisherRegistration) =>
  call<unknown>('/auth/signup', { method: 'POST', body: registration });

/** Sends the reset link; the answer must carry token 'ok' (SPEC section 5). */
export async function requestPasswordReset(email: string): Promise<void> {
  const answer = await call<{ token?: string } | undefined>('/auth/reset', { method: 'POST', body: { email: email.trim() } });
  if (answer?.token !== 'ok') throw new ApiError(200, 'Reset refused', answer);
}

export const saveNewPassword = (token: string, password: string) =>
  call<unknown>('/auth/newpassword', { method: 'POST', body: { token, password } });

export interface TokenCheck {
  valid: boolean;
  login?: { accountType?: string };
}

export const checkToken = (token: string) => call<TokenCheck>(`/auth/validtoken?token=${encodeURIComponent(token)}`);

export interface Confirmation {
  /** Whose address was confirmed: company, agency, publisher, subaccount, ... */
  accountType?: string;
}

/**
 * Confirms the e-mail address (and sets the password of an invited sub-account); the answer must carry result
 * 'ok', and says whose account it was.
 */
export async function confirmAccount(token: string, password?: string): Promise<Confirmation> {
  const answer = await call<{ result?: string; accountType?: unknown } | undefined>('/auth/checkconfirm', {
    method: 'POST',
    body: password === undefined ? { token } : { token, password },
  });
  if (answer?.result !== 'ok') throw new ApiError(200, 'Confirmation refused', answer);
  return typeof answer.accountType === 'string' ? { accountType: answer.accountType } : {};
}

/** Which text a failed sign-in shows: refused credentials, a server-side reason (e.g. too many attempts), or a system error. */
export function signInFailure(error: unknown): { kind: 'failed' } | { kind: 'system' } | { kind: 'message'; message: string } {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { kind: 'system' };
  if (error.status === 429 && error.message) return { kind: 'message', message: error.message };
  // 403: the password was right, but the account is not confirmed or not activated yet; the server says why.
  if (error.status === 403 && error.message) return { kind: 'message', message: error.message };
  return { kind: 'failed' };
}
