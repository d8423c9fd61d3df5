/**
 * AdSuite admin, read like a table of contents: providers, layout, react-admin's resources (whose own paths
 * redirect to the SPEC paths), and every page of the route table, each behind the route guard.
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { resources } from '@adsuite/config';
import { authProvider } from './auth/authProvider.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { dataProvider } from './api/dataProvider.ts';
import { queryClient } from './api/queryClient.ts';
import { i18nProvider } from './i18n/i18nProvider.ts';
import { Layout } from './layout/Layout.tsx';
import { installRecordActions } from './plugins/index.ts';
import { redirectsToSpecPaths } from './resources/ResourceScreen.tsx';
import { ROUTES } from './routes/appRoutes.tsx';
import { NotFound } from './routes/LeaveFor.tsx';
import { RouteGuard } from './routes/RouteGuard.tsx';

installRecordActions();

export function App() {
  // Real paths, not hash routes: the backend answers index.html for every non-/api path, so deep links work.
  // Navigation outside transitions: react-admin's sign-out redirect must win over the re-render it causes.
  return (
    <BrowserRouter useTransitions={false}>
      <Admin
        title="AdSuite"
        dataProvider={dataProvider}
        queryClient={queryClient}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        catchAll={NotFound}
        requireAuth
        disableTelemetry
      >
        {resources.map((resource) => (
          <Resource key={resource.name} name={resource.name} recordRepresentation={resource.titleField} {...redirectsToSpecPaths} />
        ))}
        <CustomRoutes>
          {ROUTES.map((route) => <Route key={route.path} path={route.path} element={<RouteGuard route={route} />} />)}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
