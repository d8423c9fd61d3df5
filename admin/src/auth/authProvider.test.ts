import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS } from '@adsuite/config';
import { memoryStorage } from '../../test/memoryStorage.ts';
import { signInReason } from '../notice.ts';
import { session } from '../session.ts';
import { authProvider } from './authProvider.ts';

const signInAnswer = {
  accessToken: 'jwt-1', id: 'u1', name: 'Ada', surname: 'Shop', role: 'advertiser', email: 'advertiser@demo.test',
  subscriptions: [{ campaign: 'c1', daily: true, weekly: false, monthly: false }], language: 'en', selectedType: 'advertiser', advertiser: { _id: 'adv-1' }, publisher: { _id: null },
};

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('authProvider', () => {
  it('signs in with e-mail and password and keeps the session locally', async () => {
    const fetch = answer(200, signInAnswer);
    await authProvider.login({ email: 'advertiser@demo.test', password: 'demo-password' });
    expect(fetch).toHaveBeenCalledWith('/api/auth/signin', expect.objectContaining({
      method: 'POST', body: JSON.stringify({ email: 'advertiser@demo.test', password: 'demo-password' }),
    }));
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(Number(localStorage.getItem('created'))).toBeGreaterThan(0);
    expect(localStorage.getItem('name')).toBe('Ada');
    expect(localStorage.getItem('email')).toBe('advertiser@demo.test');
    expect(localStorage.getItem('language')).toBe('en');
    expect(session.selectedAdvertiser()).toBe('adv-1');
    expect(await authProvider.getPermissions!({})).toBe('advertiser');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('says "Login failed" when the server refuses and names a system error otherwise', async () => {
    answer(401, { message: 'Login failed, please try again.' });
    await expect(authProvider.login({ email: 'a@b.de', password: 'wrong' })).rejects.toThrow('app.auth.login_failed');
    answer(500, { message: 'An error occured' });
    await expect(authProvider.login({ email: 'a@b.de', password: 'x' })).rejects.toThrow('app.auth.system_error');
    expect(session.token()).toBeNull();
  });

  it('sends to the portal\'s sign-in page, saying why, when there is no session', async () => {
    vi.stubGlobal('location', { origin: 'https://suite.test' });
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: 'https://suite.test/login?unauthorized=1' });
    expect(signInReason.read()).toBe('app.auth.not_authenticated');
    expect(await authProvider.logout({})).toBe('https://suite.test/login?unauthorized=1');
  });

  it('ends a session idle for longer than the limit, and keeps an active one alive', async () => {
    vi.useFakeTimers();
    answer(200, signInAnswer);
    await authProvider.login({ email: 'advertiser@demo.test', password: 'demo-password' });
    vi.advanceTimersByTime(SESSION_IDLE_MS - 1000);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    vi.advanceTimersByTime(SESSION_IDLE_MS - 1000);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    vi.advanceTimersByTime(SESSION_IDLE_MS + 1);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: '/login?idle=1' });
    expect(signInReason.read()).toBe('app.auth.session_idle');
    expect(session.token()).toBeNull();
    answer(200, signInAnswer);
    await authProvider.login({ email: 'advertiser@demo.test', password: 'demo-password' });
    expect(signInReason.read()).toBeNull();
  });

  it('signs out on 401 with "Access Expired." and lets other errors through', async () => {
    answer(200, signInAnswer);
    await authProvider.login({ email: 'advertiser@demo.test', password: 'demo-password' });
    // Flagged unauthorized; the portal's login page reads the reason ("Access Expired.") from the session storage.
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false, redirectTo: '/login?unauthorized=1' });
    expect(signInReason.read()).toBe('app.auth.access_expired');
    expect(session.token()).toBeNull();
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 400 })).resolves.toBeUndefined();
  });

  it('forgets the user on logout but keeps the language choice', async () => {
    answer(200, signInAnswer);
    await authProvider.login({ email: 'advertiser@demo.test', password: 'demo-password' });
    expect(await authProvider.logout({})).toBe('/login');
    expect(session.token()).toBeNull();
    expect(session.role()).toBeNull();
    expect(session.selectedAdvertiser()).toBeNull();
    expect(session.language()).toBe('en');
  });

  it('reads the identity from GET /api/auth/login', async () => {
    answer(200, { id: 'u1', _id: 'u1', name: 'Ada', surname: 'Shop', role: 'agency', advertiserIds: ['a1', 'a2'], publisherIds: [], advertisers: [], publishers: [], selectedAdvertiser: 'a2' });
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({ id: 'u1', fullName: 'Ada Shop', role: 'agency', advertiserIds: ['a1', 'a2'] });
    expect(session.selectedAdvertiser()).toBe('a2');
  });
});
