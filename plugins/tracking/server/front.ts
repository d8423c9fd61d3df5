/**
 * The two endpoints that take the traffic of every ad and shop page, the click splitter `GET /s/...` and the
 * container script's `POST /t/e`, answered by node's http before the Express stack (ServerPlugin.front): its
 * middleware, helmet and response helpers cost a request more CPU than the request's own work and its share of a
 * batch (issue 12). Same checks and answers as through Express, which still mounts the same handlers (routes.ts)
 * for a server without this front: the delivery headers of backend/src/security.ts, 400 `{ message, errors }`
 * in the request's language, the 404 page, 413 over 16 KB, 503 when the database refused the batch. A request
 * whose body this front does not decode itself (a Content-Encoding, a charset other than UTF-8) and every other
 * path go to Express.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Core } from '@adsuite/backend/kit';
import { TRACKING_BODY_MAX_BYTES } from '@adsuite/config';
import { answerError, deliveryHeaders, plainBody, readBody } from './answers.ts';
import { clickParams, clickThrough, onsiteEvents } from './routes.ts';

/** The front of the tracking plugin: takes a click or a batch of onsite events, leaves everything else to Express. */
export function trackingFront(core: Core): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    if (req.method === 'POST' && pathname === '/t/e') {
      if (!plainBody(req)) return false;
      deliveryHeaders(req, res);
      readBody(req, TRACKING_BODY_MAX_BYTES).then((body) => onsiteEvents(core, req, res, body)).catch((error) => answerError(req, res, error));
      return true;
    }
    if (req.method === 'GET' && pathname.startsWith('/s/')) {
      // A sub id that does not decode is dropped, the click still counts (clickParams).
      const params = clickParams(pathname);
      if (!params) return false;
      deliveryHeaders(req, res);
      const query = queryAt < 0 ? {} : parseQuery(url.slice(queryAt + 1));
      clickThrough(core, req, res, params, query).catch((error) => answerError(req, res, error));
      return true;
    }
    return false;
  };
}
