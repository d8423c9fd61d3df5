/**
 * The server halves of the enabled plugins (PLUGINS in registry.ts that have `server/index.ts`): one line
 * each, imported on demand so the compiled server (backend/build.mjs) bundles them and the browser never sees
 * them. A test keeps this list and the registry in step.
 */
import type { ServerPlugin } from '@adsuite/backend/kit';

type Loader = () => Promise<{ default: ServerPlugin }>;

export const SERVER_PLUGINS: Record<string, Loader> = {
  accounts: () => import('./accounts/server/index.ts'),
  activitylog: () => import('./activitylog/server/index.ts'),
  affiliate: () => import('./affiliate/server/index.ts'),
  approvals: () => import('./approvals/server/index.ts'),
  booking: () => import('./booking/server/index.ts'),
  catalogs: () => import('./catalogs/server/index.ts'),
  creatives: () => import('./creatives/server/index.ts'),
  dataconsole: () => import('./dataconsole/server/index.ts'),
  delivery: () => import('./delivery/server/index.ts'),
  finances: () => import('./finances/server/index.ts'),
  networkmonitor: () => import('./networkmonitor/server/index.ts'),
  'publisher-area': () => import('./publisher-area/server/index.ts'),
  optimizer: () => import('./optimizer/server/index.ts'),
  reports: () => import('./reports/server/index.ts'),
  search: () => import('./search/server/index.ts'),
  tracking: () => import('./tracking/server/index.ts'),
};
