/**
 * Fetching a feed from its URL without reaching into the server's own network (SSRF): only http(s), and only
 * addresses that are public unicast. The check is made on the address the socket connects to, after the name was
 * resolved (the lookup refuses a name with any non-public address, and the connected socket's address is checked
 * again, which also covers IP literals), and again for every redirect, which is followed by hand. Loopback is
 * allowed only with CATALOG_FEED_ALLOW_LOOPBACK (tests); private, link-local, unique-local, CGNAT, multicast,
 * reserved and IPv4-in-IPv6 translation ranges never are. Special-use names (.test, .example, .invalid, .local,
 * example.com) are refused without a lookup. The body is counted against the size limit; the socket's silence and the whole
 * download are timed.
 */
import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { text } from '@adsuite/backend/kit';
import { FeedError, shortDetail } from './feedError.ts';
import { megabytes, type FeedSettings } from './settings.ts';

/**
 * Names that are no real feed host: special-use top-level names (RFC 2606, RFC 6761, RFC 6762) and the documentation
 * domains example.com/.net/.org. They are refused without asking DNS, so demo data and tests never send a request out.
 */
const SPECIAL_USE = /(^|\.)(test|example|invalid|local)$|(^|\.)example\.(com|net|org)$/i;

/** Whether a feed may come from `address` (an IP literal). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' || (range === 'loopback' && allowLoopback);
}

const asFeedError = (error: unknown) => (error instanceof FeedError ? error : new FeedError(text('catalogs.feed.network', { detail: shortDetail(error) })));

const refused = (address: string) => new FeedError(text('catalogs.feed.refused_address', { address }));

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that answers only when every address of the name is allowed. */
function checkedLookup(allowLoopback: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(new FeedError(text('catalogs.feed.unresolved', { host: hostname })) as NodeJS.ErrnoException, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((entry) => !isAllowedAddress(entry.address, allowLoopback));
      if (bad || !list.length) return callback(refused(bad?.address ?? hostname) as NodeJS.ErrnoException, []);
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** The URL if it is one a feed may come from, else a FeedError. */
function feedUrl(value: string, settings: FeedSettings): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FeedError(text('catalogs.feed.bad_url'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError(text('catalogs.feed.bad_url'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isAllowedAddress(host, settings.allowLoopback)) throw refused(host);
  if (SPECIAL_USE.test(host)) throw new FeedError(text('catalogs.feed.unresolved', { host }));
  return url;
}

/** The body's bytes counted against the limit: more is an error, and the download stops. */
export function byteLimit(max: number, key: 'too_large' | 'unpacked_too_large'): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) return done(new FeedError(text(`catalogs.feed.${key}`, { max: megabytes(max) })));
      done(null, chunk);
    },
  });
}

interface Exchange {
  response: IncomingMessage;
  abort: (error: Error) => void;
  /** Why the exchange was aborted (a limit), which the body's error then reports. */
  reason: () => Error | undefined;
}

function request(url: URL, settings: FeedSettings): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      lookup: checkedLookup(settings.allowLoopback) as unknown as typeof dns.lookup,
      headers: { 'User-Agent': 'AdSuite catalog import', Accept: '*/*', 'Accept-Encoding': 'identity' },
      agent: false,
    });
    let reason: Error | undefined;
    const abort = (error: Error) => {
      reason ??= error;
      req.destroy(error);
    };
    req.setTimeout(settings.idleMs, () => abort(new FeedError(text('catalogs.feed.timeout', { seconds: Math.round(settings.idleMs / 1000) }))));
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? '';
        if (!isAllowedAddress(address, settings.allowLoopback)) abort(refused(address));
      });
    });
    req.on('response', (response) => resolve({ response, abort, reason: () => reason }));
    req.on('error', (error) => reject(asFeedError(reason ?? error)));
    req.end();
  });
}

/**
 * The feed's body at `value` (redirects followed, each hop checked), as a stream that errors with a FeedError when
 * the size or time limit is passed.
 */
export async function fetchFeed(value: string, settings: FeedSettings): Promise<Readable> {
  let url = feedUrl(value, settings);
  for (let hop = 0; ; hop++) {
    const { response, abort, reason } = await request(url, settings);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      abort(new Error('redirected'));
      if (hop >= settings.maxRedirects) throw new FeedError(text('catalogs.feed.too_many_redirects', { max: settings.maxRedirects }));
      let next: string;
      try {
        next = new URL(response.headers.location, url).toString();
      } catch {
        throw new FeedError(text('catalogs.feed.bad_url'));
      }
      url = feedUrl(next, settings);
      continue;
    }
    if (status !== 200) {
      response.resume();
      abort(new Error('refused'));
      throw new FeedError(text('catalogs.feed.status', { status }));
    }
    const length = Number(response.headers['content-length']);
    if (Number.isFinite(length) && length > settings.maxBytes) {
      abort(new Error('too large'));
      throw new FeedError(text('catalogs.feed.too_large', { max: megabytes(settings.maxBytes) }));
    }
    const limited = byteLimit(settings.maxBytes, 'too_large');
    const timer = setTimeout(() => abort(new FeedError(text('catalogs.feed.timeout', { seconds: Math.round(settings.timeoutMs / 1000) }))), settings.timeoutMs);
    timer.unref();
    response.on('error', (error) => limited.destroy(asFeedError(reason() ?? error)));
    response.on('aborted', () => limited.destroy(asFeedError(reason() ?? new Error('connection closed'))));
    limited.on('close', () => {
      clearTimeout(timer);
      if (!response.complete) abort(new Error('stopped'));
    });
    response.pipe(limited);
    return limited;
  }
}
