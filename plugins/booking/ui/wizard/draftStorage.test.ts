import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../../admin/test/memoryStorage.ts';
import { emptyDraft } from './draft.ts';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draftStorage.ts';

describe('draft persistence', () => {
  it('keeps a draft per advertiser and per booking', () => {
    expect(draftKey('adv-1')).toBe('adsuite.bookingDraft.adv-1.new');
    expect(draftKey('adv-1', 'b-7')).toBe('adsuite.bookingDraft.adv-1.b-7');
    expect(draftKey(null)).toBe('adsuite.bookingDraft.none.new');
  });

  it('gives back the draft and the step it was left at', () => {
    const storage = memoryStorage();
    const draft = { ...emptyDraft('2026-11-22'), name: 'Winter sale', channels: ['dv360', 'ssp1'] };
    saveDraft(storage, draftKey('adv-1'), 2, draft, new Date('2026-11-22T08:00:00Z'));
    expect(loadDraft(storage, draftKey('adv-1'))).toEqual({ step: 2, draft, savedAt: '2026-11-22T08:00:00.000Z' });
    expect(loadDraft(storage, draftKey('adv-2'))).toBeNull();
  });

  it('forgets the draft once the booking is saved', () => {
    const storage = memoryStorage();
    saveDraft(storage, draftKey('adv-1'), 1, emptyDraft());
    clearDraft(storage, draftKey('adv-1'));
    expect(loadDraft(storage, draftKey('adv-1'))).toBeNull();
  });

  it('fills fields an older draft lacks and ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('a', JSON.stringify({ version: 1, step: 9, draft: { name: 'Old', unknown: true }, savedAt: 'x' }));
    const kept = loadDraft(storage, 'a')!;
    expect(kept.step).toBe(3);
    expect(kept.draft.name).toBe('Old');
    expect(kept.draft.dailyBudget).toBe(5);
    expect('unknown' in kept.draft).toBe(false);
    storage.setItem('b', '{not json');
    storage.setItem('c', JSON.stringify({ version: 0, draft: {} }));
    expect(loadDraft(storage, 'b')).toBeNull();
    expect(loadDraft(storage, 'c')).toBeNull();
    expect(loadDraft(undefined, 'a')).toBeNull();
  });
});
