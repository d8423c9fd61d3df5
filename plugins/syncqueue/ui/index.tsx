/** /queue: the sync queue's jobs (SPEC section 6), the same list as /syncqueue until the job tree viewer comes. */
import { ResourceScreen, type PluginUi } from '@adsuite/admin/kit';

const Queue = () => <ResourceScreen resource="sync-queue" screen="list" />;

const plugin: PluginUi = {
  name: 'syncqueue',
  routes: [{ path: '/queue', title: 'resources.sync-queue.name', component: Queue, placeholder: true }],
};

export default plugin;
