import { describe, expect, it } from 'vitest';
import { runCountColor, shownMessages, syncLabel } from './syncJob.ts';

describe('a sync job in the viewer', () => {
  it('is labelled as SPEC section 4 says', () => {
    expect(syncLabel({ status: 'successful', completed: true })).toBe('successful');
    expect(syncLabel({ status: 'successful', completed: false })).toBe('partial');
    expect(syncLabel({ status: 'partial', completed: true })).toBe('partial');
    expect(syncLabel({ status: 'failed', completed: false })).toBe('failed');
    expect(syncLabel({ status: 'not run', completed: null })).toBe('not run');
  });

  it('colours the run count: 1 success, 2-9 warning, 10 and more danger', () => {
    expect([0, 1, 2, 9, 10, 42].map(runCountColor)).toEqual(['success', 'success', 'warning', 'warning', 'error', 'error']);
  });

  it('shows all messages or the last', () => {
    const log = [{ date: '2026-01-01', message: 'Queued.' }, { date: '2026-01-02', message: 'Done.' }];
    expect(shownMessages(log, false)).toEqual([log[1]]);
    expect(shownMessages(log, true)).toEqual(log);
    expect(shownMessages(null, true)).toEqual([]);
  });
});
