/**
 * The activation link on /login (`?token=`, SPEC section 4 "Login"): a valid token of an invited sub-account
 * asks for a password; any other valid token confirms the account at once and says so by account type.
 */
import { checkToken, confirmAccount } from '../api.ts';
import type { MessageKey } from '../i18n/de.ts';

export type Activation =
  | { step: 'checking' }
  | { step: 'invalid' }
  | { step: 'failed' }
  | { step: 'createPassword' }
  /** `hideForm`: agencies wait for the sales check, so they get no sign-in form yet. */
  | { step: 'done'; message: MessageKey; hideForm: boolean };

export function activationMessage(accountType: string | undefined): MessageKey {
  if (accountType === 'agency') return 'login.token.agency';
  if (accountType === 'company') return 'login.token.company';
  if (accountType === 'subaccount' || accountType === 'publisher') return 'login.token.password';
  return 'login.token.other';
}

export async function activate(token: string, calls = { checkToken, confirmAccount }): Promise<Activation> {
  try {
    const { valid, login } = await calls.checkToken(token);
    if (!valid) return { step: 'invalid' };
    const accountType = login?.accountType;
    if (accountType === 'subaccount') return { step: 'createPassword' };
    await calls.confirmAccount(token);
    return { step: 'done', message: activationMessage(accountType), hideForm: accountType === 'agency' };
  } catch {
    return { step: 'failed' };
  }
}
