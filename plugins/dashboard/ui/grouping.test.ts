/** The dashboard's status groups against SPEC section 4 "Dashboard grouping". */
import { describe, expect, it } from 'vitest';
import { groupOf, type GroupedLineItem } from './grouping.ts';

const TODAY = '2026-06-15';
const RANGE = { start: '2026-06-09', end: '2026-06-15' };
const running: GroupedLineItem = { active: true, autopaused: false, userpaused: false };
const userPaused: GroupedLineItem = { active: false, autopaused: false, userpaused: true };
const autoPaused: GroupedLineItem = { active: false, autopaused: true, userpaused: false };
const published = (extra: Record<string, unknown> = {}) => ({ status: 'active', start: '2026-06-01', end: '2026-07-01', ...extra });

describe('the dashboard grouping', () => {
  it('puts interrupted bookings and those past their end date into finished', () => {
    expect(groupOf(published({ status: 'interrupted' }), [running], RANGE, TODAY)).toBe('finished');
    expect(groupOf(published({ end: '2026-06-14' }), [running], RANGE, TODAY)).toBe('finished');
    expect(groupOf(published({ status: 'finished' }), [], RANGE, TODAY)).toBe('finished');
    // Ending today is still running; a booking that never ends never finishes.
    expect(groupOf(published({ end: TODAY }), [running], RANGE, TODAY)).toBe('active');
    expect(groupOf(published({ end: '2026-01-01', continously: true }), [running], RANGE, TODAY)).toBe('active');
  });

  it('groups a published booking of the range by its line items: active, else user-paused, else auto-paused', () => {
    expect(groupOf(published(), [userPaused, running], RANGE, TODAY)).toBe('active');
    expect(groupOf(published(), [userPaused, autoPaused], RANGE, TODAY)).toBe('paused');
    expect(groupOf(published({ status: 'paused' }), [autoPaused], RANGE, TODAY)).toBe('active');
    // A running line item somebody paused reads inactive (SPEC section 4).
    expect(groupOf(published(), [{ active: true, userpaused: true }], RANGE, TODAY)).toBe('paused');
    // Line items that say nothing: the booking's own status.
    expect(groupOf(published({ status: 'paused' }), [{ active: false }], RANGE, TODAY)).toBe('paused');
    expect(groupOf(published({ status: 'published' }), [], RANGE, TODAY)).toBe('active');
  });

  it('takes the line items only when the booking runs in the chosen range', () => {
    const before = { start: '2026-05-01', end: '2026-05-10' };
    expect(groupOf(published({ status: 'active' }), [userPaused], before, TODAY)).toBe('active');
    expect(groupOf(published({ status: 'paused' }), [running], before, TODAY)).toBe('paused');
  });

  it('puts published bookings starting tomorrow or later into upcoming', () => {
    expect(groupOf(published({ start: '2026-06-16' }), [running], RANGE, TODAY)).toBe('upcoming');
    expect(groupOf(published({ status: 'published', start: '2026-08-01', end: '2026-09-01' }), [], RANGE, TODAY)).toBe('upcoming');
    expect(groupOf(published({ start: TODAY }), [running], RANGE, TODAY)).toBe('active');
  });

  it('puts bookings being prepared into pending, rejected into rejected and canceled into canceled', () => {
    for (const status of ['generating creatives', 'waiting for approval', 'pending', 'publishing']) {
      expect(groupOf(published({ status, start: '2026-07-01' }), [], RANGE, TODAY), status).toBe('pending');
    }
    expect(groupOf(published({ status: 'rejected' }), [running], RANGE, TODAY)).toBe('rejected');
    for (const status of ['canceling', 'cancelling', 'canceled']) expect(groupOf(published({ status }), [], RANGE, TODAY)).toBe('canceled');
    expect(groupOf({ status: null }, [], RANGE, TODAY)).toBe('pending');
  });
});
