/** A message that must survive a page reload (the reload after "Access changed." or an advertiser switch). */
const KEY = 'adsuite.notice';

export function leaveNotice(messageKey: string) {
  globalThis.sessionStorage?.setItem(KEY, messageKey);
}

export function takeNotice(): string | null {
  const messageKey = globalThis.sessionStorage?.getItem(KEY) ?? null;
  if (messageKey) globalThis.sessionStorage?.removeItem(KEY);
  return messageKey;
}
