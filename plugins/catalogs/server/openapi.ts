/** The catalogs' routes in /api/openapi.json: the import (SPEC: importProducts, cancelImport, deleteProducts) and the tops. */
import { WIZARD_COMPRESSIONS, WIZARD_DATATYPES, CATALOG_SOURCES } from '@adsuite/config';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, inPath, json, object } = openapi;

const id = { type: 'string', format: 'uuid' };
const int = { type: 'integer', minimum: 0 };
const str = { type: 'string' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: unknown) => ({ type: 'array', items });
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') };
const catalogParam = [inPath('id', 'The catalog')];

const importState = {
  ...object({
    id, name: str,
    source: { enum: [...CATALOG_SOURCES] },
    url: nullable(str),
    datatype: { enum: [...WIZARD_DATATYPES] },
    compression: { enum: [...WIZARD_COMPRESSIONS] },
    delimiter: nullable(str),
    importRunning: { type: 'boolean' },
    progress: { ...int, description: 'Rows of the feed read by the running (or last) import' },
    parsingError: { type: 'boolean', description: 'The last import met problems (a broken feed, or lines it skipped)' },
    lastImport: nullable({ type: 'string', format: 'date-time' }),
    count: { ...int, description: 'Products of the catalog' },
    feedFile: nullable({ ...str, description: 'The name of the last uploaded feed file' }),
    errors: object({
      total: int,
      first: list(object({ line: nullable({ type: 'integer' }), message: str }, ['line', 'message'])),
    }, ['total', 'first']),
  }, ['id', 'importRunning', 'progress', 'parsingError', 'lastImport', 'count', 'errors']),
  description: 'The catalog\'s import: its state, and the first problems of the last run in the reader\'s language',
};

const topProduct = object({
  rank: int, productId: str, name: str, catalogProduct: nullable(id), url: nullable(str), image: nullable(str), views: int, orders: int,
  revenue: { type: 'number', description: 'Euros' },
}, ['rank', 'productId', 'name', 'views', 'orders', 'revenue']);

export const catalogsApi: Paths = {
  '/api/catalog/{id}/import': {
    get: {
      operationId: 'getCatalogImport', tags: ['catalog'], summary: 'The catalog\'s import state (polled by the catalog screen)',
      parameters: catalogParam,
      responses: { 200: json('The import state', importState), ...refusals },
    },
    post: {
      operationId: 'importProducts', tags: ['catalog'],
      summary: 'Start the import of the catalog\'s products (job catalog.import): from an uploaded feed file, or with an empty JSON object from the catalog\'s feed URL',
      parameters: catalogParam,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: object({ file: { type: 'string', format: 'binary', description: 'The feed, packed as the catalog\'s compression says' } }, ['file']) },
          'application/json': { schema: { type: 'object', maxProperties: 0, description: '{}: read the catalog\'s feed URL' } },
        },
      },
      responses: { 202: json('The import was queued', importState), ...refusals },
    },
  },
  '/api/catalog/{id}/import/cancel': {
    post: {
      operationId: 'cancelImport', tags: ['catalog'], summary: 'Cancel the running import; the catalog\'s products stay as they were',
      parameters: catalogParam,
      responses: { 200: json('The import state', importState), ...refusals },
    },
  },
  '/api/catalog/{id}/products': {
    delete: {
      operationId: 'deleteProducts', tags: ['catalog'], summary: 'Remove every product of the catalog (not while an import runs)',
      parameters: catalogParam,
      responses: { 200: json('The import state', importState), ...refusals },
    },
  },
  '/api/campaign/{id}/topproducts': {
    post: {
      operationId: 'generateTopProducts', tags: ['topproduct'],
      summary: 'Compute the campaign\'s top products from its advertiser\'s onsite events of the last 30 days; they replace its top product records',
      parameters: [inPath('id', 'The campaign')],
      responses: { 200: json('The top products by rank', object({ campaign: id, products: list(topProduct) }, ['campaign', 'products'])), ...refusals },
    },
  },
  '/api/campaign/{id}/topreferers': {
    post: {
      operationId: 'generateTopReferer', tags: ['topproduct'],
      summary: 'Compute the campaign\'s top referers (hosts that sent visitors to the shop) from its advertiser\'s onsite events of the last 30 days',
      parameters: [inPath('id', 'The campaign')],
      responses: {
        200: json('The top referers by rank', object({ campaign: id, referers: list(object({ rank: int, host: str, count: int }, ['rank', 'host', 'count'])) }, ['campaign', 'referers'])),
        ...refusals,
      },
    },
  },
};
