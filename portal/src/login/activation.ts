/**
 * The activation link (`/login?token=`, `/confirm?token=`, SPEC section 4 "Login"): a valid token of an invited
 * sub-account asks for a password; any other valid token confirms the account at once and says so by account
 * type. An agency's address is confirmed, but the account waits for sales: it may not sign in yet.
 */
import { checkToken, confirmAccount, type Confirmation } from '../api.ts';
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

interface ActivationCalls {
  checkToken: typeof checkToken;
  confirmAccount: (token: string) => Promise<Confirmation | void>;
}

export async function activate(token: string, calls: ActivationCalls = { checkToken, confirmAccount }): Promise<Activation> {
  try {
    const { valid, login } = await calls.checkToken(token);
    if (!valid) return { step: 'invalid' };
    if (login?.accountType === 'subaccount') return { step: 'createPassword' };
    // The confirmation answers whose account it was; the token check's answer stands in where it does not.
    const accountType = (await calls.confirmAccount(token))?.accountType ?? login?.accountType;
    return { step: 'done', message: activationMessage(accountType), hideForm: accountType === 'agency' };
  } catch {
    return { step: 'failed' };
  }
}
