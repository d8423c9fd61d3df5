/**
 * `npm run simulate`: live traffic for the ad server of a running AdSuite (plugins/tracking), so the statistics
 * screens move while you watch. For the delivering house line items of the demo data (active, not paused by the
 * user, campaign active; found through the API as the systemoperator) it sends, at a chosen rate:
 *
 *   banner views   GET  /banner?id=&lineitem=&pub=&site=   from the demo publisher's websites (Referer: an article there)
 *   clicks         GET  /s/{banner}/{lineitem}/1/{subid}    the link of the visitor's last view of the line item (a view
 *                                                            first when it has none), once; the adsuite_click id of the redirect is kept
 *   onsite events  POST /t/e  front, product, cart, checkout on the advertiser's shop, with the visitor's click id
 *   orders         POST /t/e  cls order with order id and cart value and the click id: post-click conversions
 *
 * Each request comes from one of a pool of simulated visitors (a browser user agent, the ad server's cookie once
 * it set one), at even intervals (an open loop: `--rate` requests per second whatever the answers do), with a
 * progress line updated in place, until Ctrl-C or the end of `--duration`.
 *
 *   npm run simulate                                    # http://localhost:8080, 20 requests per second, until Ctrl-C
 *   npm run simulate -- --url http://localhost:3000 --rate 100 --duration 60
 *
 * Line items whose budget or balance the traffic uses up are auto-paused by the server: they are still shown and
 * clicked (a paused line item's click still redirects) but no longer billed, as on a real site. A visitor of the
 * pool clicks now and then more often than the ad server's click rate allows: those clicks are stored as invalid
 * (docs/tracking-and-money.md "Invalid traffic").
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The demo publisher's websites (as the demo history uses them: plugins/tracking/server/history.ts DEMO_WEBSITES). */
export const SIMULATED_WEBSITES = ['news.demo.test', 'sport.demo.test', 'recipes.demo.test', 'travel-blog.demo.test'];
/** The channels AdSuite's own ad server delivers (plugins/booking/server/publishing/connectors HOUSE_CHANNELS). */
const HOUSE_CHANNELS = ['platform161', 'ssp1', 'affiliate', 'affiliate_cpc'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
const ARTICLES = ['/', '/today', '/article/market-report', '/article/weekend-tips', '/article/best-of-2026', '/gallery/summer'];
const PRODUCTS = ['SKU-1001', 'SKU-1002', 'SKU-2040', 'SKU-3300', 'SKU-4711', 'SKU-5150'];
const ONSITE = ['front', 'product', 'cart', 'checkout'] as const;
/** Share of the requests per kind (an order needs a visitor who clicked; without one it is a click). */
const MIX = { view: 0.6, click: 0.08, onsite: 0.27, order: 0.05 };
const VISITORS = 300;
const MAX_IN_FLIGHT = 512;
const REFRESH_MS = 30_000;

export interface SimulateOptions {
  /** The server, e.g. http://localhost:8080. */
  url: string;
  /** Requests per second. */
  rate: number;
  /** Seconds; undefined = until the signal aborts. */
  duration?: number;
  email?: string;
  password?: string;
  /** Stops the traffic (Ctrl-C). */
  signal?: AbortSignal;
  /** Where the progress goes: `line` replaces the last one (a terminal) or is a line of its own. */
  progress?: (line: string, final: boolean) => void;
  /** How often the progress line is updated (ms). */
  progressEvery?: number;
  random?: () => number;
  /** Called once the line items to simulate are known. */
  onStart?: (lineitems: SimulatedLineItem[]) => void;
}

export interface SimulatedLineItem {
  id: string; name: string; advertiser: string; campaign: string; channel: string; banners: string[]; shop: string;
}

export interface SimulationSummary {
  sent: number; ok: number; errors: number; views: number; clicks: number; events: number; orders: number;
  seconds: number; lineitems: SimulatedLineItem[];
  /** Answers other than expected, by status (`network` for failed requests), with the last message. */
  failures: Record<string, number>;
  lastError: string | null;
}

/** A simulated browser: its cookie, its click ids per advertiser, the link of its last view of each line item. */
interface Visitor { ua: string; cookie: string | null; clicks: Map<string, string>; links: Map<string, string> }

/** The value of a `--name value` or `--name=value` argument. */
function argument(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

/** Seconds from `90`, `90s`, `5m` or `1h`. */
export function parseDuration(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/.exec(raw.trim());
  if (!match) throw new Error(`--duration: a number of seconds (or 5m, 1h), got "${raw}"`);
  return Number(match[1]) * ({ s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] ?? 1);
}

export function parseArguments(argv: string[], env: NodeJS.ProcessEnv = process.env): Omit<SimulateOptions, 'signal' | 'progress'> & { help: boolean } {
  const url = (argument(argv, 'url') ?? env.SIMULATE_URL ?? `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(url)) throw new Error(`--url: an http(s) address, got "${url}"`);
  const rate = Number(argument(argv, 'rate') ?? 20);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 100_000) throw new Error('--rate: requests per second, more than 0');
  const duration = argument(argv, 'duration');
  return {
    url, rate, duration: duration === undefined ? undefined : parseDuration(duration),
    email: argument(argv, 'email') ?? env.SIMULATE_EMAIL ?? 'sysop@demo.test',
    password: argument(argv, 'password') ?? env.SIMULATE_PASSWORD ?? 'demo-password',
    help: argv.includes('--help') || argv.includes('-h'),
  };
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Signs in and reads what to simulate: the delivering house line items, the demo publisher, the advertisers' shops. */
export async function simulationTargets(url: string, email = 'sysop@demo.test', password = 'demo-password') {
  const signin = await fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { accessToken } = await json<{ accessToken: string }>(signin, `sign-in as ${email} at ${url}`);
  const api = async <T>(path: string) => json<T>(await fetch(`${url}/api/${path}`, { headers: { Authorization: `Bearer ${accessToken}`, Language: 'en' } }), `GET /api/${path}`);
  const query = (filter: object, extra = '') => `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent('[0,999]')}${extra}`;

  type Row = { id: string; name: string; channel: string; creatives: string[] | null; advertiser: { id: string; url: string | null } | string; campaign: { id: string; status: string } | string };
  const rows = await api<Row[]>(`lineitem?${query({ active: true, userpaused: false, channel: HOUSE_CHANNELS })}&populate=campaign,advertiser`);
  const lineitems: SimulatedLineItem[] = rows.flatMap((row) => {
    if (typeof row.campaign !== 'object' || row.campaign.status !== 'active' || typeof row.advertiser !== 'object') return [];
    const banners = (row.creatives ?? []).filter((id): id is string => typeof id === 'string');
    if (!banners.length) return [];
    let shop = 'https://shop.demo.test';
    try {
      if (row.advertiser.url) shop = new URL(row.advertiser.url).origin;
    } catch {
      // the demo shop stands in
    }
    return [{ id: row.id, name: row.name, advertiser: row.advertiser.id, campaign: row.campaign.id, channel: row.channel, banners, shop }];
  });
  const publishers = await api<{ id: string; name: string }[]>(`publisher?${query({ q: 'Demo Publisher' })}`);
  const publisher = publishers.find((p) => p.name === 'Demo Publisher')?.id ?? publishers[0]?.id ?? null;
  return { lineitems, publisher };
}

/** Sends the traffic until the duration ends or the signal aborts; answers what was sent. */
export async function simulate(options: SimulateOptions): Promise<SimulationSummary> {
  const random = options.random ?? Math.random;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const { url } = options;
  let targets = await simulationTargets(url, options.email, options.password);
  if (!targets.lineitems.length) throw new Error(`no delivering house line item at ${url} (active, not paused by the user, campaign active, with a creative)`);

  options.onStart?.(targets.lineitems);
  const summary: SimulationSummary = {
    sent: 0, ok: 0, errors: 0, views: 0, clicks: 0, events: 0, orders: 0, seconds: 0, lineitems: targets.lineitems, failures: {}, lastError: null,
  };
  const visitors: Visitor[] = Array.from({ length: VISITORS }, () => ({ ua: pick(USER_AGENTS), cookie: null, clicks: new Map(), links: new Map() }));
  const fail = (key: string, message: string) => {
    summary.errors += 1;
    summary.failures[key] = (summary.failures[key] ?? 0) + 1;
    summary.lastError = message;
  };
  const headers = (visitor: Visitor, extra: Record<string, string> = {}) => ({ 'User-Agent': visitor.ua, ...(visitor.cookie ? { Cookie: `adsuite_v=${visitor.cookie}` } : {}), ...extra });
  const keepCookie = (visitor: Visitor, res: Response) => {
    const match = /adsuite_v=([0-9a-f-]{36})/.exec(res.headers.get('set-cookie') ?? '');
    if (match) visitor.cookie = match[1];
  };
  const placement = (site: string) =>
    new URLSearchParams({ ...(targets.publisher ? { pub: targets.publisher } : {}), site }).toString();

  /** A view; `beforeClick`: the view a click needs, counted as a view but not as a request of its own. */
  const view = async (visitor: Visitor, lineitem: SimulatedLineItem, beforeClick = false) => {
    const site = pick(SIMULATED_WEBSITES);
    const subid = `sim-${Math.floor(random() * 100)}`;
    const res = await fetch(`${url}/banner?id=${pick(lineitem.banners)}&lineitem=${lineitem.id}&subid=${subid}&${placement(site)}`, {
      headers: headers(visitor, { Referer: `https://${site}${pick(ARTICLES)}` }),
    });
    const page = await res.text();
    if (res.status !== 200) return fail(String(res.status), `view of ${lineitem.name}: ${res.status}`);
    keepCookie(visitor, res);
    const link = /href="(\/s\/[^"]+)"/.exec(page)?.[1];
    if (link) visitor.links.set(lineitem.id, link.replaceAll('&amp;', '&'));
    summary.views += 1;
    if (!beforeClick) summary.ok += 1;
  };
  const click = async (visitor: Visitor, lineitem: SimulatedLineItem) => {
    // The link of the ad the visitor saw (its own click id, clicked once); a view first when it saw none.
    if (!visitor.links.has(lineitem.id)) await view(visitor, lineitem, true);
    // An ad code's page names its link in a script: the splitter then, with the view's website.
    const link = visitor.links.get(lineitem.id) ?? `/s/${pick(lineitem.banners)}/${lineitem.id}/1/sim-${Math.floor(random() * 100)}?${placement(pick(SIMULATED_WEBSITES))}`;
    visitor.links.delete(lineitem.id);
    const site = new URL(link, url).searchParams.get('site') ?? pick(SIMULATED_WEBSITES);
    const res = await fetch(`${url}${link}`, {
      redirect: 'manual', headers: headers(visitor, { Referer: `https://${site}${pick(ARTICLES)}` }),
    });
    await res.arrayBuffer();
    if (res.status !== 302) return fail(String(res.status), `click on ${lineitem.name}: ${res.status}`);
    keepCookie(visitor, res);
    const location = res.headers.get('location') ?? '';
    const clickId = /[?&]adsuite_click=([0-9a-f-]{36})/.exec(location)?.[1];
    if (clickId) visitor.clicks.set(lineitem.advertiser, clickId);
    summary.clicks += 1;
    summary.ok += 1;
  };
  const onsite = async (visitor: Visitor, lineitem: SimulatedLineItem, order: boolean) => {
    const clickId = visitor.clicks.get(lineitem.advertiser) ?? null;
    const cls = order ? 'order' : pick(ONSITE);
    const product = pick(PRODUCTS);
    const page = { front: '/', product: `/p/${product}`, cart: '/cart', checkout: '/checkout', order: '/checkout/thanks' }[cls];
    const body = {
      a: lineitem.advertiser, cls, id: randomUUID(), url: `${lineitem.shop}${page}`, ref: null, click: clickId,
      ...(cls === 'product' || cls === 'cart' ? { product } : {}),
      ...(order ? { order: `SIM-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`, value: Math.round((15 + random() * 185) * 100) / 100 } : {}),
    };
    const res = await fetch(`${url}/t/e`, {
      method: 'POST', body: JSON.stringify(body),
      headers: headers(visitor, { 'Content-Type': 'text/plain;charset=UTF-8', Origin: lineitem.shop, Referer: `${lineitem.shop}${page}` }),
    });
    await res.arrayBuffer();
    if (res.status !== 204) return fail(String(res.status), `${cls} event of ${lineitem.name}: ${res.status}`);
    if (order) {
      visitor.clicks.delete(lineitem.advertiser);
      summary.orders += 1;
    } else {
      summary.events += 1;
    }
    summary.ok += 1;
  };

  const one = async () => {
    const visitor = pick(visitors);
    const lineitem = pick(targets.lineitems);
    const roll = random();
    if (roll < MIX.view) return view(visitor, lineitem);
    if (roll < MIX.view + MIX.click) return click(visitor, lineitem);
    if (roll < MIX.view + MIX.click + MIX.onsite) return onsite(visitor, lineitem, false);
    // An order comes from a visitor who clicked; without one in the pool, this request is a click.
    const buyer = visitors.find((v) => v.clicks.has(lineitem.advertiser));
    return buyer ? onsite(buyer, lineitem, true) : click(visitor, lineitem);
  };

  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let recent: { at: number; ok: number }[] = [{ at: started, ok: 0 }];
  const line = () => {
    const now = performance.now();
    recent.push({ at: now, ok: summary.ok });
    recent = recent.filter((entry) => now - entry.at <= 5_000);
    const first = recent[0];
    const rate = now > first.at ? ((summary.ok - first.ok) * 1000) / (now - first.at) : 0;
    const elapsed = Math.round((now - started) / 1000);
    return `sent ${summary.sent}  ok ${summary.ok}  errors ${summary.errors}  rate ${rate.toFixed(1)}/s  `
      + `(views ${summary.views}, clicks ${summary.clicks}, events ${summary.events}, orders ${summary.orders})  ${elapsed}s`;
  };
  const progress = options.progress ?? (() => {});
  const ticker = setInterval(() => progress(line(), false), options.progressEvery ?? 500);
  const refresher = setInterval(() => {
    simulationTargets(url, options.email, options.password)
      .then((next) => {
        if (next.lineitems.length) targets = next;
        summary.lineitems = targets.lineitems;
      })
      .catch(() => {});
  }, REFRESH_MS);

  // Open loop: the requests due by now are sent every few milliseconds, whatever the answers do.
  const end = options.duration === undefined ? Infinity : started + options.duration * 1000;
  const TICK_MS = Math.max(5, Math.min(50, 1000 / options.rate));
  try {
    while (!options.signal?.aborted) {
      const now = performance.now();
      if (now >= end) break;
      const due = Math.floor(((now - started) / 1000) * options.rate) + 1 - summary.sent;
      for (let i = 0; i < due && inFlight.size < MAX_IN_FLIGHT; i++) {
        summary.sent += 1;
        const request: Promise<void> = one()
          .catch((error: Error) => fail('network', `${error.message}${error.cause ? ` (${(error.cause as Error).message ?? error.cause})` : ''}`))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, TICK_MS);
        options.signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
      });
    }
    // Let the requests under way be answered (a few seconds at most).
    await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  } finally {
    clearInterval(ticker);
    clearInterval(refresher);
  }
  summary.seconds = (performance.now() - started) / 1000;
  progress(line(), true);
  return summary;
}

const USAGE = `npm run simulate -- [--url http://localhost:8080] [--rate 20] [--duration 60|5m] [--email sysop@demo.test --password demo-password]
Sends banner views, clicks, onsite events and orders for the delivering house line items of the demo data
to a running AdSuite at --rate requests per second, until Ctrl-C or the end of --duration.`;

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  console.log(`Simulating traffic at ${options.url}: ${options.rate} requests per second${options.duration ? ` for ${options.duration} s` : ' until Ctrl-C'}`);
  const stop = new AbortController();
  process.on('SIGINT', () => {
    if (stop.signal.aborted) process.exit(130);
    stop.abort();
  });
  process.on('SIGTERM', () => stop.abort());
  const tty = process.stdout.isTTY;
  let lastPrinted = 0;
  const summary = await simulate({
    ...options,
    signal: stop.signal,
    onStart(lineitems) {
      console.log(`Line items: ${lineitems.map((l) => l.name).join(', ')}; websites: ${SIMULATED_WEBSITES.join(', ')}`);
    },
    progress(line, final) {
      if (tty) process.stdout.write(`\r\x1b[K${line}${final ? '\n' : ''}`);
      // Not a terminal (a log file, CI): a line every 5 seconds.
      else if (final || Date.now() - lastPrinted >= 5_000) {
        lastPrinted = Date.now();
        process.stdout.write(`${line}\n`);
      }
    },
    progressEvery: tty ? 250 : 1_000,
  }).catch((error: Error) => {
    console.error(`simulate: ${error.message}${error.cause ? ` (${(error.cause as Error).message ?? error.cause})` : ''}`);
    process.exit(1);
  });
  if (summary.errors) {
    console.log(`errors by answer: ${Object.entries(summary.failures).map(([key, n]) => `${key} x${n}`).join(', ')}; last: ${summary.lastError}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
