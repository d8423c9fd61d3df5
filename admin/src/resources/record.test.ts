import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { formFields, initialValue, isArchived, writableValues } from './record.ts';

describe('records of declared resources', () => {
  const login = resourceByName.login;
  const booking = resourceByName.booking;

  it('never shows private fields and leaves read-only ones out of create forms', () => {
    const create = formFields(login, 'create').map(([key]) => key);
    const edit = formFields(login, 'edit').map(([key]) => key);
    expect(create).not.toContain('password');
    expect(edit).not.toContain('password');
    expect(create).not.toContain('lastLogin');
    expect(edit).toContain('lastLogin');
    expect(create).toContain('email');
  });

  it('shows free-form JSON (no declared parts) to the systemoperator only, JSON with parts to everyone', () => {
    const segment = resourceByName.segment;
    expect(formFields(segment, 'edit').map(([key]) => key)).not.toContain('rules');
    expect(formFields(segment, 'edit', { rawJson: true }).map(([key]) => key)).toContain('rules');
    expect(formFields(resourceByName.banner, 'edit').map(([key]) => key)).toEqual(expect.arrayContaining(['thumbnail', 'reviews', 'placeholder']));
    expect(formFields(booking, 'edit').map(([key]) => key)).toEqual(expect.arrayContaining(['markers', 'domainlists', 'cdpSegments']));
    expect(formFields(booking, 'edit').map(([key]) => key)).not.toContain('topproducts');
  });

  it('sends only declared, writable fields', () => {
    const record = { id: 'b1', _id: 'b1', name: 'Spring', status: 'active', campaign: 'c1', created: '2025-01-01', archivedAt: null, budget: 50 };
    expect(writableValues(booking, record)).toEqual({ name: 'Spring', budget: 50 });
    expect(writableValues(login, { email: 'a@b.de', password: 'secret' })).toEqual({ email: 'a@b.de' });
  });

  it('starts a new record with the declared default or the selected advertiser as its tenant', () => {
    const selected = { advertiser: 'adv-1', publisher: 'pub-1' };
    expect(initialValue(booking, 'gender', selected)).toBe('all');
    expect(initialValue(booking, 'advertiser', selected)).toBe('adv-1');
    expect(initialValue(booking, 'campaign', selected)).toBeUndefined();
    expect(initialValue(login, 'selectedAdvertiser', selected)).toBeUndefined();
    expect(initialValue(booking, 'advertiser', { advertiser: null })).toBeUndefined();
  });

  it('knows archived records', () => {
    expect(isArchived({ id: 1, archivedAt: '2025-01-01T00:00:00Z' })).toBe(true);
    expect(isArchived({ id: 1, archivedAt: null })).toBe(false);
    expect(isArchived(undefined)).toBe(false);
  });
});
