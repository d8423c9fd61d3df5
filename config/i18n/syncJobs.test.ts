import { describe, expect, it } from 'vitest';
import { syncEntry, syncJobTitleIn, syncMessageIn } from './syncJobs.ts';
import { text } from './serverText.ts';

describe('a sync job in the reader\'s language', () => {
  it('is named by what it does with its record', () => {
    const job = { type: 'lineitem', action: 'create', name: 'Summer / Outbrain' };
    expect(syncJobTitleIn(job, 'de')).toBe('Line Item „Summer / Outbrain“ veröffentlichen');
    expect(syncJobTitleIn(job, 'en')).toBe('Publish line item Summer / Outbrain');
    expect(syncJobTitleIn({ type: 'campaign', action: 'pause', name: 'Summer' }, 'de')).toBe('Kampagne „Summer“ pausieren');
  });

  it('reads older rows: the English name gives the record, the fixed English lines their text', () => {
    expect(syncJobTitleIn({ type: 'campaign', action: 'create', name: 'Publish campaign Summer Sale 2026' }, 'de')).toBe('Kampagne „Summer Sale 2026“ veröffentlichen');
    expect(syncJobTitleIn({ type: 'banner', action: 'create', name: 'Publish banner Sale 300x250' }, 'en')).toBe('Publish banner Sale 300x250');
    expect(syncJobTitleIn({ type: 'unknown', action: 'create', name: 'By hand' }, 'de')).toBe('By hand');
    expect(syncMessageIn({ message: 'Campaign created on all channels.' }, 'de')).toBe('Kampagne auf allen Kanälen angelegt.');
    expect(syncMessageIn({ message: 'Failed for good: the technicians were informed.' }, 'de')).toBe('Endgültig fehlgeschlagen: Die Technik wurde informiert.');
    expect(syncMessageIn({ message: 'The network said no.' }, 'de')).toBe('The network said no.');
  });

  it('writes a log entry as English words beside its text, and reads nested texts', () => {
    const refusal = text('bookings.lineitem.location', { channel: 'UZE Ads' });
    const entry = syncEntry(text('sync.will_retry', { reason: refusal }), new Date('2026-03-07T10:00:00Z'));
    expect(entry).toMatchObject({ date: '2026-03-07T10:00:00.000Z', message: 'UZE Ads (sandbox) refused the line item: it needs at least one location. (will retry)' });
    expect(syncMessageIn(entry, 'de')).toBe('UZE Ads (Sandbox) hat das Line Item abgelehnt: Es braucht mindestens einen Ort. (wird wiederholt)');
    expect(syncMessageIn(syncEntry(text('sync.sandbox.format_refused', {
      channel: 'Facebook', name: 'Ad', formats: { either: [text('sync.format.image_ad'), text('sync.format.video_ad')] }, format: text('sync.format.search_ad'),
    })), 'de')).toBe('Facebook (Sandbox) hat „Ad“ abgelehnt: Es nimmt Werbemittel der Art Bild oder Video, nicht Suchanzeige.');
  });
});
