/**
 * The dashboard's route: it asks for the analytics and the lists the moment the page is entered, while the
 * screen's code (and MUI's parts it alone uses) is still on its way, so the two waits overlap instead of following
 * each other. The screen then finds the answers in react-query's cache, or the requests already under way.
 */
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { onDemand, session, useCan } from '@adsuite/admin/kit';
import { analyticsQuery, listQueries, openingSelection } from './dashboardQueries.ts';

const Dashboard = onDemand(() => import('./Dashboard.tsx'), 'Dashboard');

export function DashboardRoute() {
  const client = useQueryClient();
  const can = useCan();
  const advertiser = session.selectedAdvertiser();
  // The resources the user may read, as one text: `can` is a new function on every render.
  const readable = Object.keys(listQueries(null)).filter((resource) => can('read', resource)).join();
  useEffect(() => {
    if (!advertiser) return;
    void client.prefetchQuery(analyticsQuery(advertiser, openingSelection()));
    const lists = listQueries(advertiser);
    for (const resource of readable.split(',')) if (resource in lists) void client.prefetchQuery(lists[resource as keyof typeof lists]);
  }, [client, advertiser, readable]);
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
