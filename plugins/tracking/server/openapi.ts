/** The tracking endpoints in /api/openapi.json (public, outside /api; see routes.ts). */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

const { answer, inPath, query } = openapi;
const html = (description: string) => ({ description, content: { 'text/html': {} } });
/** A path or query parameter naming a record of `resource` by its id. */
const refIn = (name: string, description: string) => ({ ...inPath(name, description), schema: { type: 'string', format: 'uuid', 'x-ref': name } });
const refQuery = (name: string, description: string) => ({ ...query(name, description), required: true, schema: { type: 'string', format: 'uuid', 'x-ref': name } });
const placement = [
  query('pub', 'The publisher showing the banner'), query('site', 'The host of the website showing it'), query('subid', 'The publisher\'s sub id'),
];

export const trackingApi: NonNullable<ServerPlugin['openapi']> = {
  '/s/{banner}/{lineitem}/1/{subid}': {
    get: {
      operationId: 'trackClick', tags: ['tracking'], summary: 'The click splitter: counts a click and redirects to the booking\'s target URL with adsuite_click=<click id>', security: [],
      parameters: [refIn('banner', 'The banner'), refIn('lineitem', 'The line item'), { ...inPath('subid', 'The publisher\'s sub id (0 for none)', null), example: '0' }, ...placement.slice(0, 2)],
      responses: { 302: { description: 'To the target URL (also when the line item is paused: the click is then not billed)' }, 404: html('The 404 page: unknown banner or line item') },
    },
  },
  '/t/i.gif': {
    get: {
      operationId: 'trackView', tags: ['tracking'], summary: 'View pixel for banners delivered by third-party ad tags', security: [],
      parameters: [refQuery('banner', 'The banner'), refQuery('lineitem', 'The line item'), ...placement],
      responses: { 200: { description: 'A 1x1 GIF, after the view is stored', content: { 'image/gif': {} } }, 400: answer('Invalid'), 404: answer('NotFound'), 503: answer('Unavailable') },
    },
  },
  '/t/e': {
    post: {
      operationId: 'trackEvents', tags: ['tracking'], summary: 'Onsite events of the container script (text/plain or application/json, at most 16 KB); an order becomes a conversion', security: [],
      requestBody: {
        required: true,
        content: {
          'text/plain': {
            schema: {
              type: 'object', required: ['a', 'cls'],
              properties: {
                a: { type: 'string', format: 'uuid', 'x-ref': 'advertiser', description: 'The advertiser' },
                cls: { type: 'string', enum: ['cart', 'catalog', 'checkout', 'front', 'generic', 'order', 'product', 'search', 'wishlist'] },
                id: { type: 'string', maxLength: 100, description: 'The client\'s event id: a repeated one is stored once' },
                url: { type: 'string', maxLength: 2000 }, ref: { type: 'string', maxLength: 2000 },
                click: { type: 'string', format: 'uuid', description: 'The click id the landing URL carried (adsuite_click)' },
                product: { type: 'string', maxLength: 200 }, order: { type: 'string', maxLength: 200, description: 'Required for cls=order' },
                value: { type: 'number', minimum: 0, description: 'Cart value in euros' }, data: { type: 'object' },
              },
            },
          },
        },
      },
      responses: { 204: { description: 'Stored (or not recorded: opt-out, Do-Not-Track)' }, 400: answer('Invalid'), 413: answer('PayloadTooLarge'), 503: answer('Unavailable') },
    },
  },
  '/c/{file}': {
    get: {
      operationId: 'getContainerScript', tags: ['tracking'], summary: 'The onsite container script of an advertiser: /c/<advertiser id>.js', security: [],
      parameters: [{ ...inPath('file', '<advertiser id>.js', null), example: '00000000-0000-4000-8000-000000000000.js' }],
      responses: { 200: { description: 'The script, cacheable for an hour', content: { 'application/javascript': {} } }, 404: html('The 404 page') },
    },
  },
  '/t/optout': {
    get: {
      operationId: 'optOut', tags: ['tracking'], summary: 'Opt-out of measurement (privacy page): sets the opt-out cookie for a year', security: [],
      responses: { 200: html('A confirmation page') },
    },
  },
};
