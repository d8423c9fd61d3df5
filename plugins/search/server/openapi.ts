/** The search route in /api/openapi.json (SPEC section 7 "search"): one term over the main entity types. */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer } = openapi;

const query = (name: string, description: string, schema: Record<string, unknown>, required = false) => ({ name, in: 'query', required, schema, description });

/** `searched`: the entity types looked through, in the order of the results page. */
export function searchApi(searched: readonly string[]): Paths {
  return {
    // Untagged: tagged one-segment GET paths are the resources' lists (backend/src/resources/protocol.test.ts).
    '/api/search': {
      get: {
        summary: `Search ${searched.join(', ')} for a term (the ones the user may read)`,
        parameters: [
          query('search', 'The term (at most 200 characters); an id finds its record', { type: 'string', minLength: 1 }, true),
          query('qty', 'Records per type', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
          query('offset', 'Records to skip per type', { type: 'integer', minimum: 0, maximum: 100_000, default: 0 }),
        ],
        responses: {
          200: {
            description: '`{ stats: { qty, largest, ms }, results: { <type>: { count, items } } }`; types without a match are left out',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    stats: { type: 'object', properties: { qty: { type: 'integer', description: 'Matches of all types' }, largest: { type: 'integer' }, ms: { type: 'integer' } } },
                    results: { type: 'object', additionalProperties: { type: 'object', properties: { count: { type: 'integer' }, items: { type: 'array', items: { type: 'object' } } } } },
                  },
                },
              },
            },
          },
          400: answer('Invalid'), 401: answer('Unauthorized'), 406: answer('AccessChanged'),
        },
      },
    },
  };
}
