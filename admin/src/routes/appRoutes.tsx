/**
 * Every page of the member area: the generated entity screens at their declared SPEC paths (and the aliases
 * SPEC names besides), then the plugins' screens. A plugin screen at a generated screen's path replaces it
 * (the booking wizard at /booking/create). Who may open each path is the route table of @adsuite/config.
 */
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import type { TranslateFunction as Translate } from 'react-admin';
import { resourceRoutes, resources, type ResourceRoute } from '@adsuite/config';
import { pluginRoutes, type PluginRoute } from '../plugins/index.ts';
import { ResourceScreen } from '../resources/ResourceScreen.tsx';

export interface AppRoute {
  path: string;
  title: (translate: Translate) => string;
  component: ComponentType;
  fullWidth?: boolean;
  /** Set for a generated screen. */
  screen?: ResourceRoute;
  preload?: PluginRoute['preload'];
}

const one = (translate: Translate, resource: string) => translate(`resources.${resource}.name`, { smart_count: 1 });

export function resourceTitle({ resource, screen }: Pick<ResourceRoute, 'resource' | 'screen'>, translate: Translate): string {
  if (screen === 'list') return translate(`resources.${resource}.name`, { smart_count: 2 });
  if (screen === 'create') return translate('ra.page.create', { name: one(translate, resource) });
  return one(translate, resource);
}

function generated(route: ResourceRoute): AppRoute {
  const component = () => <ResourceScreen resource={route.resource} screen={route.screen} param={route.param} />;
  return { path: route.path, title: (translate) => resourceTitle(route, translate), component, screen: route };
}

function fromPlugin(route: PluginRoute): AppRoute {
  // A plugin may title its page with a resource's name: in the plural.
  return { path: route.path, title: (translate) => translate(route.title, { smart_count: 2 }), component: route.component, fullWidth: route.fullWidth, preload: route.preload };
}

export function appRoutes(plugins: PluginRoute[] = pluginRoutes(), resources: ResourceRoute[] = resourceRoutes()): AppRoute[] {
  const byPlugin = new Set(plugins.map((route) => route.path));
  return [...resources.filter((route) => !byPlugin.has(route.path)).map(generated), ...plugins.map(fromPlugin)];
}

export const ROUTES = appRoutes();

/**
 * Whether the member area has a page at `pathname`: a route of the table, react-admin's own resource paths
 * (which redirect to the SPEC paths) or its stand-in sign-in page. Anything else is unknown and goes to the
 * portal's /404 before any sign-in check (SPEC section 2: "Any unknown path redirects to /404").
 */
export function isMemberAreaPath(pathname: string, routes: readonly Pick<AppRoute, 'path'>[] = ROUTES): boolean {
  const known = [...routes.map(({ path }) => ({ path })), ...resources.map(({ name }) => ({ path: `/${name}/*` })), { path: '/login' }];
  return matchRoutes(known, pathname) !== null;
}
