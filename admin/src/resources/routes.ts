/**
 * The route table of the generated screens: each declaration's SPEC paths (`routes.list/create/edit`),
 * and react-admin's own resource paths that must land on them.
 */
import type { Identifier } from 'react-admin';
import { resources as declared, resourceByName, type ResourceDef } from '@adsuite/config';

export type Screen = 'list' | 'create' | 'edit';

export interface ScreenRoute {
  path: string;
  resource: string;
  screen: Screen;
}

const SCREENS: Screen[] = ['list', 'create', 'edit'];

export function screenRoutes(resources: ResourceDef[] = declared): ScreenRoute[] {
  return resources.flatMap((resource) =>
    SCREENS.map((screen) => ({ path: resource.routes[screen], resource: resource.name, screen })),
  );
}

/** The SPEC path of a screen, e.g. `/booking/update/42` for the booking edit screen of record 42. */
export function pathTo(resource: string | ResourceDef, screen: Screen, id?: Identifier): string {
  const def = typeof resource === 'string' ? resourceByName[resource] : resource;
  if (!def) throw new Error(`Unknown resource ${String(resource)}`);
  const path = def.routes[screen];
  return screen === 'edit' ? path.replace(':id', encodeURIComponent(String(id))) : path;
}
