/**
 * The sync-queue job tree viewer (SPEC sections 2 and 6, systemoperator): the jobs not run and failed first,
 * and the tree of a chosen job with breadcrumbs, run count, messages and the jobs depending on it.
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';

const plugin: PluginUi = {
  name: 'syncqueue',
  // /queue is the older address of the same screen (SPEC section 6).
  routes: ['/syncqueue', '/queue'].map((path) => ({ path, title: 'resources.sync-queue.name', component: onDemand(() => import('./SyncQueueScreen.tsx'), 'SyncQueueScreen') })),
};

export default plugin;
