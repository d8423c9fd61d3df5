/**
 * What the first page needs, asked for before React's first render (issue 13). Rendering react-admin's shell
 * takes a few hundred milliseconds after the bundle ran, and only then did the layout ask who is signed in,
 * and only after that answer did the route guard open the page, which then asked for its code and data: three
 * waits in a row. With a live session in storage, the identity is asked for at once (into the query react-admin's
 * useGetIdentity reads) and the route at the address starts its code and data alongside (PluginRoute.preload),
 * when the route guard will open it to the stored role.
 */
import { matchRoutes } from 'react-router';
import { decideRoute, defineAbilityFor } from '@adsuite/config';
import { queryClient } from '../api/queryClient.ts';
import { authProvider, type Identity } from '../auth/authProvider.ts';
import { session } from '../session.ts';
import { ROUTES, type AppRoute } from './appRoutes.tsx';

/** react-admin's useGetIdentity query: its key, and its five minutes before it asks again. */
const identityQuery = {
  queryKey: ['auth', 'getIdentity'],
  queryFn: () => authProvider.getIdentity!(),
  staleTime: 5 * 60 * 1000,
};

export function startEarly(pathname: string, routes: readonly AppRoute[] = ROUTES) {
  const role = session.role();
  if (session.state() !== 'active' || !role) return;
  const identity = queryClient.fetchQuery(identityQuery) as Promise<Identity>;
  // A refused token is the layout's to handle (it signs out); here it only means nothing more to start.
  identity.catch(() => undefined);
  const route = matchRoutes([...routes], pathname)?.[0]?.route;
  // The stored role and area stand for the user until the server answers; `parent` plays no part in opening a
  // page that preloads (the guard decides again with the answer).
  if (!route?.preload || !decideRoute(route.path, { role, selectedType: session.selectedType() }).open) return;
  const ability = defineAbilityFor({ id: '', role, advertiserIds: [], publisherIds: [] });
  route.preload({ client: queryClient, mayRead: (resource) => ability.can('read', resource as never), identity });
}
