/**
 * The booking routes in /api/openapi.json (../API.md "Endpoints"): drafts, create/update, costs, CSV and import,
 * template bookings, creatives and the creative service, the lifecycle, the sync queue, line items and the ad
 * server's public /banner routes. Money in euros. Error answers name the core's components.
 */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { BOOKING_STEPS } from '@adsuite/config/booking/index';
import { FILE_KINDS } from './creatives/media.ts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, inPath, json, jsonBody: body, object, query, schema } = openapi;

const bookingId = inPath('id', 'The booking');
const MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/** The booking draft: the `booking` declaration's fields plus the wizard's (API.md "Booking draft"). */
const draft = {
  allOf: [schema('bookingInput')],
  description: 'The booking fields plus pacing, specialCategory, callToAction, bookingtemplate, countries, blacklist, domains, '
    + 'creativeService { logo, productImage, slogan, productName }, creatives [{ bannerType, name, width, height, file, headlines, descriptions, '
    + 'keywords, adCode, channels }], allocation [{ channel, weight }], markers (GeoJSON points with properties.name, radius, currentPlace); '
    + 'budget at most 10,000,000 EUR, dailyBudget at most 100,000 EUR',
};
/** A booking's changes: the draft's fields that change (PUT /api/booking/{id}). */
const draftChanges = { ...draft, allOf: [schema('bookingUpdate')] };
const costs = object({
  channels: { type: 'array', items: object({ channel: { type: 'string' }, budget: { type: 'number' }, fee: { type: 'number' }, net: { type: 'number' } }) },
  total: { type: 'number' }, dailyBudget: { type: ['number', 'null'] }, days: { type: ['integer', 'null'] }, estimatedClicks: { type: 'number' }, minimumCovered: { type: 'boolean' },
});
const booking = json('The booking', schema('booking'));
const lifecycleAnswers = { 200: booking, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') };
const multipart = (properties: Record<string, unknown>) => ({ required: true, content: { 'multipart/form-data': { schema: object(properties, ['file']) } } });
const fileInfo = object({
  id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, mime: { type: 'string' }, size: { type: 'integer' },
  width: { type: ['integer', 'null'] }, height: { type: ['integer', 'null'] }, duration: { type: ['number', 'null'] }, url: { type: 'string' },
});
const syncAllowed = 'systemoperator (the sync queue\'s access)';

export const bookingApi: Paths = {
  '/api/booking/validate': {
    post: {
      tags: ['booking'], summary: 'Check a draft against the rules of wizard steps 1..step',
      parameters: [query('step', `One of ${BOOKING_STEPS.join(', ')}; all rules without it`, 'integer'), query('id', 'The booking being edited, if any')],
      requestBody: body(draft),
      responses: { 200: json('`{ ok: true, costs }`', object({ ok: { const: true }, costs })), 400: answer('Invalid'), 401: answer('Unauthorized'), 404: answer('NotFound') },
    },
  },
  '/api/booking': {
    post: {
      tags: ['booking'], summary: 'Create a booking from a draft; prepares its creatives in the background',
      requestBody: body(draft),
      responses: { 201: json('The booking (generating creatives or waiting for approval)', schema('booking')), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/booking/{id}': {
    put: {
      tags: ['booking'], summary: 'Update a booking (not once finished, interrupted or canceled; start fixed once running)', parameters: [bookingId],
      requestBody: body(draftChanges), responses: lifecycleAnswers,
    },
  },
  '/api/booking/{id}/costs': {
    get: { tags: ['booking'], summary: 'What the booking costs per channel', parameters: [bookingId], responses: { 200: json('Costs', costs), 401: answer('Unauthorized'), 404: answer('NotFound') } },
  },
  '/api/bookings.csv': {
    get: {
      tags: ['booking'], summary: 'The bookings list as CSV: every booking its search and filters reach, of every status, at most 500 rows; in the `Language` header\'s words, dates DD-MM-YYYY, EUR as 1.234,56 €', parameters: [query('filter', 'JSON filter as in the list'), query('sort', 'JSON [field, ASC|DESC]')],
      responses: { 200: { description: 'bookings.csv: Name, Status, Budget, Channels, Impressions, Clicks, Costs, Start, End, Location, Target, Gender, Age', content: { 'text/csv': {} } }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/booking/import/{entityId}': {
    post: {
      tags: ['booking'], summary: `Import bookings from a CSV file (header row of field names; at most ${MB} MB), each line in its own transaction`,
      parameters: [inPath('entityId', 'The advertiser the bookings belong to')],
      requestBody: multipart({ file: { type: 'string', format: 'binary' } }),
      responses: {
        200: json('`{ total, created, failed, errors: [{ name, line, errors }] }`', object({ total: { type: 'integer' }, created: { type: 'integer' }, failed: { type: 'integer' }, errors: { type: 'array', items: object({ name: { type: 'string' }, line: { type: 'integer' }, errors: { type: 'array', items: object({ field: { type: 'string' }, message: { type: 'string' } }) } }) } })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/bookingtemplate/{id}/bookings': {
    get: {
      tags: ['booking'], summary: 'The bookings made from a template', parameters: [inPath('id', 'The booking template')],
      responses: { 200: json('`[{ id, name, status, budget, start, end, created }]`', { type: 'array', items: object({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, status: { type: ['string', 'null'] }, budget: { type: ['number', 'null'], description: 'EUR' }, start: { type: ['string', 'null'], format: 'date' }, end: { type: ['string', 'null'], format: 'date' }, created: { type: 'string', format: 'date-time' } }, ['id', 'name', 'status', 'budget', 'start', 'end', 'created']) }), 401: answer('Unauthorized'), 404: answer('NotFound') },
    },
  },
  '/api/bookingtemplate/{id}/bookings.csv': {
    get: {
      tags: ['booking'], summary: 'The bookings made from a template, as CSV', parameters: [inPath('id', 'The booking template')],
      responses: { 200: { description: '<template name>.csv', content: { 'text/csv': {} } }, 401: answer('Unauthorized'), 404: answer('NotFound') },
    },
  },

  // Creatives (creatives/)
  '/api/booking/files': {
    post: {
      tags: ['creatives'], summary: `Upload a creative file for the selected advertiser (at most ${MB} MB, checked by content)`, parameters: [{ $ref: '#/components/parameters/Advertiser' }],
      requestBody: multipart({ file: { type: 'string', format: 'binary' }, kind: { type: 'string', enum: FILE_KINDS, description: 'Else taken from the content' } }),
      responses: { 201: json('The stored file; an HTML5 page or zip has the size its <meta name="ad.size"> declares', fileInfo), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/booking/files/{id}': {
    get: {
      tags: ['creatives'], summary: 'Download an uploaded file of an advertiser the user may access', parameters: [inPath('id', 'The file')],
      responses: { 200: { description: 'The file with the media type it was stored with, as an attachment', content: { '*/*': {} } }, 401: answer('Unauthorized'), 404: answer('NotFound') },
    },
  },
  '/api/booking/creatives/check': {
    post: {
      tags: ['creatives'], summary: 'Check creatives against what the chosen channels require (sizes, durations of the real files)',
      requestBody: body(object({ creatives: { type: 'array', items: { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'object' }] }, description: 'Banner ids or draft creatives' }, channels: { type: 'array', items: { type: 'string' } } }, ['creatives', 'channels'])),
      responses: { 200: json('`{ ok: true }`', object({ ok: { const: true } })), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/booking/creative-service/preview': {
    post: {
      tags: ['creatives'], summary: 'Previews of the banners the creative service would generate',
      requestBody: body(object({ logo: { type: 'string', format: 'uuid' }, productImage: { type: 'string', format: 'uuid' }, slogan: { type: 'string' }, productName: { type: 'string' }, callToAction: { type: 'string' } })),
      responses: { 200: json('`[{ width, height, url }]`: /banner URLs', { type: 'array', items: object({ width: { type: 'integer' }, height: { type: 'integer' }, url: { type: 'string' } }) }), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },

  // Lifecycle and sync queue (publishing/)
  '/api/booking/{id}/status': {
    post: {
      tags: ['booking'], summary: 'Publish (not viewers; the prepaid balance must cover the first day of every channel); waits up to 110 s', parameters: [bookingId],
      requestBody: body(object({ status: { const: 'published' } }, ['status'])),
      responses: {
        200: json('`{ booking, failedChannels }`: published, maybe with channels that did not take it', object({ booking: schema('booking'), failedChannels: { type: 'array', items: { type: 'string' } } })),
        202: json('Still publishing: `{ booking, failedChannels }`'),
        400: json('Invalid, or not published (back to pending): `{ message, errors, booking, failedChannels }`', schema('Error')),
        401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/booking/{id}/pause': { post: { tags: ['booking'], summary: 'Pause a running booking', parameters: [bookingId], responses: lifecycleAnswers } },
  '/api/booking/{id}/resume': { post: { tags: ['booking'], summary: 'Resume a paused booking', parameters: [bookingId], responses: lifecycleAnswers } },
  '/api/booking/{id}/cancel': { post: { tags: ['booking'], summary: 'Cancel a booking that has not finished', parameters: [bookingId], responses: lifecycleAnswers } },
  '/api/booking/{id}/end': {
    put: {
      tags: ['booking'], summary: 'Change the end date (not before the start, not in the past)', parameters: [bookingId],
      requestBody: body(object({ end: { type: 'string', format: 'date' } }, ['end'])), responses: lifecycleAnswers,
    },
  },
  '/api/booking/{id}/channels': {
    put: {
      tags: ['booking'], summary: 'Change the channels and their allocation (not while publishing)', parameters: [bookingId],
      requestBody: body(object({ channels: { type: 'array', minItems: 1, items: { type: 'string' } }, allocation: { type: 'array', items: object({ channel: { type: 'string' }, weight: { type: 'number' } }) } }, ['channels'])),
      responses: lifecycleAnswers,
    },
  },
  '/api/sync-queue/{id}/tree': {
    get: {
      tags: ['sync-queue'], summary: `A sync job with its children (next) and its ancestors (path): ${syncAllowed}`, parameters: [inPath('id', 'The sync job')],
      responses: { 200: json('The job tree', { allOf: [schema('sync-queue')], properties: { next: { type: 'array' }, path: { type: 'array' } } }), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/sync-queue/run': {
    post: {
      tags: ['sync-queue'], summary: `Queue the runnable jobs and run what is due: ${syncAllowed}`,
      responses: { 200: json('`{ queued, ran }`', object({ queued: { type: 'integer' }, ran: { type: 'integer' } })), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/sync-queue/{id}/force': {
    post: {
      tags: ['sync-queue'], summary: `Run a sync job again now: ${syncAllowed}`, parameters: [inPath('id', 'The sync job')],
      responses: { 200: json('The job', schema('sync-queue')), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/lineitem/{id}': {
    put: {
      tags: ['lineitem'], summary: 'Update a line item; one its channel would not take is refused with the reason, unless force=true saves it switched off',
      parameters: [inPath('id', 'The line item'), query('force', 'true: save anyway, off and marked to activate later', 'boolean')],
      requestBody: body(schema('lineitemUpdate')),
      responses: { 200: json('The line item', schema('lineitem')), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },

  // The ad server (public, outside /api)
  '/banner': {
    get: {
      operationId: 'serveBanner', tags: ['ad server'], summary: 'Serve a banner, or a banner template rendered with placeholder values, as an HTML page for an iframe', security: [],
      parameters: [
        { name: 'id', in: 'query', required: true, schema: { type: 'string', format: 'uuid', 'x-ref': 'banner' }, description: 'A banner or banner template' },
        query('width', 'Template width, px', 'integer'), query('height', 'Template height, px', 'integer'), query('placeholder', 'Template values as JSON'),
        query('lineitem', 'Served for delivery by this line item: the view is counted and the banner links through the click splitter (plugins/tracking)'),
        query('pub', 'Delivery: the publisher showing it'), query('site', 'Delivery: the host of the website showing it'), query('subid', 'Delivery: the publisher\'s sub id, carried with the click'),
      ],
      responses: { 200: { description: 'The banner page', content: { 'text/html': {} } }, 400: answer('Invalid'), 404: answer('NotFound'), 503: answer('Unavailable') },
    },
  },
  '/banner/file/{id}': {
    get: {
      tags: ['ad server'], summary: 'An uploaded image or video a banner shows', security: [], parameters: [inPath('id', 'The file')],
      responses: { 200: { description: 'The file, cached for a day', content: { 'image/*': {}, 'video/*': {} } }, 404: answer('NotFound') },
    },
  },
  '/banner/html/{id}/{entry}': {
    get: {
      operationId: 'getBannerHtmlEntry', tags: ['ad server'], summary: 'A file inside an uploaded HTML5 zip, sandboxed', security: [],
      parameters: [inPath('id', 'The zip file'), inPath('entry', 'The path inside the zip (may contain /)', null)],
      responses: { 200: { description: 'The entry', content: { '*/*': {} } }, 404: answer('NotFound') },
    },
  },
};
