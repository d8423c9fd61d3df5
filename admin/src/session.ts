/**
 * What the browser keeps between visits (SPEC section 3 "Stored locally"): the access token with its
 * creation time, the user's name, e-mail, role, language and the selected advertiser/publisher.
 */
import { SESSION_IDLE_MS, LANGUAGES, isRole, type Role } from '@adsuite/config';

export type Language = (typeof LANGUAGES)[number];

const KEYS = {
  token: 'token',
  created: 'created',
  name: 'name',
  surname: 'surname',
  email: 'email',
  role: 'role',
  language: 'language',
  advertiser: 'selectedAdvertiser',
  publisher: 'selectedPublisher',
  selectedType: 'selectedType',
  subscriptions: 'subscriptions',
} as const;

/** The answer of POST /api/auth/signin. */
export interface SignIn {
  accessToken: string;
  id?: string;
  name?: string;
  surname?: string;
  role: string;
  email?: string;
  subscriptions?: string[];
  language?: string;
  selectedType?: string;
  advertiser?: { _id?: string | null } | null;
  publisher?: { _id?: string | null } | null;
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const read = (key: string): string | null => storage()?.getItem(key) ?? null;
const write = (key: string, value: string | null | undefined) => {
  if (value === null || value === undefined || value === '') storage()?.removeItem(key);
  else storage()?.setItem(key, value);
};

export const session = {
  token: () => read(KEYS.token),
  role: (): Role | null => {
    const role = read(KEYS.role);
    return isRole(role) ? role : null;
  },
  selectedAdvertiser: () => read(KEYS.advertiser),
  selectedPublisher: () => read(KEYS.publisher),

  language(): Language {
    const stored = read(KEYS.language);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'de';
  },
  setLanguage(language: Language) {
    write(KEYS.language, language);
  },

  start(answer: SignIn, now = Date.now()) {
    write(KEYS.token, answer.accessToken);
    write(KEYS.created, String(now));
    write(KEYS.name, answer.name);
    write(KEYS.surname, answer.surname);
    write(KEYS.email, answer.email);
    write(KEYS.role, answer.role);
    write(KEYS.selectedType, answer.selectedType);
    write(KEYS.subscriptions, JSON.stringify(answer.subscriptions ?? []));
    if (answer.language && (LANGUAGES as readonly string[]).includes(answer.language)) write(KEYS.language, answer.language);
    session.select({ advertiser: answer.advertiser?._id ?? null, publisher: answer.publisher?._id ?? null });
  },

  select({ advertiser, publisher }: { advertiser?: string | null; publisher?: string | null }) {
    if (advertiser !== undefined) write(KEYS.advertiser, advertiser);
    if (publisher !== undefined) write(KEYS.publisher, publisher);
  },

  /** Whether the session is still alive: a token whose last activity lies within the idle limit. */
  state(now = Date.now()): 'active' | 'idle' | 'none' {
    const created = Number(read(KEYS.created));
    if (!read(KEYS.token) || !created) return 'none';
    return now - created > SESSION_IDLE_MS ? 'idle' : 'active';
  },
  /** Activity moves the idle limit on (SPEC section 4 "Session"). */
  touch(now = Date.now()) {
    write(KEYS.created, String(now));
  },

  /** Forgets the signed-in user; the language choice stays, it belongs to the browser. */
  clear() {
    for (const [name, key] of Object.entries(KEYS)) if (name !== 'language') storage()?.removeItem(key);
  },
};
