/**
 * What the browser keeps between visits (SPEC section 3 "Stored locally"): the access token with its
 * creation time, the user's particulars, the language and the selected advertiser/publisher.
 * One definition for the public portal and the admin, which sign in and out through the same keys.
 * Browser-safe: without localStorage (Node, tests) reads answer null and writes do nothing.
 */
import { LANGUAGES, SESSION_IDLE_MS, type Subscription } from './constants.ts';

export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

/** localStorage keys. */
export const SESSION_KEYS = {
  token: 'token',
  created: 'created',
  name: 'name',
  surname: 'surname',
  email: 'email',
  role: 'role',
  language: 'language',
  selectedAdvertiser: 'selectedAdvertiser',
  selectedPublisher: 'selectedPublisher',
  selectedType: 'selectedType',
  subscriptions: 'subscriptions',
} as const;

/** The answer of POST /api/auth/signin. */
export interface SignInAnswer {
  accessToken: string;
  id?: string;
  name?: string;
  surname?: string;
  role: string;
  email?: string;
  subscriptions?: Subscription[];
  language?: string;
  selectedType?: string;
  advertiser?: { _id?: string | null } | null;
  publisher?: { _id?: string | null } | null;
}

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some browsers throw on access when storage is blocked.
    return undefined;
  }
};

export const readStored = (key: string): string | null => storage()?.getItem(key) ?? null;

function writeStored(key: string, value: string | null | undefined) {
  if (value === null || value === undefined || value === '') storage()?.removeItem(key);
  else storage()?.setItem(key, value);
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The stored language, German when none (or an unknown one) is stored. */
export function storedLanguage(): Language {
  const stored = readStored(SESSION_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function setStoredLanguage(language: Language) {
  writeStored(SESSION_KEYS.language, language);
}

/** Keeps the selected advertiser/publisher; `undefined` leaves one as it is, `null` forgets it. */
export function storeSelection({ advertiser, publisher }: { advertiser?: string | null; publisher?: string | null }) {
  if (advertiser !== undefined) writeStored(SESSION_KEYS.selectedAdvertiser, advertiser);
  if (publisher !== undefined) writeStored(SESSION_KEYS.selectedPublisher, publisher);
}

/** Starts a session from the sign-in answer; `now` is the creation time the idle check counts from. */
export function storeSignIn(answer: SignInAnswer, now = Date.now()) {
  writeStored(SESSION_KEYS.token, answer.accessToken);
  writeStored(SESSION_KEYS.created, String(now));
  writeStored(SESSION_KEYS.name, answer.name);
  writeStored(SESSION_KEYS.surname, answer.surname);
  writeStored(SESSION_KEYS.email, answer.email);
  writeStored(SESSION_KEYS.role, answer.role);
  writeStored(SESSION_KEYS.selectedType, answer.selectedType);
  writeStored(SESSION_KEYS.subscriptions, JSON.stringify(answer.subscriptions ?? []));
  if (isLanguage(answer.language)) setStoredLanguage(answer.language);
  storeSelection({ advertiser: answer.advertiser?._id ?? null, publisher: answer.publisher?._id ?? null });
}

/** Forgets the signed-in user; the language choice stays, it belongs to the browser. */
export function clearSession() {
  for (const key of Object.values(SESSION_KEYS)) if (key !== SESSION_KEYS.language) storage()?.removeItem(key);
}

/** Whether an access token is stored (alive or not). */
export function hasSession(): boolean {
  return Boolean(readStored(SESSION_KEYS.token));
}

/** Whether the session is alive: a token whose last activity lies within the idle limit (SPEC section 4 "Session"). */
export function sessionState(now = Date.now()): 'active' | 'idle' | 'none' {
  const created = Number(readStored(SESSION_KEYS.created));
  if (!readStored(SESSION_KEYS.token) || !created) return 'none';
  return now - created > SESSION_IDLE_MS ? 'idle' : 'active';
}

/** Activity moves the idle limit on. */
export function touchSession(now = Date.now()) {
  writeStored(SESSION_KEYS.created, String(now));
}
