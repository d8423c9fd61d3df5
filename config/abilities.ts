/**
 * CASL abilities derived from the resource declarations. The backend checks every request with them and
 * turns the read conditions into SQL; the admin hides buttons with them (@casl/react).
 */
import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Action, ResourceDef } from './resource.ts';
import { resources as declared } from './resources/index.ts';
import { isStaff, type Role } from './roles.ts';

export type AppAbility = MongoAbility<[Action, string]>;

/** Who is asking, with the tenants the request may reach (already narrowed by the Advertiser/Publisher header). */
export interface AbilityUser {
  id: string;
  role: Role;
  advertiserIds: string[];
  publisherIds: string[];
}

/** Subjects are resource names, so CASL cannot type the row fields; conditions are checked at run time. */
const condition = (query: Record<string, unknown>) => query as never;

const ACTIONS: Action[] = ['read', 'create', 'update', 'delete', 'recover', 'destroy'];
/** What a guarded row refuses to roles outside its guard (reading stays as `access` says). */
const GUARDED_ACTIONS: Action[] = ['create', 'update', 'delete', 'recover', 'destroy'];

export function defineAbilityFor(user: AbilityUser | null, resources: ResourceDef[] = declared): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (!user || user.role === 'registered') return build();
  for (const resource of resources) {
    for (const action of ACTIONS) {
      // Hard delete is the systemoperator's alone, and only where archiving is the normal delete.
      const allowed = action === 'destroy' ? (resource.access.delete ?? []).includes('systemoperator') && user.role === 'systemoperator'
        : (resource.access[action] ?? []).includes(user.role);
      if (!allowed) continue;
      const tenant = resource.tenant;
      if (!tenant || isStaff(user.role)) {
        can(action, resource.name);
      } else if (action === 'create' && tenant.field === 'id') {
        // Creating a new advertiser/publisher: the server makes the creator its owner.
        can(action, resource.name);
      } else if (tenant.by === 'owner') {
        can(action, resource.name, condition({ [tenant.field]: user.id }));
      } else {
        const ids = tenant.by === 'advertiser' ? user.advertiserIds : user.publisherIds;
        can(action, resource.name, condition({ [tenant.field]: { $in: ids } }));
      }
    }
    for (const guard of resource.guardedRows ?? []) {
      if (!guard.roles.includes(user.role)) cannot(GUARDED_ACTIONS, resource.name, condition(guard.where));
    }
  }
  return build();
}
