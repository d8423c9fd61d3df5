/**
 * The admin's view of what the browser keeps between visits (SPEC section 3 "Stored locally"). The keys and
 * the rules (idle limit, what logout forgets) are shared with the public portal in @adsuite/config/session.
 */
import { isRole, type Role } from '@adsuite/config';
import {
  SESSION_KEYS, clearSession, readStored, sessionState, setStoredLanguage, storeSelection, storeSignIn, storedLanguage,
  touchSession, type Language, type SignInAnswer,
} from '@adsuite/config/session';

export type { Language, SignInAnswer };

export const session = {
  token: () => readStored(SESSION_KEYS.token),
  role: (): Role | null => {
    const role = readStored(SESSION_KEYS.role);
    return isRole(role) ? role : null;
  },
  selectedAdvertiser: () => readStored(SESSION_KEYS.selectedAdvertiser),
  selectedPublisher: () => readStored(SESSION_KEYS.selectedPublisher),
  /** `publisher` while the user works in the publisher area, else `advertiser`. */
  selectedType: () => readStored(SESSION_KEYS.selectedType),
  setSelectedType: (type: string) => globalThis.localStorage?.setItem(SESSION_KEYS.selectedType, type),
  language: storedLanguage,
  setLanguage: setStoredLanguage,
  /** A new token for the same session (after the own password change ended the earlier ones). */
  replaceToken: (token: string) => globalThis.localStorage?.setItem(SESSION_KEYS.token, token),
  /** Starts a session from the answer of POST /api/auth/signin. */
  start: storeSignIn,
  /** `undefined` leaves a selection as it is, `null` forgets it. */
  select: storeSelection,
  state: sessionState,
  /** Activity moves the idle limit on (SPEC section 4 "Session"). */
  touch: touchSession,
  /** Forgets the signed-in user; the language choice stays. */
  clear: clearSession,
};
