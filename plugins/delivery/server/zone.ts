/**
 * The placements' ad server (issue 38), answered by node's http before Express (ServerPlugin.front, as the tracking
 * plugin's clicks): `GET /z/{placement}` chooses an ad for the request from the in-process caches (cache.ts) and
 * answers its page, counting the view through the tracking pipeline with the decision in the view's data; when no
 * line item is eligible, the house ad (nothing counted but the placement's request). `GET /z/{placement}/tag.js` is the
 * script of the async tag (plugins/delivery/tags.ts). Same headers as the other delivery answers: embeddable
 * anywhere, the creative in a sandbox.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { Router } from 'express';
import { type Core, inWords, isUuid, languageOf, text } from '@adsuite/backend/kit';
import {
  answerError, deliveryHeaders, droppedUnlessClean, eventId, notFoundPage, optionalReferer, pipelineOf, visitorOf, wrapClick, type TrackedEvent,
} from '../../tracking/server/kit.ts';
import { zoneScript } from '../tags.ts';
import { deliveryOf, hostOfUrl, type Decision, type Delivery, type PlacementInfo } from './cache.ts';
import { countryOf, loadCountries } from './geo.ts';
import { capVisitors } from './rules.ts';

const ZONE_PATH = /^\/z\/([0-9a-fA-F-]{36})(\/tag\.js)?$/;
const SANDBOX = 'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(res: ServerResponse, html: string): void {
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': SANDBOX, 'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

/** The house ad: the placement's size, the platform's own offer to advertise, in the reader's language. */
export function houseAd(req: IncomingMessage, placement: Pick<PlacementInfo, 'width' | 'height'>): string {
  const header = req.headers.language ?? req.headers['accept-language'];
  const language = languageOf(typeof header === 'string' ? header : undefined);
  const line = escapeHtml(inWords(text('delivery.house_ad'), language));
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>AdSuite</title></head>`
    // A strip (320 x 50, 468 x 60) takes its two lines side by side.
    + `<body style="margin:0"><a href="/" target="_blank" rel="noopener" data-house-ad="1" style="box-sizing:border-box;display:flex;flex-direction:${placement.height < 80 ? 'row;gap:8px' : 'column'};align-items:center;justify-content:center;`
    + `width:${placement.width}px;height:${placement.height}px;overflow:hidden;border:1px solid #d0d7de;background:#f6f8fa;color:#1f2937;font:14px/1.4 Arial,sans-serif;text-decoration:none;text-align:center;padding:4px 8px">`
    + `<strong style="font-size:16px">AdSuite</strong><span>${line}</span></a></body></html>`;
}

type Visitor = ReturnType<typeof visitorOf>;

/** Who asks for a placement's ad, from which page and country, and when. */
export interface PlacementAsk {
  who: Visitor;
  /** The host the ad shows on, lower case. */
  site: string;
  referer: string | null;
  country: string | null;
  now: Date;
}

function viewEvent(placement: PlacementInfo, decision: Decision, ask: PlacementAsk): TrackedEvent {
  const { candidate } = decision;
  const { who, now } = ask;
  return {
    id: eventId(now.getTime()), kind: 'view', created: now, advertiser: candidate.advertiser, campaign: candidate.campaign, lineitem: candidate.id, banner: decision.banner.id,
    publisher: placement.publisher, channel: candidate.channel, website: ask.site, referer: ask.referer, subid: null,
    visitor: who.visitor, newVisitor: who.minted, ipHash: who.ipHash, bot: false, live: true, costMilli: decision.cost,
    data: { placement: placement.id, eligible: decision.eligible, ...(who.cookie ? { cookie: true } : {}) },
  };
}

/**
 * One request of a placement as the ad server answers it: the choice among the eligible line items at `ask.now`
 * (counted as the placement's request), its view stored through the tracking pipeline with the decision in its data.
 * Null for the house ad: no line item eligible, a bot (not counted at all), or a view the database refused; `view`:
 * the stored view's id.
 */
export async function answerPlacement(core: Core, engine: Delivery, placement: PlacementInfo, ask: PlacementAsk): Promise<(Decision & { view: string }) | null> {
  const { who, now } = ask;
  // A visitor who opted out has no id, so capped line items pass it by.
  const { capper, counted } = capVisitors(who);
  const decision = who.bot ? null : engine.decide(placement, capper, ask.site, ask.country, now);
  if (!decision) return null;
  const event = viewEvent(placement, decision, ask);
  const flight = engine.viewing(decision, event.id!, counted, now);
  let stored = false;
  try {
    await pipelineOf(core).submit([event]);
    stored = true;
  } catch (error) {
    console.error('[delivery] a view could not be stored:', (error as Error)?.message ?? error);
  } finally {
    engine.viewed(flight, decision, counted, stored, now);
  }
  return stored ? { ...decision, view: event.id! } : null;
}

/** GET /z/{placement}: the chosen ad, or the house ad. */
async function serveZone(core: Core, req: IncomingMessage, res: ServerResponse, id: string, query: Record<string, unknown>): Promise<void> {
  const engine = deliveryOf(core);
  void loadCountries();
  await engine.ready();
  // A placement made since the last read is read at once (at most once a second).
  const placement = engine.placements.get(id) ?? (await engine.reloadFor(id));
  if (!placement) return notFoundPage(req, res);
  // The page's host as the async tag names it, else the Referer's, else the placement's website.
  const named = droppedUnlessClean(query.site, 253);
  const site = hostOfUrl(named) ?? hostOfUrl(req.headers.referer) ?? placement.host ?? '';
  const who = visitorOf(req, core.env.jwtSecret, res);
  // Bots get the house ad, stored nowhere; so does a view the database refused.
  const decision = await answerPlacement(core, engine, placement, {
    who, site, referer: optionalReferer(req), country: who.bot ? null : countryOf(req.socket.remoteAddress), now: engine.now(),
  });
  if (!decision) return page(res, houseAd(req, placement));
  const { candidate, banner } = decision;
  // The link's click id `c` is the view's id: clicked again, it is a repeated click (the tracking plugin's invalid traffic).
  const click = `/s/${banner.id}/${candidate.id}/1/0?${new URLSearchParams({ pub: placement.publisher, ...(site ? { site } : {}), c: decision.view })}`;
  page(res, wrapClick(banner.page, click, banner.adCode));
}

/** The front of the placements: takes `/z/...`, leaves everything else to the next front or Express. */
export function zoneFront(core: Core): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = req.url ?? '';
    if (!url.startsWith('/z/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    deliveryHeaders(req, res);
    const match = ZONE_PATH.exec(pathname);
    if (!match || !isUuid(match[1].toLowerCase())) {
      notFoundPage(req, res);
      return true;
    }
    const id = match[1].toLowerCase();
    if (match[2]) {
      const host = typeof req.headers.host === 'string' && /^[\w.:[\]-]+$/.test(req.headers.host) ? req.headers.host : 'localhost';
      const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
      const script = zoneScript(`${protocol}://${host}`, id);
      res.writeHead(200, {
        'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'Access-Control-Allow-Origin': '*',
        'Content-Length': Buffer.byteLength(script),
      });
      res.end(script);
      return true;
    }
    const query = queryAt < 0 ? {} : parseQuery(url.slice(queryAt + 1));
    serveZone(core, req, res, id, query).catch((error) => answerError(req, res, error));
    return true;
  };
}

/** The same answers through Express, for a server without the fronts (the front takes them first otherwise). */
export function zoneRoutes(core: Core): Router {
  const router = Router();
  const take = zoneFront(core);
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!take(req, res)) next();
  };
  router.get('/z/:placement', handler);
  router.get('/z/:placement/tag.js', handler);
  return router;
}
