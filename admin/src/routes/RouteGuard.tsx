/**
 * Opens a page only for whom the route table lets in (SPEC section 6): the others go to the portal's /403
 * (a full page load), or where the table sends them instead (accounting from / to /advertisers). Sets the
 * page title `<route title> | AdSuite`; a screen that knows more (an edit screen: the record's name) sets
 * it afterwards.
 */
import { Suspense, useLayoutEffect } from 'react';
import { Navigate } from 'react-router';
import { Loading, useTranslate } from 'react-admin';
import { decideRoute } from '@adsuite/config';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import type { AppRoute } from './appRoutes.tsx';
import { session } from '../session.ts';
import { ChunkBoundary } from './ChunkBoundary.tsx';
import { LeaveFor } from './LeaveFor.tsx';
import { routeUserOf } from './useRouteAccess.ts';

export function RouteGuard({ route }: { route: AppRoute }) {
  const { ready, user } = useAbilityState();
  const translate = useTranslate();
  const title = route.title(translate);
  const suite = translate('app.name');
  useLayoutEffect(() => {
    document.title = `${title} | ${suite}`;
  }, [title, suite]);

  // An idle session ends on this page change (layout): the screen must not start asking the server first.
  if (session.state() !== 'active') return null;
  if (!ready) return <Loading />;
  const routeUser = routeUserOf(user);
  const decision = routeUser ? decideRoute(route.path, routeUser) : { open: false as const, to: '/403' };
  // Screens may load on demand (onDemand.ts): the loader shows until their code has arrived, or it failed.
  if (decision.open) {
    return (
      <ChunkBoundary key={route.path}>
        <Suspense fallback={<Loading />}>
          <route.component />
        </Suspense>
      </ChunkBoundary>
    );
  }
  if (decision.to === '/403') return <LeaveFor to="/403" />;
  return <Navigate to={decision.to} replace />;
}
