/**
 * The dashboard's route: it asks for the analytics and the lists the moment the page is entered, while the
 * screen's code (and MUI's parts it alone uses) is still on its way, so the two waits overlap instead of following
 * each other. The screen then finds the answers in react-query's cache, or the requests already under way.
 * When the admin starts at `/`, `preloadDashboard` does the same before the first render (the route's preload).
 */
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { onDemand, session, useCan, type EarlyStart } from '@adsuite/admin/kit';
import { listQueries, prefetchDashboard } from './dashboardQueries.ts';

const Dashboard = onDemand(() => import('./Dashboard.tsx'), 'Dashboard');

/** The admin starts at `/`: the code at once, the data as soon as an advertiser is selected (an agency's comes with its identity). */
export function preloadDashboard({ client, mayRead, identity }: EarlyStart) {
  void Dashboard.preload();
  const start = () => prefetchDashboard(client, session.selectedAdvertiser(), mayRead);
  if (session.selectedAdvertiser()) start();
  else void identity.then(start, () => undefined);
}

export function DashboardRoute() {
  const client = useQueryClient();
  const can = useCan();
  const advertiser = session.selectedAdvertiser();
  // The resources the user may read, as one text: `can` is a new function on every render.
  const readable = Object.keys(listQueries(null)).filter((resource) => can('read', resource)).join();
  useEffect(() => {
    const readableList = readable.split(',');
    prefetchDashboard(client, advertiser, (resource) => readableList.includes(resource));
  }, [client, advertiser, readable]);
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
