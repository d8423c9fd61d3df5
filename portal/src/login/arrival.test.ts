import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { arrivalNotice } from './arrival.ts';

const said = (...args: Parameters<typeof arrivalNotice>) => {
  const key = arrivalNotice(...args);
  return key && en[key];
};

describe('the notice on arrival at /login', () => {
  it('says "Access Expired." after the member area signed out on a 401', () => {
    expect(said('?unauthorized=1', 'app.auth.access_expired', false)).toBe('Access Expired.');
    expect(said('', 'app.auth.access_expired', false)).toBe('Access Expired.');
  });

  it('says why an idle session ended', () => {
    expect(said('?idle=1', 'app.auth.session_idle', false)).toBe('Due to inactivity your session expired. Please log in again');
  });

  it('flags unauthorized: session expired with a stored token, else no authentication', () => {
    expect(said('?unauthorized=1', null, true)).toBe(en['login.sessionExpired']);
    expect(said('?unauthorized=1', 'app.auth.not_authenticated', false)).toBe('Please log in to enter the member area.');
  });

  it('says nothing to a visitor who came by themselves', () => {
    expect(arrivalNotice('', null, false)).toBeUndefined();
  });
});
