import { describe, expect, it } from 'vitest';
import { ApiError, type TokenCheck } from '../api.ts';
import { activate, activationMessage } from './activation.ts';

function calls(check: TokenCheck | Error, confirm: 'ok' | Error | { accountType: string } = 'ok') {
  const confirmed: string[] = [];
  return {
    confirmed,
    calls: {
      checkToken: async () => {
        if (check instanceof Error) throw check;
        return check;
      },
      confirmAccount: async (token: string) => {
        if (confirm instanceof Error) throw confirm;
        confirmed.push(token);
        return confirm === 'ok' ? {} : confirm;
      },
    },
  };
}

describe('activation link', () => {
  it('asks an invited sub-account for a password before confirming anything', async () => {
    const fake = calls({ valid: true, login: { accountType: 'subaccount' } });
    expect(await activate('t1', fake.calls)).toEqual({ step: 'createPassword' });
    expect(fake.confirmed).toEqual([]);
  });

  it('confirms other accounts at once and answers by account type; agencies get no sign-in form', async () => {
    const agency = calls({ valid: true, login: { accountType: 'agency' } });
    expect(await activate('t2', agency.calls)).toEqual({ step: 'done', message: 'login.token.agency', hideForm: true });
    expect(agency.confirmed).toEqual(['t2']);
    expect(await activate('t3', calls({ valid: true, login: { accountType: 'company' } }).calls))
      .toEqual({ step: 'done', message: 'login.token.company', hideForm: false });
    expect(await activate('t4', calls({ valid: true, login: { accountType: 'publisher' } }).calls))
      .toEqual({ step: 'done', message: 'login.token.password', hideForm: false });
    expect(await activate('t5', calls({ valid: true }).calls)).toEqual({ step: 'done', message: 'login.token.other', hideForm: false });
  });

  it('says what the confirmation answers: an agency whose address is confirmed waits for sales and gets no sign-in form', async () => {
    // The link opened on /confirm: the token check does not name the account type, the confirmation does.
    const agency = calls({ valid: true, login: {} }, { accountType: 'agency' });
    expect(await activate('t9', agency.calls)).toEqual({ step: 'done', message: 'login.token.agency', hideForm: true });
    expect(await activate('t10', calls({ valid: true }, { accountType: 'company' }).calls))
      .toEqual({ step: 'done', message: 'login.token.company', hideForm: false });
  });

  it('tells an invalid link from a failed request', async () => {
    expect(await activate('t6', calls({ valid: false }).calls)).toEqual({ step: 'invalid' });
    expect(await activate('t7', calls(new ApiError(0, 'offline')).calls)).toEqual({ step: 'failed' });
    expect(await activate('t8', calls({ valid: true, login: { accountType: 'company' } }, new ApiError(500, 'x')).calls)).toEqual({ step: 'failed' });
  });

  it('picks the message by account type', () => {
    expect(activationMessage('subaccount')).toBe('login.token.password');
    expect(activationMessage(undefined)).toBe('login.token.other');
  });
});
