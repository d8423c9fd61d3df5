/** The registry of declared resources: one line per entity type. */
import type { ResourceDef } from '../resource.ts';
import advertiser from './advertiser.ts';
import banner from './banner.ts';
import booking from './booking.ts';
import campaign from './campaign.ts';
import campaignlog from './campaignlog.ts';
import catalog from './catalog.ts';
import coupon from './coupon.ts';
import lineitem from './lineitem.ts';
import login from './login.ts';
import publisher from './publisher.ts';
import syncQueue from './sync-queue.ts';
import vertical from './vertical.ts';
import wizard from './wizard.ts';

export const resources: ResourceDef[] = [
  advertiser,
  banner,
  booking,
  campaign,
  campaignlog,
  catalog,
  coupon,
  lineitem,
  login,
  publisher,
  syncQueue,
  vertical,
  wizard,
];

export const resourceByName: Record<string, ResourceDef> = Object.fromEntries(resources.map((r) => [r.name, r]));
