/** Whether the signed-in user may open a page, by the same rules as the route guard (config `decideRoute`). */
import { useCallback } from 'react';
import { isRole, mayOpen, resourceByName, type RouteUser, type Screen } from '@adsuite/config';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import type { Identity } from '../auth/authProvider.ts';
import { session } from '../session.ts';

export function routeUserOf(user: Identity | undefined): RouteUser | null {
  if (!user || !isRole(user.role)) return null;
  return { role: user.role, parent: user.parent ?? null, selectedType: session.selectedType() ?? user.selectedType ?? null };
}

/** `(path) => boolean`; `path` is a route pattern (`/banner/edit/:id`), a query after it is ignored. */
export function useMayOpen() {
  const { user } = useAbilityState();
  return useCallback((path: string) => {
    const routeUser = routeUserOf(user);
    return routeUser !== null && mayOpen(path.split('?')[0], routeUser);
  }, [user]);
}

/** `(resource, screen) => boolean` for a generated screen at its declared path. */
export function useMayOpenScreen() {
  const mayOpenPath = useMayOpen();
  return useCallback((resource: string, screen: Screen) => {
    const def = resourceByName[resource];
    return Boolean(def) && mayOpenPath(def.routes[screen]);
  }, [mayOpenPath]);
}
