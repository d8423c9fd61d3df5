import { describe, expect, it } from 'vitest';
import { hasNoActiveBanner, inputErrors, mayForceSave, reviewStatus, showsInactive } from './lineItemRules.ts';

describe('line item display', () => {
  it('shows inactive when inactive and not auto-paused, or when paused by the user', () => {
    expect(showsInactive({ id: '1', active: false, autopaused: false })).toBe(true);
    expect(showsInactive({ id: '1', active: false, autopaused: true })).toBe(false);
    expect(showsInactive({ id: '1', active: true, userpaused: true })).toBe(true);
    expect(showsInactive({ id: '1', active: true })).toBe(false);
  });

  it('reads legacy reviews as approved, rejected and not reviewed', () => {
    expect([true, false, null, { status: 'rejected' }, { status: 'approved' }, {}].map(reviewStatus))
      .toEqual(['approved', 'rejected', 'not_reviewed', 'rejected', 'approved', 'not_reviewed']);
  });

  it('says no active banner when every creative has reviews and all are rejected', () => {
    const item = { id: 'l', channel: 'facebook', creatives: ['a', 'b'] };
    const rejected = { facebook: { status: 'rejected' } };
    expect(hasNoActiveBanner(item, [{ id: 'a', reviews: rejected }, { id: 'b', reviews: { facebook: false } }])).toBe(true);
    expect(hasNoActiveBanner(item, [{ id: 'a', reviews: rejected }, { id: 'b', reviews: { facebook: { status: 'approved' } } }])).toBe(false);
    expect(hasNoActiveBanner(item, [{ id: 'a', reviews: rejected }, { id: 'b', reviews: {} }])).toBe(false);
    expect(hasNoActiveBanner(item, [{ id: 'a', reviews: rejected }])).toBe(false);
    expect(hasNoActiveBanner({ ...item, creatives: [] }, [])).toBe(false);
  });

  it('judges a creative by the line item\'s channel when it was reviewed there', () => {
    const item = { id: 'l', channel: 'outbrain', creatives: ['a'] };
    expect(hasNoActiveBanner(item, [{ id: 'a', reviews: { outbrain: { status: 'rejected' }, facebook: { status: 'approved' } } }])).toBe(true);
  });

  it('offers saving anyway only when the server refused the content', () => {
    expect([400, 409, 422].map(mayForceSave)).toEqual([true, true, true]);
    expect([401, 403, 404, 500, undefined].map(mayForceSave)).toEqual([false, false, false, false, false]);
  });

  it('shows a refused save\'s field errors at their inputs, and the channel\'s refusal (at active) as the offer to save anyway', () => {
    expect(inputErrors({ capDay: 'Max. views per visitor a day must be at least 1.', active: 'Facebook needs 2 euro a day.' }))
      .toEqual({ capDay: 'Max. views per visitor a day must be at least 1.' });
    expect(inputErrors({ 'specifics.bidding.okRange': 'At most 100.' })).toEqual({ 'specifics.bidding.okRange': 'At most 100.' });
    expect([{ active: 'Facebook needs 2 euro a day.' }, {}, undefined, null, [{ field: 'capDay' }], { '': 'No object.' }].map(inputErrors))
      .toEqual([null, null, null, null, null, null]);
  });
});
