/** Messages that must survive a page change: after a reload, and on the sign-in page. */
const NOTICE = 'adsuite.notice';
const SIGN_IN_REASON = 'adsuite.signInReason';

const storage = () => globalThis.sessionStorage;

/** Shown once by the layout after the reload that follows "Access changed." */
export function leaveNotice(messageKey: string) {
  storage()?.setItem(NOTICE, messageKey);
}

export function takeNotice(): string | null {
  const messageKey = storage()?.getItem(NOTICE) ?? null;
  if (messageKey) storage()?.removeItem(NOTICE);
  return messageKey;
}

/** Why the user was sent to sign in (no session, or an idle one); shown there until the next sign-in. */
export const signInReason = {
  leave: (messageKey: string) => storage()?.setItem(SIGN_IN_REASON, messageKey),
  read: (): string | null => storage()?.getItem(SIGN_IN_REASON) ?? null,
  clear: () => storage()?.removeItem(SIGN_IN_REASON),
};
