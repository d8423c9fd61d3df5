/** The data console's session route in /api/openapi.json (systemoperator only). */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, json, object } = openapi;

export const dataConsoleApi: Paths = {
  '/api/dataconsole/session': {
    post: {
      tags: ['dataconsole'], summary: 'Open the data console (/sysop/data): sets an HttpOnly cookie with the same token for that path; systemoperator only',
      responses: { 200: json('Where the console is', object({ url: { type: 'string' } })), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
};
