import { describe, expect, it } from 'vitest';
import { selectedChoice, switchTo, tenantChoices } from './tenantChoices.ts';

const advertisers = [{ id: 'a1', name: 'Agency Client One' }, { id: 'a2', name: 'A very long advertiser name GmbH' }];
const publishers = [{ id: 'p1', name: 'Demo Publisher' }];

describe('the advertiser/publisher selector', () => {
  it('offers a single kind without prefixes, names cut to 20 characters', () => {
    const choices = tenantChoices({ advertisers, publishers: [] });
    expect(choices.map((choice) => choice.label)).toEqual(['Agency Client One', 'A very long advertis…']);
    expect(choices[1].name).toBe('A very long advertiser name GmbH');
  });

  it('prefixes (A) and (P) when both kinds exist, and cuts to 7 characters on small screens', () => {
    expect(tenantChoices({ advertisers, publishers }).map((choice) => choice.label)).toEqual([
      '(A) Agency Client One', '(A) A very long advertis…', '(P) Demo Publisher',
    ]);
    expect(tenantChoices({ advertisers, publishers }, true).map((choice) => choice.label)).toEqual(['(A) Agency …', '(A) A very …', '(P) Demo Pu…']);
  });

  it('shows the publisher as selected when the user works as one', () => {
    const choices = tenantChoices({ advertisers, publishers });
    expect(selectedChoice(choices, { type: 'publisher', advertiser: 'a1', publisher: 'p1' })).toBe('publisher:p1');
    expect(selectedChoice(choices, { type: 'advertiser', advertiser: 'a2', publisher: 'p1' })).toBe('advertiser:a2');
    expect(selectedChoice(choices, { advertiser: 'gone' })).toBe('');
  });

  it('saves the selection and reloads to / or /p/', () => {
    expect(switchTo({ kind: 'advertiser', id: 'a2' })).toEqual({ changes: { selectedAdvertiser: 'a2', selectedType: 'advertiser' }, reloadTo: '/' });
    expect(switchTo({ kind: 'publisher', id: 'p1' })).toEqual({ changes: { selectedPublisher: 'p1', selectedType: 'publisher' }, reloadTo: '/p/' });
  });
});
