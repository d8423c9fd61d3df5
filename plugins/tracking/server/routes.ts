/**
 * The public tracking endpoints (outside /api, no token; SPEC section 7):
 *   GET  /banner?id=&lineitem=&pub=&site=&subid=  a banner served for delivery: counts a view, links through the splitter
 *   GET  /s/{bannerId}/{lineItemId}/1/{SUBID}      the click splitter: counts a click, 302 to the target with adsuite_click=
 *   GET  /t/i.gif?banner=&lineitem=&pub=&site=     the view pixel for banners delivered by third-party ad tags
 *   POST /t/e                                      onsite events of the container script (text/plain or JSON, 16 KB)
 *   GET  /c/{advertiserId}.js                      the container script
 *   GET  /t/optout                                 the privacy page's opt-out
 * A view or an event is answered once its batch committed (503 when the database refused it); a click always
 * redirects, since a visitor's click must never break.
 *
 * Every text of an input is checked before its event joins a batch (trackingInput.ts): a view, a pixel or an
 * onsite event with a text PostgreSQL cannot store (NUL, a lone surrogate) or one too long answers 400 naming the
 * field; a click drops such a sub id, website or publisher and still counts and redirects. A publisher id that is
 * no publisher's is not trusted: the view or click is stored without it (publishers.ts), invalid.
 *
 * A view or click that is not billed carries its reason (config/invalidTraffic.ts): what the request says here
 * (requestReason: a bot, a click of a visitor who opted out, a line item not delivering, a blacklisted website, an
 * unknown publisher; a view past its line item's frequency cap, by the ad server's counts: storeView), what the
 * visitor did before where its batch is written (invalidTraffic.ts). An ad's link carries its click id `c` (the id of
 * the view it was served with): clicked again, it is a repeated click; the link of a capped view, a capped click.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { type Core, HttpError, Invalid, isUuid, inWords, NotFound, primaryServices, requestLanguage, text } from '@adsuite/backend/kit';
import { EVENT_CLASSES, TRACKING_BODY_MAX_BYTES } from '@adsuite/config';
import { bannerPage } from '../../booking/server/kit.ts';
import { blockedOn, costMilli, deliveryLineItem, type DeliveryLineItem } from './delivery.ts';
import { eventId, GATHER, GroupCommit, lockedGroupCommit, locksAdvertiser, writeEvents, type TrackedEvent } from './pipeline.ts';
import { droppedUnlessClean, jsonTrouble, optionalText, refusedField, storable, troubleError } from './trackingInput.ts';
import { knownPublisher } from './publishers.ts';
import { PrimaryWriter } from './leader.ts';
import { requestReason } from './invalidTraffic.ts';
import { hostOf, optedOut, optOut, type Visitor, visitorOf } from './visitors.ts';
import { countDirectView } from '../../delivery/server/kit.ts';
import { containerScript } from './container.ts';
import { notFoundPage } from './answers.ts';
import { attribute, type Attribution, touchOf } from './attribution.ts';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const MAX_EVENTS = 20;
/** The largest cart value an order may report, in euros. */
const MAX_VALUE_EUROS = 1_000_000;

interface Pipeline {
  submit(events: TrackedEvent[]): Promise<void>;
}

/**
 * The pipeline of this process: one group commit shared by every tracking request. In a worker of `npm start`, a
 * submit that locks an advertiser (anything of a campaign) goes to the primary's one writer (leader.ts).
 */
export function pipelineOf(core: Core): Pipeline {
  const holder = core as Core & { trackingPipeline?: Pipeline };
  if (!holder.trackingPipeline) {
    // Where the pipeline has connections of its own (on PGlite, one session serves all): the batches that lock
    // nothing on two lanes, two at once when enough wait (GroupCommit); those that lock an advertiser on a third
    // connection, pipelined (lockedGroupCommit), and neither kind waits for the other's batch.
    const ownConnections = Boolean(core.db.connect);
    const unlocked = new GroupCommit((events, lane) => writeEvents(core, events, lane), { lanes: ownConnections ? 2 : 1, ...GATHER });
    const primary = primaryServices() ? new PrimaryWriter(
      (message, failed) => void process.send!(message, undefined, {}, (error) => error && failed(error)),
      (onMessage) => void process.on('message', onMessage),
    ) : null;
    const LOCKED_LANE = 2;
    const locked = primary ?? (ownConnections ? lockedGroupCommit((events) => writeEvents(core, events, LOCKED_LANE)) : unlocked);
    holder.trackingPipeline = {
      submit(events) {
        // The last check before a batch: nothing PostgreSQL cannot store joins one (the routes check every field first).
        for (const event of events) {
          const field = refusedField(event);
          if (field) {
            const message = text('tracking.bad_characters', { name: field });
            return Promise.reject(new Invalid(message, [{ field, message }]));
          }
        }
        // Each event's id and time are fixed from here on: a batch the database refused is written again in parts
        // (groupCommit.ts), and an event written again must be the same row.
        for (const event of events) {
          event.created ??= new Date();
          event.id ??= eventId(event.created.getTime());
        }
        return (locksAdvertiser(events) ? locked : unlocked).submit(events);
      },
    };
  }
  return holder.trackingPipeline;
}

/** An optional query parameter: a uuid, else 400. */
function optionalId(value: unknown, name: string): string | null {
  if (value === undefined || value === '') return null;
  if (!isUuid(value)) throw new Invalid(text('tracking.bad_id', { name }), [{ field: name, message: text('tracking.bad_id', { name }) }]);
  return value;
}

interface Placement {
  banner: string;
  lineitem: DeliveryLineItem;
  publisher: string | null;
  website: string | null;
  subid: string | null;
  /** The request named a publisher id that is no publisher's (dropped from `publisher`). */
  unknownPublisher: boolean;
}

type Query = Record<string, unknown>;

/**
 * The banner and line item of a delivery, checked: unknown ids are null (the 404 page), a malformed publisher id,
 * website or sub id a 400 (`lenient`, for a click: dropped). A publisher id that is no publisher's is dropped.
 */
async function placement(core: Core, req: IncomingMessage, query: Query, bannerId: unknown, lineitemId: unknown, lenient = false): Promise<Placement | null> {
  if (!isUuid(bannerId) || !isUuid(lineitemId)) return null;
  const named = lenient ? (isUuid(query.pub) ? query.pub : null) : optionalId(query.pub, 'pub');
  const site = lenient ? droppedUnlessClean(query.site, 253) : optionalText(query.site, 'site', 253);
  const subid = lenient ? droppedUnlessClean(query.subid, 200) : optionalText(query.subid, 'subid', 200);
  const lineitem = await deliveryLineItem(core, lineitemId);
  if (!lineitem || !lineitem.creatives.includes(bannerId)) return null;
  const publisher = named && (await knownPublisher(core, named)) ? named : null;
  return { banner: bannerId, lineitem, publisher, website: site ?? hostOf(req.headers.referer), subid, unknownPublisher: Boolean(named) && !publisher };
}

function viewEvent(req: IncomingMessage, who: Visitor, where: Placement): TrackedEvent {
  const invalid = requestReason({ kind: 'view', bot: who.bot, optedOut: who.optedOut, stopped: where.lineitem.stopped, unknownPublisher: where.unknownPublisher });
  return {
    kind: 'view', advertiser: where.lineitem.advertiser, campaign: where.lineitem.campaign, lineitem: where.lineitem.id, banner: where.banner,
    publisher: where.publisher, channel: where.lineitem.channel, website: where.website, referer: optionalReferer(req), subid: where.subid,
    visitor: who.visitor, newVisitor: who.minted, ipHash: who.ipHash, bot: who.bot, invalid, live: true, costMilli: invalid ? 0 : costMilli(where.lineitem, 'view'),
    data: who.cookie ? { cookie: true } : {},
  };
}

/**
 * A direct tag's view (the banner's page, the view pixel), answered once its batch committed. A view of a line item
 * with frequency caps counts against them as a placement's does (the delivery plugin's counts, read once per line
 * item and process, so a line item without caps costs no query); past a cap, or for a visitor without an id, it is
 * stored invalid (`capped`).
 */
async function storeView(core: Core, req: IncomingMessage, res: ServerResponse, where: Placement): Promise<TrackedEvent> {
  const who = visitorOf(req, core.env.jwtSecret, res);
  const event = viewEvent(req, who, where);
  const { capDay, capTotal } = where.lineitem;
  let counted: Awaited<ReturnType<typeof countDirectView>> | null = null;
  try {
    if (!event.invalid && (capDay !== null || capTotal !== null)) counted = await countDirectView(core, where.lineitem, who);
  } catch (error) {
    // The counts could not be read: the database is out of reach, as for a refused batch.
    console.error('[tracking] the frequency counts could not be read:', (error as Error)?.message ?? error);
    throw new HttpError(503, text('tracking.unavailable'));
  }
  if (counted === 'capped') Object.assign(event, { invalid: 'capped', costMilli: 0 });
  try {
    await submitEvents(core, [event]);
  } catch (error) {
    if (counted && counted !== 'capped') counted.undo();
    throw error;
  }
  return event;
}

/** The Referer, up to 2,000 characters; none when it holds what PostgreSQL cannot store. */
export function optionalReferer(req: IncomingMessage): string | null {
  const referer = typeof req.headers.referer === 'string' ? req.headers.referer.slice(0, 2000) : null;
  return referer && storable(referer) ? referer : null;
}

export function withClickId(target: string, clickId: string | null): string {
  try {
    const url = new URL(target);
    if (clickId) url.searchParams.set('adsuite_click', clickId);
    return url.toString();
  } catch {
    return target;
  }
}

/**
 * The target of a line item's clicks with the click id appended, as withClickId makes it, by appending to a prefix
 * kept per target where that gives the same text (every click of a line item parses the same URL otherwise).
 */
const clickPrefixes = new Map<string, string | null>();
const PROBE_ID = '00000000-0000-4000-8000-000000000000';
export function clickTarget(target: string, clickId: string | null): string {
  if (!clickId) return withClickId(target, null);
  let prefix = clickPrefixes.get(target);
  if (prefix === undefined) {
    const probe = withClickId(target, PROBE_ID);
    const url = URL.canParse(target) ? new URL(target) : null;
    const candidate = url && !url.hash && !url.searchParams.has('adsuite_click') ? `${url.toString()}${url.search ? '&' : '?'}adsuite_click=` : null;
    prefix = candidate !== null && `${candidate}${PROBE_ID}` === probe ? candidate : null;
    if (clickPrefixes.size >= 10_000) clickPrefixes.clear();
    clickPrefixes.set(target, prefix);
  }
  return prefix === null ? withClickId(target, clickId) : `${prefix}${clickId}`;
}

const advertisers = new Map<string, { at: number; exists: boolean }>();
async function advertiserExists(core: Core, id: string): Promise<boolean> {
  const hit = advertisers.get(id);
  if (hit && Date.now() - hit.at < 60_000) return hit.exists;
  const [row] = await core.sequelize.query('SELECT 1 AS one FROM advertisers WHERE id = $1 AND archived_at IS NULL', { bind: [id], type: QueryTypes.SELECT });
  if (advertisers.size > 10_000) advertisers.clear();
  advertisers.set(id, { at: Date.now(), exists: Boolean(row) });
  return Boolean(row);
}

/** One onsite event of the body, checked; field errors name its index. */
function onsiteInput(raw: unknown, index: number) {
  const at = (field: string) => `${index}.${field}`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Invalid(text('tracking.bad_body', { max: MAX_EVENTS }));
  const input = raw as Record<string, unknown>;
  const advertiser = input.a ?? input.advertiser;
  if (!isUuid(advertiser)) throw new Invalid(text('tracking.bad_id', { name: 'a' }), [{ field: at('a'), message: text('tracking.bad_id', { name: 'a' }) }]);
  const cls = input.cls;
  if (typeof cls !== 'string' || !(EVENT_CLASSES as readonly string[]).includes(cls)) {
    const message = text('tracking.bad_class', { cls: String(cls ?? '').slice(0, 40), options: EVENT_CLASSES.join(', ') });
    throw new Invalid(message, [{ field: at('cls'), message }]);
  }
  const field = (name: string, max: number) => optionalText(input[name], name, max, at(name));
  let value: number | null = null;
  if (input.value !== undefined && input.value !== null && input.value !== '') {
    const euros = typeof input.value === 'string' ? Number(input.value.replace(',', '.')) : input.value;
    if (typeof euros !== 'number' || !Number.isFinite(euros) || euros < 0 || euros > MAX_VALUE_EUROS) {
      const message = text('tracking.bad_value', { max: { money: MAX_VALUE_EUROS * 100 } });
      throw new Invalid(message, [{ field: at('value'), message }]);
    }
    value = Math.round(euros * 100);
  }
  const click = input.click === null || input.click === undefined || input.click === '' ? null : input.click;
  if (click !== null && !isUuid(click)) throw new Invalid(text('tracking.bad_id', { name: 'click' }), [{ field: at('click'), message: text('tracking.bad_id', { name: 'click' }) }]);
  const order = field('order', 200);
  if (cls === 'order' && !order) throw new Invalid(text('tracking.order_id'), [{ field: at('order'), message: text('tracking.order_id') }]);
  let data: Record<string, unknown> = {};
  if (input.data !== undefined && input.data !== null) {
    if (typeof input.data !== 'object' || Array.isArray(input.data)) throw new Invalid(text('tracking.bad_body', { max: MAX_EVENTS }), [{ field: at('data'), message: text('tracking.bad_body', { max: MAX_EVENTS }) }]);
    data = input.data as Record<string, unknown>;
    const trouble = jsonTrouble(data);
    if (trouble) throw troubleError(trouble, at('data'));
  }
  return {
    advertiser, cls, clientId: field('id', 100), url: field('url', 2000), referer: field('ref', 2000), product: field('product', 200),
    order, value, click: click as string | null, data,
  };
}

/** Events are answered once their batch committed; a batch the database refused is a 503 and nothing of it is stored. */
async function submitEvents(core: Core, events: TrackedEvent[]): Promise<void> {
  try {
    await pipelineOf(core).submit(events);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw error;
    console.error('[tracking] a batch was refused:', (error as Error)?.message ?? error);
    throw new HttpError(503, text('tracking.unavailable'));
  }
}

export interface ClickParams {
  banner: string;
  lineitem: string;
  /** Null when the path's sub id is no text (a malformed percent-escape, bytes that are no UTF-8): dropped. */
  subid: string | null;
}

const CLICK_PATH = /^\/s\/([^/?]+)\/([^/?]+)\/1\/([^/?]+)$/;

/** `decodeURIComponent`, or null for a malformed escape or bytes that are no UTF-8. */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The click splitter's path (`/s/{banner}/{lineitem}/1/{subid}`, not decoded yet) as its parameters, or null when it is none. */
export function clickParams(pathname: string): ClickParams | null {
  const match = CLICK_PATH.exec(pathname);
  if (!match) return null;
  // An id that does not decode is no id: the 404 page, as for any unknown id.
  return { banner: decoded(match[1]) ?? '', lineitem: decoded(match[2]) ?? '', subid: decoded(match[3]) };
}

/**
 * The click splitter (GET /s/{banner}/{lineitem}/1/{subid}): counts the click and redirects to the booking's target.
 * A sub id, website or publisher id it cannot store or trust is dropped: the click counts and redirects without it.
 */
export async function clickThrough(core: Core, req: IncomingMessage, res: ServerResponse, params: ClickParams, query: Query): Promise<void> {
  if (!isUuid(params.banner) || !isUuid(params.lineitem)) return notFoundPage(req, res);
  const where = await placement(core, req, query, params.banner, params.lineitem, true);
  if (!where) return notFoundPage(req, res);
  const target = where.lineitem.target;
  if (!target) return notFoundPage(req, res);
  const who = visitorOf(req, core.env.jwtSecret, res);
  // A click from a blacklisted website, or one the ad server does not bill otherwise, still leads on.
  const invalid = requestReason({
    kind: 'click', bot: who.bot, optedOut: who.optedOut, stopped: where.lineitem.stopped, unknownPublisher: where.unknownPublisher,
    blocked: blockedOn(where.lineitem, where.website),
  });
  const id = eventId(Date.now());
  const subid = droppedUnlessClean(params.subid, 200);
  const event: TrackedEvent = {
    id, kind: 'click', advertiser: where.lineitem.advertiser, campaign: where.lineitem.campaign, lineitem: where.lineitem.id, banner: where.banner,
    publisher: where.publisher, channel: where.lineitem.channel, website: where.website, referer: optionalReferer(req), subid: subid === '0' ? null : subid,
    clickId: isUuid(query.c) ? query.c : null, visitor: who.visitor, newVisitor: who.minted, ipHash: who.ipHash, bot: who.bot, invalid, live: true,
    costMilli: invalid ? 0 : costMilli(where.lineitem, 'click'),
  };
  let stored = true;
  try {
    await pipelineOf(core).submit([event]);
  } catch (error) {
    stored = false;
    console.error('[tracking] a click could not be stored:', (error as Error)?.message ?? error);
  }
  // As Express's res.redirect answers (a short text body), without its content negotiation.
  const location = clickTarget(target, stored && !who.optedOut ? id : null);
  const address = /^[\x21-\x7e]*$/.test(location) ? location : encodeURI(location);
  const body = `Found. Redirecting to ${address}`;
  res.writeHead(302, { Location: address, 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * The container script's onsite events (POST /t/e, the body as text): 204 once stored, nothing recorded when opted
 * out. Each event is stored with the campaign of the click or view it goes back to (attribution.ts, looked up once
 * per advertiser and click id of the request); an order of such a visitor is besides that campaign's conversion.
 */
export async function onsiteEvents(core: Core, req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
  cors(req, res);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Invalid(text('errors.malformed_json'));
  }
  // Nesting too deep is refused before anything reads it (as the API's bodies: backend/src/http/jsonInput.ts).
  const trouble = jsonTrouble(parsed);
  if (trouble?.kind === 'depth') throw Array.isArray(parsed) ? troubleError(trouble, '', 2) : troubleError(trouble, '0');
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0 || list.length > MAX_EVENTS) throw new Invalid(text('tracking.bad_body', { max: MAX_EVENTS }));
  const inputs = list.map(onsiteInput);
  for (const input of inputs) {
    if (!(await advertiserExists(core, input.advertiser))) {
      throw new Invalid(text('tracking.unknown_advertiser'), [{ field: 'a', message: text('tracking.unknown_advertiser') }]);
    }
  }
  // Opt-out, Do-Not-Track, Global Privacy Control: onsite events are not recorded.
  if (optedOut(req)) return void res.writeHead(204).end();
  const who = visitorOf(req, core.env.jwtSecret);
  // One lookup per advertiser and click id of the request; with an order among them the browser's latest view is read anew.
  const ordering = inputs.some((input) => input.cls === 'order');
  const keyOf = (input: { advertiser: string; click: string | null }) => `${input.advertiser}|${input.click ?? ''}`;
  const asked = [...new Map(inputs.map((input) => [keyOf(input), input])).values()];
  let touches: Map<string, Attribution | null>;
  try {
    touches = new Map(await Promise.all(asked.map(async (input) => [keyOf(input), await attribute(core, input.advertiser, input.click, who.cookie, ordering)] as const)));
  } catch (error) {
    console.error('[tracking] onsite events could not be attributed:', (error as Error)?.message ?? error);
    throw new HttpError(503, text('tracking.unavailable'));
  }
  const events: TrackedEvent[] = [];
  for (const input of inputs) {
    const found = touches.get(keyOf(input)) ?? null;
    const common = {
      advertiser: input.advertiser, host: hostOf(input.url), url: input.url, referer: input.referer, productId: input.product,
      orderId: input.order, value: input.value, visitor: who.visitor, ipHash: who.ipHash, bot: who.bot, ...(found ? touchOf(found) : {}),
    };
    events.push({ kind: 'event', cls: input.cls, clientId: input.clientId, clickId: input.click, data: input.data, ...common });
    if (input.cls !== 'order' || !found) continue;
    const lineitem = found.lineitem ? await deliveryLineItem(core, found.lineitem) : null;
    // A bot's order, an order after an invalid click, or of a line item that does not deliver (or is gone) is invalid.
    const invalid = who.bot ? 'bot' : found.invalid || requestReason({ kind: 'conversion', bot: false, optedOut: false, stopped: lineitem ? lineitem.stopped : 'paused' });
    events.push({
      kind: 'conversion', cls: 'order', clientId: `order:${input.order}`, clickId: input.click, ...common,
      invalid, costMilli: !invalid && lineitem ? costMilli(lineitem, 'conversion') : 0,
    });
  }
  await submitEvents(core, events);
  res.writeHead(204).end();
}

export function trackingRoutes(core: Core): Router {
  const router = Router();

  router.get('/banner', async (req, res, next) => {
    if (req.query.lineitem === undefined) return next();
    const where = await placement(core, req, req.query, req.query.id, req.query.lineitem);
    if (!where) return notFoundPage(req, res);
    // A website on the campaign's blacklist gets no ad and counts no view: an empty slot.
    if (blockedOn(where.lineitem, where.website)) return res.status(204).set('Cache-Control', 'no-store').end();
    const banner = (await core.model('banner').findOne({ where: { id: where.banner, archivedAt: null }, raw: true })) as Record<string, unknown> | null;
    if (!banner || banner.advertiser !== where.lineitem.advertiser) return notFoundPage(req, res);
    const page = await bannerPage(core, banner);
    if (!page) return notFoundPage(req, res);
    const event = await storeView(core, req, res, where);
    const click = `/s/${where.banner}/${where.lineitem.id}/1/${encodeURIComponent(where.subid ?? '0')}?${new URLSearchParams({
      ...(where.publisher ? { pub: where.publisher } : {}), ...(where.website ? { site: where.website } : {}), c: event.id! })}`;
    res.set('Cache-Control', 'no-store');
    res.set('Content-Security-Policy', 'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation');
    res.type('html').send(wrapClick(page, click, banner.bannerType === 'html_ad'));
  });

  router.get('/s/:banner/:lineitem/1/:subid', (req, res) => clickThrough(core, req, res, req.params, req.query));
  // A path Express cannot decode (front.ts takes clicks before Express; this is for a server without it): the
  // click counts without its sub id, as there.
  router.use('/s/', ((error, req, res, next) => {
    const params = (req.method === 'GET' || req.method === 'HEAD') && error instanceof URIError ? clickParams(req.originalUrl.split('?')[0]) : null;
    if (!params) return next(error);
    clickThrough(core, req, res, params, req.query).catch(next);
  }) as express.ErrorRequestHandler);

  router.get('/t/i.gif', async (req, res) => {
    const bannerId = optionalId(req.query.banner, 'banner');
    const lineitemId = optionalId(req.query.lineitem, 'lineitem');
    if (!bannerId || !lineitemId) throw new Invalid(text('tracking.bad_id', { name: bannerId ? 'lineitem' : 'banner' }));
    const where = await placement(core, req, req.query, bannerId, lineitemId);
    if (!where) throw new NotFound(text('tracking.unknown_lineitem'));
    if (!blockedOn(where.lineitem, where.website)) await storeView(core, req, res, where);
    res.set('Cache-Control', 'no-store, max-age=0');
    res.type('gif').send(PIXEL);
  });

  const body = express.text({ type: () => true, limit: TRACKING_BODY_MAX_BYTES });
  router.post('/t/e', body, (req, res) => onsiteEvents(core, req, res, typeof req.body === 'string' ? req.body : ''));

  router.get('/c/:file', async (req, res) => {
    const match = /^([0-9a-f-]{36})\.js$/i.exec(req.params.file);
    if (!match || !isUuid(match[1]) || !(await advertiserExists(core, match[1]))) return notFoundPage(req, res);
    const origin = `${req.protocol}://${req.get('host')}`;
    res.set('Cache-Control', 'public, max-age=3600');
    res.set('Access-Control-Allow-Origin', '*');
    res.type('application/javascript').send(containerScript(match[1], origin));
  });

  router.get('/t/optout', (req, res) => {
    optOut(res);
    const language = requestLanguage(req);
    res.set('Cache-Control', 'no-store').type('html').send(`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${inWords(text('tracking.opted_out_title'), language)}</title></head><body style="font-family:sans-serif;padding:48px"><h1>${inWords(text('tracking.opted_out_title'), language)}</h1><p>${inWords(text('tracking.opted_out'), language)}</p></body></html>`);
  });

  return router;
}

/** The shop's page sends events with its cookies (post-view needs the ad server's cookie): the origin is echoed. */
function cors(req: IncomingMessage, res: ServerResponse) {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
}

/**
 * The creative with its click through the splitter: image, video, template and search ads are wrapped in one
 * link; an HTML ad code gets the usual `clickTag` variable (and `{click}` in its code replaced).
 */
export function wrapClick(page: string, click: string, adCode: boolean): string {
  const script = `<script>var clickTag=${JSON.stringify(click)};</script>`;
  if (adCode) {
    const withLinks = page.replaceAll('{click}', click);
    return /<head[^>]*>/i.test(withLinks) ? withLinks.replace(/<head[^>]*>/i, (head) => head + script) : script + withLinks;
  }
  return page.replace(/<body([^>]*)>([\s\S]*)<\/body>/i, (_all, attributes: string, inner: string) =>
    `<body${attributes}><a href="${click}" target="_blank" rel="noopener" style="display:block;color:inherit;text-decoration:none">${inner}</a></body>`);
}
