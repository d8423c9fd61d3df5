/**
 * AdSuite admin, read like a table of contents: providers, layout, and the screens of every declared
 * resource (config/resources) generated in one loop.
 */
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { resources } from '@adsuite/config';
import { authProvider } from './auth/authProvider.ts';
import { LoginPage } from './auth/LoginPage.tsx';
import { dataProvider } from './api/dataProvider.ts';
import { queryClient } from './api/queryClient.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { i18nProvider } from './i18n/i18nProvider.ts';
import { Layout } from './layout/Layout.tsx';
import { redirectsToSpecPaths, ResourceScreen } from './resources/ResourceScreen.tsx';
import { screenRoutes } from './resources/routes.ts';

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
        dashboard={Dashboard}
        requireAuth
        disableTelemetry
      >
        {resources.map((resource) => (
          <Resource key={resource.name} name={resource.name} recordRepresentation={resource.titleField} {...redirectsToSpecPaths} />
        ))}
        <CustomRoutes>
          {screenRoutes().map(({ path, resource, screen }) => (
            <Route key={path} path={path} element={<ResourceScreen resource={resource} screen={screen} />} />
          ))}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
