import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession, hasSession, SESSION_KEYS, sessionState, setStoredLanguage, storedLanguage, storeSignIn,
} from '@adsuite/config/session';
import { SESSION_IDLE_MS } from '@adsuite/config/constants';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('shared session storage', () => {
  it('keeps the sign-in answer under the keys the admin reads', () => {
    storeSignIn({
      accessToken: 'jwt', id: 'u1', name: 'Anna', surname: 'Meier', role: 'advertiser', email: 'anna@shop.example',
      subscriptions: [{ campaign: 'c1', daily: true, weekly: false, monthly: false }], language: 'en', selectedType: 'advertiser', advertiser: { _id: 'a1' }, publisher: { _id: null },
    }, 1_700_000_000_000);
    expect(Object.fromEntries(storage.items)).toEqual({
      token: 'jwt', created: '1700000000000', name: 'Anna', surname: 'Meier', email: 'anna@shop.example', role: 'advertiser',
      selectedType: 'advertiser', subscriptions: '[{"campaign":"c1","daily":true,"weekly":false,"monthly":false}]', language: 'en', selectedAdvertiser: 'a1',
    });
    expect(Object.values(SESSION_KEYS).sort()).toEqual([
      'created', 'email', 'language', 'name', 'role', 'selectedAdvertiser', 'selectedPublisher', 'selectedType', 'subscriptions', 'surname', 'token',
    ]);
    expect(hasSession()).toBe(true);
  });

  it('forgets everything but the language on sign-out', () => {
    storeSignIn({ accessToken: 'jwt', role: 'publisher', language: 'en', publisher: { _id: 'p1' } });
    clearSession();
    expect(Object.fromEntries(storage.items)).toEqual({ language: 'en' });
    expect(hasSession()).toBe(false);
  });

  it('defaults to German and ignores unknown languages', () => {
    expect(storedLanguage()).toBe('de');
    setStoredLanguage('en');
    expect(storedLanguage()).toBe('en');
    storage.setItem('language', 'fr');
    expect(storedLanguage()).toBe('de');
    storeSignIn({ accessToken: 't', role: 'advertiser', language: 'xx' });
    expect(storage.getItem('language')).toBe('fr');
  });

  it('calls a session idle after an hour without activity', () => {
    expect(sessionState()).toBe('none');
    storeSignIn({ accessToken: 't', role: 'advertiser' }, 1000);
    expect(sessionState(1000 + SESSION_IDLE_MS)).toBe('active');
    expect(sessionState(1001 + SESSION_IDLE_MS)).toBe('idle');
  });

  it('does nothing without a browser storage', () => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    expect(() => storeSignIn({ accessToken: 't', role: 'advertiser' })).not.toThrow();
    expect(hasSession()).toBe(false);
    expect(storedLanguage()).toBe('de');
  });
});
