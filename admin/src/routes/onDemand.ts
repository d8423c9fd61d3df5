import { createElement, lazy, type ComponentType } from 'react';
import { REQUEST_TIMEOUT_MS } from '@adsuite/config';

/** A screen's code did not arrive: the route shows 'Loading chunk failed' (SPEC section 8). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * `load()`, failing with ChunkLoadError when it fails or has not arrived within the request timeout (120 s, SPEC
 * sections 8 and 9): a chunk that never comes would otherwise leave the loader turning for good.
 */
export function loadWithin<T>(load: () => Promise<T>, ms = REQUEST_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    load().then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(new ChunkLoadError(error)); },
    );
  });
}

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
      loading = loadWithin(load).then((module) => (loaded = module[name] as ComponentType));
      // A failed load (a new release replaced the chunk, the network dropped) may be tried again.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}
