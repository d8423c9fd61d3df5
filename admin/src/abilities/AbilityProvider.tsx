/**
 * The signed-in user's CASL ability, built in the browser from the same rules the backend enforces
 * (`defineAbilityFor` of @adsuite/config) and provided through @casl/react, so screens hide what the
 * server would refuse. `<Can I="create" a="banner">` and `useCan()` read it.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { AbilityProvider as CaslAbilityProvider, useAbility } from '@casl/react';
import { subject } from '@casl/ability';
import { useGetIdentity, useLogoutIfAccessDenied, type RaRecord } from 'react-admin';
import { defineAbilityFor, isRole, type Action, type AppAbility } from '@adsuite/config';
import type { Identity } from '../auth/authProvider.ts';
import { session } from '../session.ts';

export { Can } from '@casl/react';

interface UserState {
  /** False until the user is known; until then nothing is allowed. */
  ready: boolean;
  user?: Identity;
}

/** As the server does: a selected advertiser/publisher narrows the reachable ones to itself. */
const narrowed = (reachable: string[] = [], selected: string | null) => {
  const ids = reachable.map(String);
  return selected && ids.includes(selected) ? [selected] : ids;
};

const UserContext = createContext<UserState>({ ready: false });
const nobody = defineAbilityFor(null);

export function AbilityProvider({ children }: { children: ReactNode }) {
  const { identity, error } = useGetIdentity();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const user = identity as Identity | undefined;
  // Screens wait for the user; a token the server refuses (401) must sign out here, not leave them waiting.
  useEffect(() => {
    if (error) logoutIfAccessDenied(error);
  }, [error, logoutIfAccessDenied]);
  const [ability, state] = useMemo((): [AppAbility, UserState] => {
    if (!user || !isRole(user.role)) return [nobody, { ready: false }];
    const ability = defineAbilityFor({
      id: String(user.id),
      role: user.role,
      advertiserIds: narrowed(user.advertiserIds, session.selectedAdvertiser()),
      publisherIds: narrowed(user.publisherIds, session.selectedPublisher()),
    });
    return [ability, { ready: true, user }];
  }, [user]);
  return (
    <UserContext.Provider value={state}>
      <CaslAbilityProvider value={ability}>{children}</CaslAbilityProvider>
    </UserContext.Provider>
  );
}

/** The signed-in user, once known. */
export const useAbilityState = () => useContext(UserContext);

/** May the user do `action` on this resource (on this record, when given)? */
export function useCan() {
  const ability = useAbility<AppAbility>();
  // Subjects are resource names; a record is checked against the rules' conditions (tenant scope).
  return (action: Action, resource: string, record?: RaRecord) =>
    ability.can(action, record ? (subject(resource, { ...record }) as never) : resource);
}
