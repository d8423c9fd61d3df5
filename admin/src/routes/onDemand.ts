import { createElement, lazy, type ComponentType } from 'react';

/** An on-demand screen, and how to start loading its code before it is shown. */
export type OnDemandScreen = ComponentType & { preload(): Promise<unknown> };

/**
 * A screen whose code loads when its page first opens, so the admin's first load stays small (issue 3
 * target: at most 500 KB gzipped). In a plugin: `component: onDemand(() => import('./Dashboard.tsx'), 'Dashboard')`.
 * The route guard shows react-admin's loader meanwhile. Once the code is there (`preload()` started it early,
 * see startEarly.ts) the screen renders at once: React holds back what a suspended boundary reveals for up to
 * 300 ms after its fallback showed, which alone cost the dashboard's first paint a third of a second.
 */
export function onDemand<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): OnDemandScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    if (!loading) {
      loading = load().then((module) => (loaded = module[name] as ComponentType));
      // A failed load (a new release replaced the chunk, the network dropped) may be tried again.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}
