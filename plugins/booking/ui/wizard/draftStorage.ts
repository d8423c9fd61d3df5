/**
 * A half-filled wizard survives a reload: the draft and the step are kept in the browser per advertiser
 * (and per booking when one is edited), and forgotten once the booking is saved.
 */
import { completeDraft, type BookingDraft } from './draft.ts';

const PREFIX = 'adsuite.bookingDraft';
const VERSION = 1;

export interface StoredDraft {
  step: number;
  draft: BookingDraft;
  savedAt: string;
}

export const draftKey = (advertiser: string | null, bookingId?: string | null) => `${PREFIX}.${advertiser ?? 'none'}.${bookingId ?? 'new'}`;

/** The kept draft, or null when there is none or it cannot be read. */
export function loadDraft(storage: Storage | undefined, key: string): StoredDraft | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { version?: number; step?: unknown; draft?: unknown; savedAt?: unknown };
    if (parsed.version !== VERSION || !parsed.draft || typeof parsed.draft !== 'object') return null;
    const step = Number.isInteger(parsed.step) ? Math.min(3, Math.max(0, parsed.step as number)) : 0;
    return { step, draft: completeDraft(parsed.draft as Partial<BookingDraft>), savedAt: String(parsed.savedAt ?? '') };
  } catch {
    return null;
  }
}

export function saveDraft(storage: Storage | undefined, key: string, step: number, draft: BookingDraft, now = new Date()): void {
  try {
    storage?.setItem(key, JSON.stringify({ version: VERSION, step, draft, savedAt: now.toISOString() }));
  } catch {
    // A full or blocked storage only costs the reload safety net.
  }
}

export function clearDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // as above
  }
}
