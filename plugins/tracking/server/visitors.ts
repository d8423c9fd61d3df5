/**
 * Who a tracked request comes from, as far as the privacy page allows (SPEC section 1 "Privacy"):
 * - the ad server's cookie `adsuite_v`: a random id, set on ad views and clicks for 30 days (third-party on the
 *   publisher's and the shop's pages, so it needs SameSite=None; Secure). It lets an order be attributed to an
 *   earlier view (post-view) where the browser keeps third-party cookies; browsers that block them (Safari,
 *   Firefox, Chrome with third-party cookies off) send no cookie, and only post-click conversions are counted;
 * - a salted hash of IP and user agent that rotates daily (the salt is derived from the server secret and the
 *   day), for unique visitors without a cookie; the IP itself is never stored;
 * - opt-out (the cookie `adsuite_optout` set by /t/optout), Do-Not-Track and Global Privacy Control: nothing
 *   that identifies the browser is stored or set; ads are still counted (and billed) anonymously, onsite events
 *   are not recorded at all;
 * - known bots and crawlers (the `isbot` list): stored flagged and never billed or counted.
 */
import { createHmac, hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import { isUuid } from '@adsuite/backend/kit';

export const VISITOR_COOKIE = 'adsuite_v';
export const OPTOUT_COOKIE = 'adsuite_optout';
const THIRTY_DAYS_S = 30 * 86_400;

export interface Visitor {
  /** The ad server's cookie id, or the day's IP hash; null when the visitor opted out. */
  visitor: string | null;
  /** The cookie id alone (post-view attribution needs the same browser). */
  cookie: string | null;
  ipHash: string | null;
  /** The cookie was made for this request: no earlier event has this visitor. */
  minted: boolean;
  optedOut: boolean;
  bot: boolean;
  userAgent: string;
}

function cookies(req: IncomingMessage): Record<string, string> {
  const header = req.headers.cookie;
  if (!header) return {};
  const found: Record<string, string> = {};
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) found[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return found;
}

const salts = new Map<string, string>();
function dailySalt(secret: string, day: string): string {
  let salt = salts.get(day);
  if (!salt) {
    salt = createHmac('sha256', secret).update(`tracking-salt:${day}`).digest('hex');
    salts.clear();
    salts.set(day, salt);
  }
  return salt;
}

export function optedOut(req: IncomingMessage): boolean {
  return req.headers.dnt === '1' || req.headers['sec-gpc'] === '1' || cookies(req)[OPTOUT_COOKIE] === '1';
}

/**
 * isbot's verdict per user agent, remembered (its one large expression cost more than the rest of a click's checks;
 * browsers send few distinct user agents). Bounded: emptied when it holds 5,000.
 */
const botVerdicts = new Map<string, boolean>();
function isBotAgent(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    if (botVerdicts.size >= 5_000) botVerdicts.clear();
    botVerdicts.set(userAgent, (verdict = isbot(userAgent)));
  }
  return verdict;
}

/** Reads (and, with `res`, sets) who the request comes from. */
export function visitorOf(req: IncomingMessage, secret: string, res?: ServerResponse): Visitor {
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 500);
  const bot = !userAgent || isBotAgent(userAgent);
  if (optedOut(req)) return { visitor: null, cookie: null, ipHash: null, minted: false, optedOut: true, bot, userAgent };
  const ip = req.socket.remoteAddress ?? '';
  const day = new Date().toISOString().slice(0, 10);
  const ipHash = hash('sha256', `${dailySalt(secret, day)}|${ip}|${userAgent}`, 'base64url').slice(0, 32);
  let cookie: string | null = cookies(req)[VISITOR_COOKIE] ?? null;
  if (cookie && !isUuid(cookie)) cookie = null;
  let minted = false;
  if (!cookie && res && !bot) {
    cookie = randomUUID();
    minted = true;
    res.setHeader('Set-Cookie', `${VISITOR_COOKIE}=${cookie}; Max-Age=${THIRTY_DAYS_S}; Path=/; SameSite=None; Secure; HttpOnly`);
  }
  return { visitor: cookie ?? ipHash, cookie, ipHash, minted, optedOut: false, bot, userAgent };
}

/** Sets the opt-out marker for a year and forgets the visitor id. */
export function optOut(res: ServerResponse): void {
  res.setHeader('Set-Cookie', [
    `${OPTOUT_COOKIE}=1; Max-Age=${365 * 86_400}; Path=/; SameSite=None; Secure`,
    `${VISITOR_COOKIE}=; Max-Age=0; Path=/; SameSite=None; Secure; HttpOnly`,
  ]);
}

/** The host of a URL, or null. */
export function hostOf(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    return new URL(url).hostname.slice(0, 253) || null;
  } catch {
    return null;
  }
}
