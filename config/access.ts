/** Role sets that resource declarations combine into their access lists. */
import type { Role } from './roles.ts';

export const SYSOP: readonly Role[] = ['systemoperator'];
export const ADMINS: readonly Role[] = ['systemoperator', 'administrator'];
/** Staff that read every tenant's data. */
export const STAFF_READERS: readonly Role[] = [
  'systemoperator', 'administrator', 'wizard', 'affiliatemanager', 'accounting', 'campaignmanager', 'analyst', 'billing',
];
/** Advertiser-side accounts that may change their advertisers' data (a viewer may not). */
export const ADVERTISER_WRITERS: readonly Role[] = ['advertiser', 'agency', 'co_worker', 'dealer'];
export const ADVERTISER_READERS: readonly Role[] = [...ADVERTISER_WRITERS, 'viewer'];

export const union = (...sets: (readonly Role[])[]): Role[] => [...new Set(sets.flat())];

/** Data an advertiser owns and edits itself (segments, hosts, catalogs, ...); staff read all, admins recover. */
export const ADVERTISER_OWNED = {
  read: union(STAFF_READERS, ADVERTISER_READERS),
  create: union(ADMINS, ADVERTISER_WRITERS),
  update: union(ADMINS, ADVERTISER_WRITERS),
  delete: union(ADMINS, ADVERTISER_WRITERS),
  recover: ADMINS,
};
