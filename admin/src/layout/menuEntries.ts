/**
 * The menu entries of the generated entity lists, with who sees them (SPEC section 6 "Navigation
 * visibility"); the plugins add their own (plugins/<name>/ui). The main menu follows `rank`; the panel sub
 * menu (Management, Ad Tech, Admin, Sysop) is mostly the systemoperator's, with some entries for agencies,
 * co-workers and the wizard.
 */
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LayersIcon from '@mui/icons-material/Layers';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PostAddIcon from '@mui/icons-material/PostAdd';
import PublicIcon from '@mui/icons-material/Public';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { resourceByName, type Role } from '@adsuite/config';
import type { MenuEntry, MenuSection } from '../plugins/types.ts';

const SYSOP: Role[] = ['systemoperator'];
/** Panel entries SPEC also gives agencies and co-workers. */
const PARTNERS: Role[] = ['systemoperator', 'agency', 'co_worker'];
/** Panel entries SPEC also gives the wizard (videos, audios, ad tags, VAST). */
const MEDIA: Role[] = ['systemoperator', 'wizard'];

/** The list of a declared resource, labelled with its plural name unless `label` says otherwise. */
const list = (resource: string, section: MenuSection, roles: readonly Role[], extra: Partial<MenuEntry> = {}): MenuEntry => ({
  to: resourceByName[resource].routes.list,
  label: `resources.${resource}.name`,
  section,
  roles,
  ...extra,
});
const panel = (section: Exclude<MenuSection, 'main'>, roles: readonly Role[], ...resources: string[]) =>
  resources.map((resource) => list(resource, section, roles));

export const RESOURCE_MENU: MenuEntry[] = [
  list('publisher', 'main', ['publisher'], { rank: 12, icon: PublicIcon }),
  list('booking', 'main', ['dealer', 'administrator', 'advertiser', 'agency', 'viewer', 'co_worker'], { rank: 20, icon: EventNoteIcon }),
  list('bookingtemplate', 'main', ['administrator'], { rank: 30, icon: ViewQuiltIcon }),
  { to: resourceByName.bookingtemplate.routes.create, label: 'app.menu.new_template', section: 'main', roles: ['administrator'], rank: 31, icon: PostAddIcon },
  list('campaign', 'main', ['accounting'], { rank: 40, icon: CampaignIcon }),
  list('advertiser', 'main', ['wizard', 'administrator', 'systemoperator', 'affiliatemanager', 'agency', 'co_worker', 'accounting'], { rank: 50, icon: BusinessIcon }),
  list('lineitem', 'main', ['administrator'], { rank: 60, icon: LayersIcon }),
  list('wizard', 'main', ['wizard', 'systemoperator', 'affiliatemanager'], { rank: 80, label: 'app.menu.affiliate_wizard', icon: AutoAwesomeIcon }),
  list('banner', 'main', ['wizard', 'affiliatemanager'], { rank: 85, label: 'app.menu.creatives', icon: PhotoLibraryIcon }),
  list('sync-queue', 'main', SYSOP, { rank: 90, icon: SyncAltIcon }),
  list('login', 'main', SYSOP, { rank: 91, icon: ManageAccountsIcon }),

  ...panel('management', SYSOP, 'booking', 'campaign', 'bookingtemplate', 'lineitem', 'contract', 'program', 'blogpost', 'vertical', 'publisher', 'website', 'invitation', 'product', 'coupon'),
  ...panel('management', PARTNERS, 'domainlist', 'audience', 'segment', 'catalog', 'ci', 'bannertemplate'),
  list('graphic', 'management', [...PARTNERS, 'wizard']),

  { to: '/banners?bannerType=html_ad', label: 'app.menu.ad_tags', section: 'adtech', roles: MEDIA },
  ...panel('adtech', MEDIA, 'video', 'audio', 'vast'),
  ...panel('adtech', SYSOP, 'banner', 'richvideo', 'richvideotemplate', 'splitter', 'host', 'trackingcode', 'mediaplan', 'event', 'topproduct', 'optimizer'),

  ...panel('admin', SYSOP, 'campaignlog', 'accesslog', 'crr', 'transaction', 'earning', 'invoice', 'creditnote', 'couponusage'),

  ...panel('sysop', SYSOP, 'setting', 'assignment', 'channel', 'country', 'category', 'folder', 'outbox'),
];
