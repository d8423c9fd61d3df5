import { describe, expect, it } from 'vitest';
import { messageProblems } from '@adsuite/admin/kit';
import { messages } from './messages.ts';
import { awaitsActivation } from './ActivateAgencyButton.tsx';

describe('staff account actions', () => {
  it('have the same keys and placeholders in German and English, none empty', () => {
    expect(messageProblems(messages)).toEqual([]);
  });

  it('offer the activation for an agency whose login is not allowed yet, only', () => {
    expect(awaitsActivation({ accountType: 'agency', loginAllowed: false })).toBe(true);
    expect(awaitsActivation({ accountType: 'agency', loginAllowed: true })).toBe(false);
    expect(awaitsActivation({ accountType: 'company', loginAllowed: false })).toBe(false);
    expect(awaitsActivation({ accountType: 'agency', loginAllowed: false, archivedAt: '2026-11-01' })).toBe(false);
  });
});
