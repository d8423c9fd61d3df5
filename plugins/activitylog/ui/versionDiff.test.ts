import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { diffVersions, formatValue } from './versionDiff.ts';

describe('version diff of the activity log', () => {
  it('names fields added, removed and changed, and leaves bookkeeping and equal fields out', () => {
    const older = { id: 'x', updated: '2026-01-01', name: 'Summer', budget: 100, end: '2026-08-31', channels: ['facebook'], note: 'old' };
    const newer = { id: 'x', updated: '2026-01-02', name: 'Summer', budget: 150.5, end: null, channels: ['facebook', 'googleads'], start: '2026-06-01' };
    expect(diffVersions(older, newer)).toEqual([
      { field: 'budget', change: 'changed', before: 100, after: 150.5 },
      { field: 'end', change: 'removed', before: '2026-08-31', after: null },
      { field: 'channels', change: 'changed', before: ['facebook'], after: ['facebook', 'googleads'] },
      { field: 'note', change: 'removed', before: 'old', after: undefined },
      { field: 'start', change: 'added', before: undefined, after: '2026-06-01' },
    ]);
    expect(diffVersions(newer, newer)).toEqual([]);
  });

  it('writes money and dates as the screens do', () => {
    const campaign = resourceByName.campaign;
    expect(formatValue(campaign, 'budget', 150.5, 'de')).toBe('150,50\u00a0€');
    expect(formatValue(campaign, 'budget', 150.5, 'en')).toBe('150,50\u00a0€');
    expect(formatValue(campaign, 'start', '2026-06-01', 'en')).toBe('01-06-2026');
    expect(formatValue(campaign, 'pauseDate', '2026-06-01T14:05:00.000Z', 'de')).toBe('01-06-2026 14:05');
    expect(formatValue(campaign, 'name', null, 'de')).toBe('–');
  });
});
