/**
 * The pieces a plugin's route descriptions are written with (plugins/<name>/server/openapi.ts): references to the
 * core's components (backend/src/openapi.ts), JSON answers and bodies, path and query parameters.
 */
export const answer = (name: string) => ({ $ref: `#/components/responses/${name}` });
export const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const json = (description: string, content: unknown = { type: 'object' }) => ({ description, content: { 'application/json': { schema: content } } });
export const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });
export const jsonBody = (content: unknown) => ({ required: true, content: { 'application/json': { schema: content } } });
/** A body of one JSON object with these properties. */
export const body = (properties: Record<string, unknown>, required: string[] = []) => jsonBody(object(properties, required));
/** A path parameter: a UUID unless `format` says otherwise (null: any text). */
export const inPath = (name: string, description: string, format: string | null = 'uuid') => ({ name, in: 'path', required: true, schema: { type: 'string', ...(format ? { format } : {}) }, description });
export const query = (name: string, description: string, type = 'string') => ({ name, in: 'query', schema: { type }, description });
/** The generic lists' parameters (filter, range, sort). */
export const listParams = [query('filter', 'JSON filter as in the generic lists'), query('range', 'JSON [start, end]'), query('sort', 'JSON [field, ASC|DESC]')];
