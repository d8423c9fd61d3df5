/** The download modal's rules (SPEC section 5) and the shared texts in both languages. */
import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { DEFAULT_STAT_COLUMNS } from '@adsuite/config/i18n/statColumns';
import { choicesOf, mayDownload, preferencesOf } from './DownloadStats.tsx';
import { messages } from './messages.ts';

describe('the download-statistics modal', () => {
  it('starts from the kept preferences, SPEC\'s default rows for the rest, nothing chosen without preferences', () => {
    const fresh = choicesOf([]);
    expect(fresh.publisher).toEqual({ on: false, columns: [...DEFAULT_STAT_COLUMNS.publisher], sortBy: 'clicks', order: 'DESC' });
    expect(fresh.date).toMatchObject({ on: false, sortBy: 'date', order: 'ASC' });
    expect(mayDownload(fresh)).toBe(false);
    const kept = choicesOf([{ statType: 'website', statColumns: ['clicks', 'bogus', 'location'], statSortBy: 'clicks', statSortOrder: 'DESC' }]);
    expect(kept.website).toEqual({ on: true, columns: ['clicks', 'location'], sortBy: 'clicks', order: 'DESC' });
    expect(mayDownload(kept)).toBe(true);
  });

  it('is disabled while a chosen type has no column, and keeps only the chosen types', () => {
    const choices = choicesOf([]);
    choices.date = { ...choices.date, on: true };
    choices.channel = { ...choices.channel, on: true, columns: [] };
    expect(mayDownload(choices)).toBe(false);
    choices.channel.columns = ['channel'];
    expect(mayDownload(choices)).toBe(true);
    expect(preferencesOf(choices).map((pref) => pref.statType)).toEqual(['date', 'channel']);
    expect(preferencesOf(choices)[1]).toEqual({ statType: 'channel', statColumns: ['channel'], statSortBy: 'channel', statSortOrder: 'ASC' });
  });

  it('has every text in German and English', () => {
    expect(messageProblems(messages)).toEqual([]);
  });
});
