/**
 * The 15 roles of SPEC section 6, the hierarchy used by route checks and the
 * roles that are checked by exact membership.
 */
export const ROLES = [
  'publisher', 'viewer', 'co_worker', 'advertiser', 'campaignmanager', 'wizard', 'analyst',
  'administrator', 'systemoperator', 'billing', 'registered', 'dealer', 'affiliatemanager',
  'accounting', 'agency',
] as const;
export type Role = (typeof ROLES)[number];

/** Low to high. A user at or above the required role passes a route check. */
export const HIERARCHY: readonly Role[] = [
  'dealer', 'campaignmanager', 'accounting', 'viewer', 'publisher', 'advertiser', 'co_worker',
  'agency', 'administrator', 'affiliatemanager', 'systemoperator',
];

/** Routes that require one of these pass only for that exact role (and for systemoperator). */
export const EXACT_ROLES: readonly Role[] = ['wizard', 'analyst', 'billing', 'registered'];

/** Platform staff: not bound to a tenant, they see every advertiser and publisher. */
export const STAFF_ROLES: readonly Role[] = [
  'systemoperator', 'administrator', 'wizard', 'affiliatemanager', 'accounting', 'campaignmanager',
  'analyst', 'billing',
];

/** Roles working for advertisers (own, agency-owned or granted advertisers). */
export const ADVERTISER_SIDE: readonly Role[] = ['advertiser', 'agency', 'co_worker', 'viewer', 'dealer'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/**
 * Rank in the route hierarchy. Exact-membership roles are staff outside the ladder; they rank with the
 * lowest rung so they reach the routes every member reaches, and their own routes by exact membership.
 */
export function rank(role: Role): number {
  const index = HIERARCHY.indexOf(role);
  return index >= 0 ? index : 0;
}

/** The route check of SPEC section 6. `required` may name several roles: passing any one suffices. */
export function passesRoute(userRole: Role, required: Role | readonly Role[]): boolean {
  const list: readonly Role[] = Array.isArray(required) ? required : [required as Role];
  return list.some((needed) => {
    if (userRole === 'systemoperator') return true;
    if (EXACT_ROLES.includes(needed)) return userRole === needed;
    if (EXACT_ROLES.includes(userRole) && userRole !== 'registered') return rank(needed) === 0;
    if (userRole === 'registered') return false;
    return rank(userRole) >= rank(needed);
  });
}

/** Every role at or above `role` in the hierarchy (for access lists). */
export function atLeast(role: Role): Role[] {
  return HIERARCHY.slice(HIERARCHY.indexOf(role));
}
