/** A problem of the feed itself (not of the server): the import stops, the catalog stays as it was, and the text is shown. */
import type { ServerText } from '@adsuite/backend/kit';

export class FeedError extends Error {
  constructor(readonly text: ServerText, readonly line: number | null = null) {
    super(text.key);
  }
}

/** A library's error message fit for a text shown to the advertiser: one line, at most 200 characters. */
export function shortDetail(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown';
}

/** The import was cancelled (or this run lost its job) while the feed was read: the reading stops. */
export class ImportStopped extends Error {
  constructor() {
    super('import stopped');
  }
}

/** Errors the feed readers pass on as they are (theirs name the feed's problem; a stop is no problem of the feed). */
export const isOwnError = (error: unknown): error is FeedError | ImportStopped => error instanceof FeedError || error instanceof ImportStopped;
