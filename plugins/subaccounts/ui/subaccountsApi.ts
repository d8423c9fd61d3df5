/** /api/auth/subaccount(s) (plugins/accounts/server/subaccounts.ts) through the admin's `apiFetch`. */
import { API, apiFetch } from '@adsuite/admin/kit';

export const SUBACCOUNT_ROLES = ['viewer', 'client', 'co_worker'] as const;
export type SubaccountRole = (typeof SUBACCOUNT_ROLES)[number] | 'systemoperator';

export interface Subaccount {
  id: string;
  email: string;
  name: string;
  surname: string;
  role: SubaccountRole;
  loginAllowed: boolean;
  lastLogin: string | null;
  /** Confirmation date; null or the epoch while unconfirmed. */
  doi: string | null;
  avatar: string | null;
  advertisers: string[];
  hasPassword: boolean;
  parent: string | null;
}

export interface SubaccountInput {
  email?: string;
  name: string;
  surname: string;
  role: SubaccountRole;
  advertisers: string[];
  parent?: string;
}

const one = (id: string) => `${API}/auth/subaccount/${encodeURIComponent(id)}`;

export async function listSubaccounts(filter: { role?: string; parent?: string }): Promise<Subaccount[]> {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as [string, string][]);
  return (await apiFetch(`${API}/auth/subaccounts?${query}`)).json;
}

export const getSubaccount = async (id: string): Promise<Subaccount> => (await apiFetch(one(id))).json;

export const createSubaccount = async (input: SubaccountInput): Promise<Subaccount> =>
  (await apiFetch(`${API}/auth/subaccount`, { method: 'POST', body: JSON.stringify(input) })).json;

export const updateSubaccount = async (id: string, changes: Partial<SubaccountInput> & { loginAllowed?: boolean }): Promise<Subaccount> =>
  (await apiFetch(one(id), { method: 'PATCH', body: JSON.stringify(changes) })).json;

export const deleteSubaccount = async (id: string): Promise<void> => {
  await apiFetch(one(id), { method: 'DELETE' });
};

/** A password link, or the invitation again while no password is set; the sub-account sets its password itself. */
export const sendRecovery = async (id: string): Promise<void> => {
  await apiFetch(`${one(id)}/recovery`, { method: 'POST' });
};

/** An account that owns sub-accounts (agency or company), as the systemoperator chooses among them. */
export interface OwnerAccount {
  id: string;
  email: string;
  name: string;
  surname: string;
  role: string;
}

export async function listOwners(accountType: string[]): Promise<OwnerAccount[]> {
  const query = new URLSearchParams({ filter: JSON.stringify({ accountType }), range: '[0,199]', sort: JSON.stringify(['email', 'ASC']) });
  return (await apiFetch(`${API}/login?${query}`)).json;
}

/** The advertisers an account owns (the systemoperator grants those to its sub-accounts). */
export async function advertisersOwnedBy(owner: string): Promise<{ id: string; name: string }[]> {
  const query = new URLSearchParams({ filter: JSON.stringify({ owner }), range: '[0,199]', sort: JSON.stringify(['name', 'ASC']) });
  return (await apiFetch(`${API}/advertiser?${query}`)).json;
}

/** Who manages sub-accounts (the server's rule): agencies and companies (no parent), their co-workers, the systemoperator. */
export function managesSubaccounts(user: { role: string; parent?: string | null }): boolean {
  if (user.role === 'systemoperator') return true;
  if (user.role === 'co_worker') return Boolean(user.parent);
  return (user.role === 'agency' || user.role === 'advertiser') && !user.parent;
}

/** The roles one may give: co-workers only under an agency; the systemoperator role only by a systemoperator. */
export function assignableRoles(ownerRole: string | undefined, actorRole: string): SubaccountRole[] {
  const roles: SubaccountRole[] = SUBACCOUNT_ROLES.filter((role) => role !== 'co_worker' || ownerRole === 'agency');
  return actorRole === 'systemoperator' ? [...roles, 'systemoperator'] : roles;
}

/** A confirmation date the UI shows, or null for none (the epoch means unconfirmed, SPEC section 3). */
export const confirmedOn = (doi: string | null) => (doi && new Date(doi).getTime() > 0 ? doi : null);
