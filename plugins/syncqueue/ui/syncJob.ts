/**
 * A sync job as the viewer reads it (SPEC sections 3, 4 and 9) and the sync-queue calls of
 * plugins/booking/API.md: the tree of a job, run the due jobs, force one.
 */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface SyncMessage {
  date: string;
  message: string;
}

export interface SyncJob {
  id: string;
  /** The synchronised record's name (older rows: the job's English name). */
  name: string;
  /** What the job does, in the reader's language (the job tree answers it; list rows are read by useSyncWords). */
  title?: string;
  type: string;
  status: string;
  completed: boolean | null;
  runCount: number | null;
  lastRun: string | null;
  notified: boolean | null;
  action: string | null;
  channel: string | null;
  messages: SyncMessage[] | null;
  next: SyncJob[];
}

export interface SyncTree extends SyncJob {
  /** The jobs above, from the root: the breadcrumbs. */
  path: Pick<SyncJob, 'id' | 'name' | 'title' | 'type' | 'status'>[];
}

/** A status value of the declaration, so the label reads like the list's status filter. */
export type SyncLabel = 'successful' | 'partial' | 'failed' | 'not run';

/** SPEC section 4: successful + completed = Successful; successful not completed = Partial; failed = Failed; else Not run. */
export function syncLabel(job: Pick<SyncJob, 'status' | 'completed'>): SyncLabel {
  if (job.status === 'successful') return job.completed ? 'successful' : 'partial';
  if (job.status === 'partial') return 'partial';
  if (job.status === 'failed') return 'failed';
  return 'not run';
}

export const LABEL_COLORS = { successful: 'success', partial: 'warning', failed: 'error', 'not run': 'default' } as const;

/** Run count badge (SPEC sections 5 and 9): 1 or less success, 2 to 9 warning, 10 and more danger. */
export function runCountColor(count: number | null): 'success' | 'warning' | 'error' {
  const runs = count ?? 0;
  return runs >= 10 ? 'error' : runs >= 2 ? 'warning' : 'success';
}

/** The message log: every message, or the last one only. */
export function shownMessages(messages: SyncMessage[] | null, all: boolean): SyncMessage[] {
  const list = Array.isArray(messages) ? messages : [];
  return all ? list : list.slice(-1);
}

export async function fetchTree(id: string, signal?: AbortSignal): Promise<SyncTree> {
  const { json } = await apiFetch(`${API}/sync-queue/${encodeURIComponent(id)}/tree`, { signal });
  return json as SyncTree;
}

export async function runJobs(): Promise<{ queued: number; ran: number }> {
  const { json } = await apiFetch(`${API}/sync-queue/run`, { method: 'POST' });
  return json as { queued: number; ran: number };
}

export async function forceJob(id: string): Promise<void> {
  await apiFetch(`${API}/sync-queue/${encodeURIComponent(id)}/force`, { method: 'POST' });
}
