/**
 * The sync queue (SPEC sections 3 and 4): every change a booking makes on its channels is a tree of
 * `sync-queue` rows (campaign -> one line item per channel -> its banners), run top-down by the job queue.
 * A row runs its connector once its parent succeeded; when every row below the root is done the tree is
 * settled and the booking moves on (published, canceled, ...).
 *
 * Row states: `not run`; `failed` (completed once no retry is left: technicians are informed, `notified`);
 * `successful` and not completed while rows below still run (shown as Partial); completed `successful` when the
 * whole subtree succeeded, completed `partial` when some of it failed.
 *
 * A job may run twice (issue 9: its runner lost the lease, or died after the channel answered). The connector
 * gets an idempotency key of the row, so a network asked twice answers the object it created the first time
 * instead of creating a second line item; the outcome is recorded under the row's lock only while the row still
 * waits for one (`not run` or a retryable `failed`), so a second run records nothing, queues no child twice and
 * settles nothing twice; and a row that succeeded is not run again.
 *
 * The trees of one booking run side by side, so a line item's pause or resume reads the line item when it runs:
 * one that a later resume or pause overtook tells the channel nothing (`overtaken`), and the channel ends as the
 * line item is whatever order the jobs ran in. Budgets and banners are read when the job runs, too.
 *
 * A row's name is the synchronised record's name; its type and action say the rest, in the reader's language
 * ('Publish line item Summer / Outbrain', config/i18n/syncJobs.ts). Its message log keeps each entry's English
 * words and its catalogue text (sync.*, the connectors' answers and refusals), read in the reader's language.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import { syncEntry, syncJobTitle } from '@adsuite/config/i18n/syncJobs';
import { isServerText } from '@adsuite/config/i18n/serverText';
import { type Core, isLastRun, type JobRun, type Row, say, type ServerText, text } from '@adsuite/backend/kit';
import { today } from './budget.ts';
import { channelOf, connectorFor, type ConnectorRequest, type ConnectorResult, type SyncAction, type SyncType } from './connectors/index.ts';

export const SYNC_JOB = 'sync.run';

export interface SyncNode {
  type: SyncType;
  action: SyncAction;
  foreignId: string;
  name: string;
  channel?: string | null;
  children?: SyncNode[];
}

/** A job of the tree; `name` is the record's name, what the job does with it follows from type and action. */
export const syncNode = (type: SyncType, action: SyncAction, row: Row, extra: Partial<SyncNode> = {}): SyncNode => ({
  type, action, foreignId: String(row.id), name: String(row.name ?? row.id).slice(0, 255), ...extra,
});

/** Why a job could not run, as a text of the catalogue. */
class SyncProblem extends Error {
  constructor(readonly text: ServerText) {
    super(say('en', text));
  }
}

/** What went wrong: the catalogue text an error carries (a channel's refusal), else its words. */
const reasonOf = (error: unknown): ServerText | string => {
  const carried = (error as { text?: unknown } | null)?.text;
  if (isServerText(carried) || typeof carried === 'string') return carried;
  return error instanceof Error ? error.message : String(error);
};

/** A log entry: English words and catalogue text, or the words alone when no text says them. */
const entry = (message: ServerText | string) => (typeof message === 'string' ? { date: new Date().toISOString(), message } : syncEntry(message));

/** Writes the tree with the transaction of its cause and queues its root, which starts once that commits. */
export async function queueSyncTree(core: Core, transaction: Transaction, root: SyncNode, refs: { campaign: string; booking: string | null }): Promise<Row> {
  const model = core.model('sync-queue');
  const write = async (node: SyncNode, parent: string | null): Promise<Row> => {
    const row = (await model.create({
      name: node.name, type: node.type, action: node.action, foreignId: node.foreignId, channel: node.channel ?? null, parent,
      campaign: refs.campaign, booking: refs.booking, status: 'not run', completed: false, runCount: 0, notified: false,
      messages: [entry(text('sync.queued'))],
    }, { transaction })).get({ plain: true }) as Row;
    for (const child of node.children ?? []) await write(child, row.id as string);
    return row;
  };
  const created = await write(root, null);
  await core.jobs.enqueue(SYNC_JOB, { syncId: created.id }, { transaction });
  return created;
}

/** Rows whose change went through already: running them again would repeat it on the channel. */
const SUCCEEDED = ['successful', 'partial'];
/** Whether a row's outcome is recorded already (a run of the same job before this one, or alongside it). */
const settled = (row: Row) => Boolean(row.completed) || SUCCEEDED.includes(String(row.status));

async function connectorRequest(core: Core, job: Row): Promise<ConnectorRequest> {
  const find = async (name: string, id: unknown) => (id ? ((await core.model(name).findByPk(id as string, { raw: true })) as Row | null) : null);
  const campaign = await find('campaign', job.campaign);
  if (!campaign) throw new SyncProblem(text('sync.campaign_gone'));
  const booking = await find('booking', job.booking);
  const base = {
    action: job.action as SyncAction, type: job.type as SyncType, channel: channelOf(job.channel), booking, campaign, idempotencyKey: `sync-${String(job.id)}`,
  };
  if (job.type === 'campaign') return { ...base, creatives: [], externalId: null };
  if (job.type === 'lineitem') {
    const lineitem = await find('lineitem', job.foreignId);
    if (!lineitem) throw new SyncProblem(text('sync.lineitem_gone'));
    const ids = (lineitem.creatives as string[] | null) ?? [];
    const creatives = ids.length ? ((await core.model('banner').findAll({ where: { id: ids }, raw: true })) as Row[]) : [];
    return { ...base, lineitem, creatives, externalId: (lineitem.externalId as string | null) ?? null };
  }
  const banner = await find('banner', job.foreignId);
  const parent = await find('sync-queue', job.parent);
  const lineitem = parent?.type === 'lineitem' ? await find('lineitem', parent.foreignId) : null;
  return { ...base, lineitem: lineitem ?? undefined, creatives: banner ? [banner] : [], externalId: null };
}

/**
 * What a successful change means for AdSuite's own rows: ids from the channel, and whether the line item is switched
 * on (`active`): one its channel created is, one canceled or archived there is not. A pause, a resume or an update
 * leave it as it is: the booking's pause is `userpaused`, which the ad server and the sandbox delivery read beside
 * `active`, so a resumed booking delivers again on every line item that was switched on when it was paused, and
 * one staff switched off stays off.
 */
async function applyResult(core: Core, transaction: Transaction, job: Row, request: ConnectorRequest, result: ConnectorResult) {
  const lineitem = request.lineitem;
  if (job.type !== 'lineitem' || !lineitem) return;
  const active = job.action === 'create' ? !lineitem.archivedAt : ['cancel', 'archive'].includes(String(job.action)) ? false : Boolean(lineitem.active);
  await core.model('lineitem').update({ active, externalId: result.externalId ?? lineitem.externalId ?? null }, { where: { id: lineitem.id }, transaction });
  if (job.action === 'create' && lineitem.contract && result.externalId) {
    await core.model('contract').update({ externalId: result.externalId }, { where: { id: lineitem.contract }, transaction });
  }
}

/**
 * Locks the job's booking, then its campaign: the order in which a booking's changes lock them (lifecycle.ts,
 * liveBooking.ts: booking, campaign, then its line items), so recording an outcome, which changes a line item and
 * may settle the tree (campaign and booking), never waits for an edit that waits for it.
 */
async function lockOwners(core: Core, transaction: Transaction, job: Row): Promise<void> {
  if (job.booking) await core.model('booking').findOne({ where: { id: job.booking }, attributes: ['id'], raw: true, transaction, lock: transaction.LOCK.UPDATE });
  if (job.campaign) await core.model('campaign').findOne({ where: { id: job.campaign }, attributes: ['id'], raw: true, transaction, lock: transaction.LOCK.UPDATE });
}

async function lockJob(core: Core, transaction: Transaction, id: unknown): Promise<Row | null> {
  return (await core.model('sync-queue').findOne({ where: { id }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
}

const messagesOf = (job: Row) => (Array.isArray(job.messages) ? job.messages : []);

async function recordSuccess(core: Core, job: Row, request: ConnectorRequest, result: ConnectorResult) {
  const model = core.model('sync-queue');
  await core.sequelize.transaction(async (transaction) => {
    await lockOwners(core, transaction, job);
    const locked = await lockJob(core, transaction, job.id);
    if (!locked || settled(locked)) return;
    await applyResult(core, transaction, job, request, result);
    const children = (await model.findAll({ where: { parent: job.id }, attributes: ['id', 'status', 'completed'], raw: true, transaction })) as Row[];
    const waiting = children.filter((child) => !child.completed);
    // Run again (forced), a row whose children are all done already is as good as they are.
    const status = waiting.length || children.every((child) => child.status === 'successful') ? 'successful' : 'partial';
    const done = { status, completed: waiting.length === 0, runCount: Number(locked.runCount) + 1, lastRun: new Date() };
    await model.update({ ...done, messages: [...messagesOf(locked), entry(result.message)] }, { where: { id: job.id }, transaction });
    for (const child of waiting) await core.jobs.enqueue(SYNC_JOB, { syncId: child.id }, { transaction });
    if (done.completed) await settle(core, transaction, { ...locked, ...done });
  });
}

async function recordFailure(core: Core, job: Row, reason: ServerText | string, last: boolean) {
  await core.sequelize.transaction(async (transaction) => {
    await lockOwners(core, transaction, job);
    const locked = await lockJob(core, transaction, job.id);
    if (!locked || settled(locked)) return;
    const failed = { status: 'failed', completed: last, notified: last || Boolean(locked.notified), runCount: Number(locked.runCount) + 1, lastRun: new Date() };
    const notes = last ? [entry(reason), entry(text('sync.failed_for_good'))] : [entry(text('sync.will_retry', { reason }))];
    await core.model('sync-queue').update({ ...failed, messages: [...messagesOf(locked), ...notes] }, { where: { id: job.id }, transaction });
    if (!last) return;
    await informTechnicians(core, transaction, locked, reason);
    await settle(core, transaction, { ...locked, ...failed });
  });
}

/** A job failed for good: the technicians learn it from the log and the activity log (level system). */
async function informTechnicians(core: Core, transaction: Transaction, job: Row, reason: ServerText | string) {
  const campaign = job.campaign ? ((await core.model('campaign').findByPk(job.campaign as string, { raw: true, transaction })) as Row | null) : null;
  const messageText = text('sync.failed_log', { job: syncJobTitle(job), reason });
  console.warn(`[sync-queue] ${say('en', messageText)} (${String(job.id)})`);
  if (!core.models.has('campaignlog')) return;
  await core.model('campaignlog').create({
    message: say('en', messageText).slice(0, 2000), messageText, level: 'system', category: 'Campaign Management',
    campaign: campaign?.id ?? null, advertiser: campaign?.advertiser ?? null, entityId: job.id, entityType: 'sync-queue', entityAction: 'update',
    version: { id: job.id, name: job.name, type: job.type, action: job.action, channel: job.channel, foreignId: job.foreignId }
  }, { transaction });
}

/** A row is done: its parent is done too once all its children are; the root's end moves the booking on. */
async function settle(core: Core, transaction: Transaction, job: Row): Promise<void> {
  if (!job.parent) return finishTree(core, transaction, job);
  const model = core.model('sync-queue');
  const parent = await lockJob(core, transaction, job.parent);
  if (!parent) return;
  const children = (await model.findAll({ where: { parent: parent.id }, attributes: ['status', 'completed'], raw: true, transaction })) as Row[];
  if (children.some((child) => !child.completed)) return;
  const status = parent.status === 'failed' ? 'failed' : children.every((child) => child.status === 'successful') ? 'successful' : 'partial';
  await model.update({ completed: true, status }, { where: { id: parent.id }, transaction });
  await settle(core, transaction, { ...parent, completed: true, status });
}

/** The channels of a tree whose jobs failed, and those that went through. */
async function channelOutcome(core: Core, transaction: Transaction, rootId: unknown): Promise<{ failed: string[]; succeeded: string[] }> {
  const rows = await core.sequelize.query<{ type: string; status: string; channel: string | null; parent_id: string | null }>(
    `WITH RECURSIVE tree AS (
       SELECT id, parent_id, type, status, channel FROM sync_queue WHERE id = :rootId
       UNION ALL SELECT s.id, s.parent_id, s.type, s.status, s.channel FROM sync_queue s JOIN tree ON s.parent_id = tree.id)
     SELECT type, status, channel, parent_id FROM tree`,
    { replacements: { rootId }, type: QueryTypes.SELECT, transaction },
  );
  const root = rows.find((row) => row.parent_id === null);
  const channels = [...new Set(rows.map((row) => row.channel).filter((channel): channel is string => !!channel))];
  const failed = root?.status === 'failed'
    ? channels
    : channels.filter((channel) => rows.some((row) => row.channel === channel && (row.status === 'failed' || row.status === 'partial')));
  return { failed, succeeded: channels.filter((channel) => !failed.includes(channel)) };
}

/** Where a booking stands once it delivers: active from its start day, upcoming before. */
export const runningStatus = (booking: Row) => (typeof booking.start === 'string' && booking.start > today() ? 'upcoming' : 'active');

async function finishTree(core: Core, transaction: Transaction, root: Row): Promise<void> {
  const campaign = (await core.model('campaign').findOne({ where: { id: root.campaign }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null;
  if (!campaign) return;
  const booking = root.booking
    ? ((await core.model('booking').findOne({ where: { id: root.booking }, raw: true, transaction, lock: transaction.LOCK.UPDATE })) as Row | null)
    : null;
  const { failed, succeeded } = await channelOutcome(core, transaction, root.id);
  const failedChannels = [...new Set([...((campaign.failedChannels as string[] | null) ?? []), ...failed])].filter((channel) => !succeeded.includes(channel));
  let status: string | null = null;
  if (root.action === 'create' && booking?.status === 'publishing') status = succeeded.length ? runningStatus(booking) : 'pending';
  if (root.action === 'cancel' && booking && ['canceling', 'cancelling'].includes(String(booking.status))) status = 'canceled';
  await core.model('campaign').update({ failedChannels, ...(status ? { status } : {}) }, { where: { id: campaign.id }, transaction });
  if (!booking) return;
  const bookingFields = core.resource('booking').fields;
  await core.model('booking').update({
    ...(status ? { status } : {}), ...('failedChannels' in bookingFields ? { failedChannels } : {}),
  }, { where: { id: booking.id }, transaction });
}

/**
 * A line item's pause or resume that a later resume or pause overtook (the trees of one booking run side by side):
 * the channel is not told, so whatever order the jobs run in, it ends as the line item now is.
 */
function overtaken(request: ConnectorRequest): ConnectorResult | null {
  const { action, type, lineitem } = request;
  if (type !== 'lineitem' || !lineitem || !['pause', 'resume'].includes(action)) return null;
  if (Boolean(lineitem.userpaused) === (action === 'pause')) return null;
  return { externalId: (lineitem.externalId as string | null) ?? undefined, message: text(`sync.superseded.${action}`) };
}

/** The `sync.run` job: one row of a tree against its channel's connector. */
export async function runSyncJob(core: Core, syncId: unknown, job: JobRun): Promise<void> {
  const row = (await core.model('sync-queue').findByPk(String(syncId), { raw: true })) as Row | null;
  if (!row || settled(row)) return;
  let request: ConnectorRequest;
  let result: ConnectorResult;
  try {
    request = await connectorRequest(core, row);
    result = overtaken(request) ?? (await connectorFor(request.channel).apply(request));
  } catch (error) {
    await recordFailure(core, row, reasonOf(error), isLastRun(job, error));
    throw error;
  }
  await recordSuccess(core, row, request, result);
}

/** Puts a row back to `not run` and queues it now (systemoperator's "force"); the rows above wait for it again. */
export async function forceSyncJob(core: Core, id: string): Promise<Row | null> {
  return core.sequelize.transaction(async (transaction) => {
    const model = core.model('sync-queue');
    const job = await lockJob(core, transaction, id);
    if (!job) return null;
    await model.update({ status: 'not run', completed: false, messages: [...messagesOf(job), entry(text('sync.forced'))] }, { where: { id }, transaction });
    for (let parent = job.parent; parent;) {
      const above = await lockJob(core, transaction, parent);
      if (!above) break;
      await model.update({ completed: false }, { where: { id: above.id }, transaction });
      parent = above.parent;
    }
    await core.jobs.enqueue(SYNC_JOB, { syncId: id }, { transaction, retries: 0 });
    return (await model.findByPk(id, { raw: true, transaction })) as Row;
  });
}
