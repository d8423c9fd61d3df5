/** The sub-account form's values and checks (SPEC section 5: names at least 2 characters, a valid e-mail). */
import type { SubaccountInput, SubaccountRole } from './subaccountsApi.ts';

export interface SubaccountValues {
  email: string;
  name: string;
  surname: string;
  role: SubaccountRole;
  advertisers: string[];
  parent: string;
}

export const EMPTY_SUBACCOUNT: SubaccountValues = { email: '', name: '', surname: '', role: 'viewer', advertisers: [], parent: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Field -> message key (under app.subaccounts.form) of what is wrong; the e-mail and the owner only on create. */
export function checkSubaccount(values: SubaccountValues, { creating, needsParent }: { creating: boolean; needsParent: boolean }) {
  const problems: Partial<Record<keyof SubaccountValues, string>> = {};
  if (creating && (values.email.trim().length < 6 || !EMAIL.test(values.email.trim()))) problems.email = 'form.email_invalid';
  if (values.name.trim().length < 2) problems.name = 'form.name_short';
  if (values.surname.trim().length < 2) problems.surname = 'form.name_short';
  if (values.advertisers.length === 0) problems.advertisers = 'form.advertisers_required';
  if (creating && needsParent && !values.parent) problems.parent = 'form.required';
  return problems;
}

/** What is sent: POST takes everything; PATCH never the e-mail (nor a password: nobody sets another's). */
export function inputOf(values: SubaccountValues, creating: boolean): SubaccountInput {
  const input: SubaccountInput = { name: values.name.trim(), surname: values.surname.trim(), role: values.role, advertisers: values.advertisers };
  if (creating) input.email = values.email.trim();
  if (creating && values.parent) input.parent = values.parent;
  return input;
}
