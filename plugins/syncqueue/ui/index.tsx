/**
 * The sync-queue job tree viewer (SPEC sections 2 and 6, systemoperator): the jobs not run and failed first,
 * and the tree of a chosen job with breadcrumbs, run count, messages and the jobs depending on it; on the job's
 * edit screen, the record it synchronises, its action and channel by name and its messages in the reader's language.
 */
import { onDemand, type PluginUi } from '@adsuite/admin/kit';
import { ActionInput, ChannelInput, MessagesInput, SyncedRecordInput } from './SyncJobInputs.tsx';

const plugin: PluginUi = {
  name: 'syncqueue',
  // /queue is the older address of the same screen (SPEC section 6).
  routes: ['/syncqueue', '/queue'].map((path) => ({ path, title: 'resources.sync-queue.name', component: onDemand(() => import('./SyncQueueScreen.tsx'), 'SyncQueueScreen') })),
  // The generated edit screen of a job names the record it synchronises, its action and channel (no raw values),
  // and reads its message log in the reader's language.
  widgets: { fieldInputs: { 'sync-queue': { foreignId: SyncedRecordInput, action: ActionInput, channel: ChannelInput, messages: MessagesInput } } },
};

export default plugin;
