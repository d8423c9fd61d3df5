import { describe, expect, it } from 'vitest';
import { isPortalPath } from './navigation.ts';
import { resolveRoute } from './routes.ts';

describe('route resolution', () => {
  it('maps every public path to its page', () => {
    expect(resolveRoute('/landing').page).toBe('landing');
    expect(resolveRoute('/login').page).toBe('login');
    expect(resolveRoute('/register').page).toBe('register');
    expect(resolveRoute('/faq').page).toBe('faq');
    expect(resolveRoute('/privacy').page).toBe('privacy');
    expect(resolveRoute('/terms').page).toBe('terms');
    expect(resolveRoute('/404').page).toBe('notfound');
    expect(resolveRoute('/403').page).toBe('forbidden');
  });

  it('ignores a trailing slash and the asset base', () => {
    expect(resolveRoute('/login/').page).toBe('login');
    expect(resolveRoute('/portal/faq').page).toBe('faq');
    expect(resolveRoute('/portal/').page).toBe('landing');
  });

  it('shows the reset page for any path containing /resetpassword, token from the path or the query', () => {
    expect(resolveRoute('/resetpassword/abc123')).toEqual({ page: 'resetpassword', token: 'abc123' });
    expect(resolveRoute('/login/resetpassword/x%2By')).toEqual({ page: 'resetpassword', token: 'x+y' });
    expect(resolveRoute('/resetpassword', '?token=q1')).toEqual({ page: 'resetpassword', token: 'q1' });
    expect(resolveRoute('/resetpassword')).toEqual({ page: 'resetpassword', token: undefined });
  });

  it('shows the confirm page for any path containing /confirm', () => {
    expect(resolveRoute('/confirm/tok')).toEqual({ page: 'confirm', token: 'tok' });
    expect(resolveRoute('/account/confirm', '?token=t2')).toEqual({ page: 'confirm', token: 't2' });
  });

  it('sends unknown paths to /404', () => {
    expect(resolveRoute('/nothing-here')).toEqual({ page: 'notfound', redirectTo: '/404' });
    expect(resolveRoute('/landing/more')).toEqual({ page: 'notfound', redirectTo: '/404' });
  });

  it('moves within the portal only for its own pages; the member area loads in full', () => {
    expect(isPortalPath('/login')).toBe(true);
    expect(isPortalPath('/register#top')).toBe(true);
    expect(isPortalPath('/resetpassword/abc')).toBe(true);
    expect(isPortalPath('/')).toBe(false);
    expect(isPortalPath('/p')).toBe(false);
    expect(isPortalPath('/bookings')).toBe(false);
    expect(isPortalPath('https://elsewhere.example/login')).toBe(false);
  });
});
