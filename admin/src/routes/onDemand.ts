import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code loads when its page first opens, so the admin's first load stays small (issue 3
 * target: at most 500 KB gzipped). In a plugin: `component: onDemand(() => import('./Dashboard.tsx'), 'Dashboard')`.
 * The route guard shows react-admin's loader meanwhile.
 */
export function onDemand<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}
