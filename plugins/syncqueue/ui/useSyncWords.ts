/**
 * A stored sync job in the reader's language: its title (what it does with which record) and its log entries
 * (config/i18n/syncJobs.ts, the same reading the server's job tree answers with). Loaded with the screens that
 * need it: it brings the server's catalogue along.
 */
import { useLocaleState } from 'react-admin';
import { syncJobTitleIn, syncMessageIn } from '@adsuite/config/i18n/syncJobs';

export function useSyncWords() {
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'de';
  return {
    language,
    title: (job: { type?: unknown; action?: unknown; name?: unknown }) => syncJobTitleIn(job, language),
    message: (entry: { message?: unknown; text?: unknown }) => syncMessageIn(entry, language),
  };
}
