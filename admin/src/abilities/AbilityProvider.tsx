/**
 * The signed-in user's CASL ability, built in the browser from the same rules the backend enforces
 * (`defineAbilityFor` of @adsuite/config) and provided through @casl/react, so screens hide what the
 * server would refuse. `<Can I="create" a="banner">` and `useCan()` read it.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { AbilityProvider as CaslAbilityProvider, useAbility } from '@casl/react';
import { subject } from '@casl/ability';
import { useGetIdentity, type RaRecord } from 'react-admin';
import { defineAbilityFor, isRole, type Action, type AppAbility } from '@adsuite/config';
import type { Identity } from '../auth/authProvider.ts';

export { Can } from '@casl/react';

interface UserState {
  /** False until the user is known; until then nothing is allowed. */
  ready: boolean;
  user?: Identity;
}

const UserContext = createContext<UserState>({ ready: false });
const nobody = defineAbilityFor(null);

export function AbilityProvider({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  const user = identity as Identity | undefined;
  const [ability, state] = useMemo((): [AppAbility, UserState] => {
    if (!user || !isRole(user.role)) return [nobody, { ready: false }];
    const ability = defineAbilityFor({
      id: String(user.id),
      role: user.role,
      advertiserIds: (user.advertiserIds ?? []).map(String),
      publisherIds: (user.publisherIds ?? []).map(String),
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
