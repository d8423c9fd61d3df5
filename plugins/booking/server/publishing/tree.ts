/** Reading the sync queue as trees (the viewer's job tree with breadcrumbs) and queueing what may run. */
import { Op, QueryTypes } from 'sequelize';
import { syncJobTitleIn, syncMessageIn } from '@adsuite/config/i18n/syncJobs';
import { type Core, type Language, type Row, serialize } from '@adsuite/backend/kit';
import { SYNC_JOB } from './sync.ts';

export interface SyncTreeNode extends Row {
  next: SyncTreeNode[];
}

/**
 * A job with its children in `next` (recursively) and `path`: its ancestors from the root, for breadcrumbs.
 * Each job has its `title` (what it does, 'Publish campaign Summer Sale 2026') and its messages in `language`.
 */
export async function syncTree(core: Core, id: string, language: Language): Promise<(SyncTreeNode & { path: Row[] }) | null> {
  const model = core.model('sync-queue');
  const resource = core.resource('sync-queue');
  const root = (await model.findByPk(id, { raw: true })) as Row | null;
  if (!root) return null;
  const path: Row[] = [];
  for (let parent = root.parent; parent;) {
    const above = (await model.findByPk(parent as string, { raw: true, attributes: ['id', 'name', 'type', 'action', 'status', 'parent'] })) as Row | null;
    if (!above || path.some((p) => p.id === above.id)) break;
    path.unshift({ id: above.id, name: above.name, title: syncJobTitleIn(above, language), type: above.type, status: above.status });
    parent = above.parent;
  }
  const node = (row: Row): SyncTreeNode => {
    const job = serialize(resource, row);
    const messages = Array.isArray(row.messages) ? (row.messages as Row[]).map((entry) => ({ date: entry.date, message: syncMessageIn(entry, language) })) : [];
    return { ...job, title: syncJobTitleIn(row, language), messages, next: [] };
  };
  const top = node(root);
  let level = [top];
  while (level.length) {
    const children = (await model.findAll({ where: { parent: { [Op.in]: level.map((n) => n.id) } }, order: [['created', 'ASC'], ['name', 'ASC']], raw: true })) as Row[];
    const byId = new Map(level.map((n) => [n.id, n]));
    level = children.map((child) => {
      const made = node(child);
      byId.get(child.parent)?.next.push(made);
      return made;
    });
  }
  return { ...top, path };
}

/** Queues every row that may run (its parent succeeded) and has no job waiting; answers how many. */
export async function queueRunnableJobs(core: Core): Promise<number> {
  const rows = await core.sequelize.query<{ id: string }>(
    `SELECT s.id FROM sync_queue s LEFT JOIN sync_queue p ON p.id = s.parent_id
     WHERE s.archived_at IS NULL AND s.completed IS NOT TRUE AND COALESCE(s.status, 'not run') IN ('not run', 'failed')
       AND (s.parent_id IS NULL OR p.status IN ('successful', 'partial'))
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.name = :name AND j.payload->>'syncId' = s.id::text AND j.status IN ('queued', 'running'))
     ORDER BY s.created LIMIT 1000`,
    { replacements: { name: SYNC_JOB }, type: QueryTypes.SELECT },
  );
  for (const row of rows) await core.jobs.enqueue(SYNC_JOB, { syncId: row.id });
  return rows.length;
}
