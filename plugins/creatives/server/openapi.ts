/**
 * The creative tools' routes in /api/openapi.json (routes.ts): the graphics library's folders and uploads, the
 * banner generator, the template editor's preview and the coupon history.
 */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { GENERATOR_FIELDS, GENERATOR_SIZES, sizeName } from '../generator.ts';
import { MAX_MOVE } from './folders.ts';
import { PAGE_MAX } from './routes.ts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, schema } = openapi;

const id = { type: 'string', format: 'uuid' };
const text = { type: 'string' };
const int = { type: 'integer' };
const nullable = (item: Record<string, unknown>) => ({ anyOf: [item, { type: 'null' }] });
/** An answer's object: every property is always there (null where the schema says it may be). */
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (items: unknown) => ({ type: 'array', items });
const param = (name: string, description: string, item: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', schema: item, description });
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged') };

const advertiserParam = param('advertiser', 'The advertiser whose library it is (default: the one the Advertiser header selects; staff name any)', { type: 'string', format: 'uuid' });
const folderSummary = obj({ id, name: text, parent: nullable(id) });
const named = obj({ id, name: text });
const graphic = { allOf: [schema('graphic'), obj({ url: { type: 'string', description: 'Where the image loads (the ad server\'s /banner/file/{id})' } })] };
const folder = schema('folder');
const size = obj({ width: int, height: int });
const values = {
  type: 'object',
  description: `Placeholder values (texts): ${GENERATOR_FIELDS.map((field) => `${field.key} (${field.type}${field.required ? ', required' : ''})`).join(', ')}, and any the template declares. Images are file ids of the advertiser's graphics, colours #rrggbb.`,
  additionalProperties: { type: 'string' },
};
const declaration = obj({ key: text, label: text, type: { enum: ['text', 'image', 'url'] }, required: { type: 'boolean' }, max: int });

export const creativesApi: Paths = {
  '/api/graphics/tree': {
    get: {
      operationId: 'graphicsTree', summary: 'Every folder of an advertiser\'s graphics library with its path from Root (the folder filter, the move targets)',
      parameters: [advertiserParam],
      responses: { 200: json('The folders, sorted by path', obj({ advertiser: named, folders: list(obj({ id, name: text, parent: nullable(id), path: list(text) })) })), ...refusals },
    },
  },
  '/api/graphics/folders': {
    get: {
      operationId: 'graphicsFolder', summary: 'One folder of the library (folder list by parent): breadcrumb from Root, its folders with counts, a page of its graphics',
      parameters: [
        advertiserParam,
        param('parent', 'The folder (empty: Root)', { type: 'string', format: 'uuid' }),
        param('search', 'Only folders and graphics whose name holds this text'),
        param('offset', 'Graphics to skip', { type: 'integer', minimum: 0, default: 0 }),
        param('qty', 'Graphics per page', { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: 50 }),
      ],
      responses: {
        200: json('The folder\'s content', obj({
          advertiser: named, path: list(folderSummary),
          folders: list(obj({ id, name: text, parent: nullable(id), folders: { ...int, description: 'Subfolders' }, graphics: { ...int, description: 'Graphics inside' } })),
          graphics: list(graphic), total: { ...int, description: 'Graphics in the folder (matching the search)' },
        })),
        ...refusals,
      },
    },
  },
  '/api/graphics/folder': {
    post: {
      operationId: 'graphicsCreateFolder', summary: 'Create a folder (name, parent; Root without parent) in an advertiser\'s library',
      requestBody: body({ name: { type: 'string', minLength: 1, maxLength: 200 }, parent: nullable(id), advertiser: { ...id, description: 'Needed at Root when the Advertiser header selects none' } }, ['name']),
      responses: { 201: json('The folder', folder), ...refusals },
    },
  },
  '/api/graphics/folder/{id}': {
    patch: {
      operationId: 'graphicsUpdateFolder', summary: 'Rename and/or move a folder (parent null: to Root); a move into itself or one of its subfolders is refused',
      parameters: [inPath('id', 'The folder')],
      requestBody: body({ name: { type: 'string', minLength: 1, maxLength: 200 }, parent: nullable(id) }),
      responses: { 200: json('The folder', folder), ...refusals },
    },
    delete: {
      operationId: 'graphicsDeleteFolder', summary: 'Delete (archive) an empty folder; one holding graphics or folders is refused',
      parameters: [inPath('id', 'The folder')],
      responses: { 200: json('The archived folder', folder), ...refusals },
    },
  },
  '/api/graphics/move': {
    post: {
      operationId: 'graphicsMove', summary: 'Move graphics and folders of one advertiser into a folder (target null: Root), all or none; no cycles',
      requestBody: body({
        graphics: { ...list(id), maxItems: MAX_MOVE }, folders: { ...list(id), maxItems: MAX_MOVE }, target: nullable(id),
      }),
      responses: { 200: json('What moved', obj({ target: nullable(id), graphics: int, folders: int })), ...refusals },
    },
  },
  '/api/graphics/upload': {
    post: {
      operationId: 'graphicsUpload', summary: 'Upload an image (PNG, JPG or GIF by its content, at most 10 MB) into a folder as a graphic',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object', required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary' }, folder: { ...id, description: 'The folder (empty: Root)' },
                advertiser: { ...id, description: 'At Root: whose library (default: the selected advertiser)' }, name: { type: 'string', maxLength: 200, description: 'Default: the file name' },
              },
            },
          },
        },
      },
      responses: { 201: json('The graphic', graphic), ...refusals },
    },
  },
  '/api/banner/generator': {
    get: {
      operationId: 'bannerGeneratorStart', summary: 'What the banner generator starts with for an advertiser: its templates (own and the platform\'s), its corporate identity, the sizes, its images',
      parameters: [advertiserParam],
      responses: {
        200: json('The generator\'s data', obj({
          advertiser: obj({ id, name: text, url: nullable(text) }),
          ci: nullable(obj({
            id, name: text, logo: { ...nullable(id), description: 'File id of the logo when it is one of the advertiser\'s graphics' }, logoUrl: nullable(text),
            primaryColor: nullable(text), secondaryColor: nullable(text), textColor: nullable(text), slogan: nullable(text), productName: nullable(text), url: nullable(text),
          })),
          templates: list(obj({ id, name: text, width: int, height: int, advertiser: nullable(id), placeholder: list({ type: 'object' }) })),
          sizes: list(size),
          images: list(obj({ file: { ...id, description: 'The value of an image placeholder' }, graphic: id, name: text, url: text, width: nullable(int), height: nullable(int) })),
        })),
        ...refusals,
      },
    },
  },
  '/api/banner/generate': {
    post: {
      operationId: 'bannerGenerate', summary: 'Save an advertiser\'s template_ad banners of a template at the chosen sizes (all or none)',
      requestBody: body({
        advertiser: id, template: id, values,
        sizes: { type: 'array', description: `Default all: ${GENERATOR_SIZES.map(sizeName).join(', ')}`, items: { anyOf: [size, { type: 'string', pattern: '^\\d+x\\d+$' }] } },
      }, ['template', 'values']),
      responses: {
        201: json('The banners, each served at /banner?id={id}', obj({ banners: list({ allOf: [schema('banner'), obj({ url: text })] }) })),
        ...refusals,
      },
    },
  },
  '/api/banner/template/preview': {
    post: {
      operationId: 'bannerTemplatePreview', summary: 'The template editor\'s preview: unsaved template HTML rendered with sample values, as the ad server renders it',
      requestBody: body({
        html: { type: 'string', maxLength: 200_000 }, placeholder: list(declaration),
        width: { type: 'integer', minimum: 1, maximum: 4000 }, height: { type: 'integer', minimum: 1, maximum: 4000 },
        values: { type: 'object', additionalProperties: { type: 'string', maxLength: 2000 } },
      }, ['html', 'width', 'height']),
      responses: { 200: json('The rendered page, for a sandboxed frame', obj({ html: text })), ...refusals },
    },
  },
  '/api/coupon/{id}/advertisers': {
    get: {
      operationId: 'couponAdvertisers', summary: 'The coupon history: who redeemed the coupon when (date, advertiser, name), newest first',
      parameters: [inPath('id', 'The coupon')],
      responses: { 200: json('The redemptions', list(obj({ date: { type: 'string', format: 'date-time' }, advertiser: id, name: text }))), ...refusals },
    },
  },
};
