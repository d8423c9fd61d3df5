/**
 * A sync job as its reader reads it, in the reader's language (server: the job tree API; browser: the queue's
 * list and a job's edit screen read the stored rows). A job's name is the synchronised record's name; its
 * `type` and `action` choose the text around it (`sync.job.<type>.<action>`: 'Line Item „Summer / Outbrain“
 * veröffentlichen'). A message of the log keeps its English words (`message`, for search and older readers) and
 * its catalogue text (`text`).
 *
 * Older rows read as well: a name that starts with the English words it was once written with ('Publish
 * campaign Summer Sale 2026') gives the record's name, and the log's fixed English lines have their key here.
 */
import { isServerText, say, text, type Language, type ServerText } from './serverText.ts';

export const SYNC_TYPES = ['campaign', 'lineitem', 'banner'] as const;
export const SYNC_ACTIONS = ['create', 'update', 'pause', 'resume', 'cancel', 'archive'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];
export type SyncAction = (typeof SYNC_ACTIONS)[number];

export interface SyncMessageEntry {
  date: string;
  /** The English words (what older rows have only). */
  message: string;
  /** The catalogue text, read in the reader's language. */
  text?: ServerText;
}

const isType = (value: unknown): value is SyncType => (SYNC_TYPES as readonly unknown[]).includes(value);
const isAction = (value: unknown): value is SyncAction => (SYNC_ACTIONS as readonly unknown[]).includes(value);

/** How older rows named their jobs: the English verb and noun before the record's name. */
const LEGACY_VERBS: Record<SyncAction, string> = { create: 'Publish', update: 'Update', pause: 'Pause', resume: 'Resume', cancel: 'Cancel', archive: 'Remove' };
const LEGACY_NOUNS: Record<SyncType, string> = { campaign: 'campaign', lineitem: 'line item', banner: 'banner' };

/** The record's name of a job's stored name (older rows carry the English words before it). */
export function syncSubject(type: SyncType, action: SyncAction, name: string): string {
  const legacy = `${LEGACY_VERBS[action]} ${LEGACY_NOUNS[type]} `;
  return name.startsWith(legacy) && name.length > legacy.length ? name.slice(legacy.length) : name;
}

/** What the job does, as a text of the catalogue; a job of an unknown type or action is its stored name. */
export function syncJobTitle(job: { type?: unknown; action?: unknown; name?: unknown }): ServerText | string {
  const name = String(job.name ?? '');
  if (!isType(job.type) || !isAction(job.action)) return name;
  return text(`sync.job.${job.type}.${job.action}`, { name: syncSubject(job.type, job.action, name) });
}

/** The fixed English lines older rows wrote, by their key. */
const LEGACY_LINES: Record<string, string> = {
  'Queued.': 'sync.queued',
  'Forced to run again.': 'sync.forced',
  'Failed for good: the technicians were informed.': 'sync.failed_for_good',
  'Campaign created on all channels.': 'sync.campaign_created',
  'Banner uploaded.': 'sync.banner_uploaded',
};

/** A log entry's text: its catalogue text, the key of a known older line, or its words as stored. */
export function syncMessageText(entry: { message?: unknown; text?: unknown }): ServerText | string {
  if (isServerText(entry.text)) return entry.text;
  const words = String(entry.message ?? '');
  return LEGACY_LINES[words] ? text(LEGACY_LINES[words]) : words;
}

const inWords = (value: ServerText | string, language: Language) => (typeof value === 'string' ? value : say(language, value));

export const syncJobTitleIn = (job: { type?: unknown; action?: unknown; name?: unknown }, language: Language): string => inWords(syncJobTitle(job), language);

export const syncMessageIn = (entry: { message?: unknown; text?: unknown }, language: Language): string => inWords(syncMessageText(entry), language);

/** A new log entry: the English words and the text. */
export const syncEntry = (message: ServerText, date = new Date()): SyncMessageEntry => ({ date: date.toISOString(), message: say('en', message), text: message });
