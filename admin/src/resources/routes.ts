/** The SPEC path of a generated screen; the paths themselves come from the declarations (config `resourceRoutes`). */
import type { Identifier } from 'react-admin';
import { resourceByName, type ResourceDef, type Screen } from '@adsuite/config';

export type { Screen };

/** The SPEC path of a screen, e.g. `/booking/update/42` for the booking edit screen of record 42. */
export function pathTo(resource: string | ResourceDef, screen: Screen, id?: Identifier): string {
  const def = typeof resource === 'string' ? resourceByName[resource] : resource;
  if (!def) throw new Error(`Unknown resource ${String(resource)}`);
  const path = def.routes[screen];
  return screen === 'edit' ? path.replace(':id', encodeURIComponent(String(id))) : path;
}
