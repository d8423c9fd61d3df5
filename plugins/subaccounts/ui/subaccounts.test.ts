import { describe, expect, it } from 'vitest';
import { formatMoment } from './shared.tsx';
import { checkSubaccount, EMPTY_SUBACCOUNT, inputOf } from './subaccountForm.ts';
import { assignableRoles, confirmedOn, managesSubaccounts } from './subaccountsApi.ts';

describe('sub-account rules in the admin', () => {
  it('lets only the systemoperator assign systemoperator, and co-workers only under an agency', () => {
    expect(assignableRoles('agency', 'agency')).toEqual(['viewer', 'client', 'co_worker']);
    expect(assignableRoles('advertiser', 'advertiser')).toEqual(['viewer', 'client']);
    expect(assignableRoles('agency', 'co_worker')).not.toContain('systemoperator');
    expect(assignableRoles('advertiser', 'systemoperator')).toEqual(['viewer', 'client', 'systemoperator']);
  });

  it('knows who manages sub-accounts: agencies and companies, their co-workers and the systemoperator', () => {
    expect(managesSubaccounts({ role: 'agency', parent: null })).toBe(true);
    expect(managesSubaccounts({ role: 'advertiser', parent: null })).toBe(true);
    expect(managesSubaccounts({ role: 'advertiser', parent: 'owner' })).toBe(false);
    expect(managesSubaccounts({ role: 'co_worker', parent: 'agency' })).toBe(true);
    expect(managesSubaccounts({ role: 'administrator' })).toBe(false);
    expect(managesSubaccounts({ role: 'systemoperator' })).toBe(true);
  });

  it('checks the form and never sends an e-mail or password on edit', () => {
    expect(checkSubaccount({ ...EMPTY_SUBACCOUNT, email: 'x@y', name: 'A' }, { creating: true, needsParent: true })).toEqual({
      email: 'form.email_invalid', name: 'form.name_short', surname: 'form.name_short', advertisers: 'form.advertisers_required', parent: 'form.required',
    });
    const values = { email: 'vera@viewer.test', name: 'Vera', surname: 'Viewer', role: 'viewer' as const, advertisers: ['a1'], parent: '' };
    expect(checkSubaccount(values, { creating: true, needsParent: false })).toEqual({});
    expect(inputOf(values, true)).toEqual({ email: 'vera@viewer.test', name: 'Vera', surname: 'Viewer', role: 'viewer', advertisers: ['a1'] });
    expect(inputOf(values, false)).toEqual({ name: 'Vera', surname: 'Viewer', role: 'viewer', advertisers: ['a1'] });
  });

  it('shows confirmation dates and last logins in UTC as DD-MM-YYYY HH:MM; the epoch is unconfirmed', () => {
    expect(formatMoment('2026-03-07T14:05:09Z')).toBe('07-03-2026 14:05');
    expect(confirmedOn('1970-01-01T00:00:00.000Z')).toBeNull();
    expect(confirmedOn(null)).toBeNull();
    expect(confirmedOn('2026-03-07T14:05:09Z')).toBe('2026-03-07T14:05:09Z');
  });
});
