/** The registry of declared resources: one line per entity type. */
import type { ResourceDef } from '../resource.ts';
import accesslog from './accesslog.ts';
import advertiser from './advertiser.ts';
import assignment from './assignment.ts';
import audience from './audience.ts';
import audio from './audio.ts';
import banner from './banner.ts';
import bannertemplate from './bannertemplate.ts';
import blogpost from './blogpost.ts';
import booking from './booking.ts';
import bookingtemplate from './bookingtemplate.ts';
import campaign from './campaign.ts';
import campaignlog from './campaignlog.ts';
import catalog from './catalog.ts';
import category from './category.ts';
import channel from './channel.ts';
import ci from './ci.ts';
import contract from './contract.ts';
import country from './country.ts';
import coupon from './coupon.ts';
import couponusage from './couponusage.ts';
import creditnote from './creditnote.ts';
import crr from './crr.ts';
import domainlist from './domainlist.ts';
import event from './event.ts';
import folder from './folder.ts';
import graphic from './graphic.ts';
import host from './host.ts';
import invitation from './invitation.ts';
import invoice from './invoice.ts';
import lineitem from './lineitem.ts';
import login from './login.ts';
import mediaplan from './mediaplan.ts';
import optimizer from './optimizer.ts';
import outbox from './outbox.ts';
import payout from './payout.ts';
import placement from './placement.ts';
import product from './product.ts';
import program from './program.ts';
import publisher from './publisher.ts';
import richvideo from './richvideo.ts';
import richvideotemplate from './richvideotemplate.ts';
import segment from './segment.ts';
import setting from './setting.ts';
import splitter from './splitter.ts';
import syncQueue from './sync-queue.ts';
import topproduct from './topproduct.ts';
import trackingcode from './trackingcode.ts';
import transaction from './transaction.ts';
import earning from './earning.ts';
import vast from './vast.ts';
import vertical from './vertical.ts';
import video from './video.ts';
import website from './website.ts';
import wizard from './wizard.ts';

export const resources: ResourceDef[] = [
  accesslog,
  advertiser,
  assignment,
  audience,
  audio,
  banner,
  bannertemplate,
  blogpost,
  booking,
  bookingtemplate,
  campaign,
  campaignlog,
  catalog,
  category,
  channel,
  ci,
  contract,
  country,
  coupon,
  couponusage,
  creditnote,
  crr,
  domainlist,
  event,
  folder,
  graphic,
  host,
  invitation,
  invoice,
  lineitem,
  login,
  mediaplan,
  optimizer,
  outbox,
  payout,
  placement,
  product,
  program,
  publisher,
  richvideo,
  richvideotemplate,
  segment,
  setting,
  splitter,
  syncQueue,
  topproduct,
  trackingcode,
  transaction,
  earning,
  vast,
  vertical,
  video,
  website,
  wizard,
];

/** Without a prototype: a name from a request ('constructor', '__proto__') names no resource. */
export const resourceByName: Record<string, ResourceDef> = Object.assign(Object.create(null) as Record<string, ResourceDef>, Object.fromEntries(resources.map((r) => [r.name, r])));
